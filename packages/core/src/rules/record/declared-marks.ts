/**
 * The fact marks the flagger sets by declaration, with no record rule (rules/pattern/define-fact.ts
 * `changes` and `transactions`), compiled once per flagger for record-env.ts's memos: per table,
 * field and object class the `changes` entries it fits, as bits (an item fits an entry when its
 * table, field and class all do: the three numbers ANDed), and per transaction the marks of the facts
 * whose list holds it. Nothing per record beyond the memos' answers.
 */
import type { FlagContext } from '../../flags/flag-context.ts';
import type { TcodeListKey } from '../../lists/watchlist-table.ts';
import type { DeclaredFact, FactChange } from '../pattern/define-fact.ts';

export interface DeclaredMarks {
  /** The `changes` entries an upper-cased table, field or object class fits, as bits. */
  tableEntries(table: string): number;
  fieldEntries(field: string): number;
  classEntries(cls: string): number;
  /** The fact marks of entry bits (those an item fits). */
  marksOf(entries: number): number;
  /** The marks of the facts whose `transactions` list holds the upper-cased code. */
  tcodeMarks(tcode: string): number;
}

/** At most this many `changes` entries over all declared facts (one bit each in a 32-bit number). */
export const MAX_CHANGE_ENTRIES = 31;

export function compileDeclaredMarks(facts: readonly DeclaredFact[], ctx: Pick<FlagContext, TcodeListKey>): DeclaredMarks {
  const entries: { change: FactChange; mark: number }[] = [];
  for (const f of facts) for (const change of f.changes ?? []) entries.push({ change, mark: f.mark });
  if (entries.length > MAX_CHANGE_ENTRIES) {
    throw new Error(`The declared facts have ${entries.length} change-document entries (\`changes\`), at most ${MAX_CHANGE_ENTRIES}: merge entries of one fact (an entry takes several tables, fields and classes)`);
  }
  const fits = (pick: (c: FactChange) => readonly string[] | undefined) => (value: string) => {
    let bits = 0;
    entries.forEach((e, i) => {
      const allowed = pick(e.change);
      if (allowed === undefined || allowed.includes(value)) bits |= 1 << i;
    });
    return bits;
  };
  const transactions = facts.filter((f) => f.transactions !== undefined);
  return {
    tableEntries: fits((c) => c.tables),
    fieldEntries: fits((c) => c.fields),
    classEntries: fits((c) => c.classes),
    marksOf: (bits) => {
      let marks = 0;
      for (let m = bits; m !== 0; m &= m - 1) marks |= entries[31 - Math.clz32(m & -m)]!.mark;
      return marks;
    },
    tcodeMarks: (tcode) => transactions.reduce((marks, f) => (ctx[f.transactions!].has(tcode) ? marks | f.mark : marks), 0),
  };
}

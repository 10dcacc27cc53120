/**
 * The fact marks the flagger sets by declaration, with no record rule (rules/pattern/define-fact.ts
 * `changes`, `judge` and `transactions`), compiled once per flagger for record-env.ts's memos: per
 * table, field and object class the `changes` entries it fits, as bits (an item fits an entry when
 * its table, field and class all do: the three numbers ANDed), and per transaction the marks of the
 * facts whose list holds it. An entry of a fact with a `judge` marks an item only when the pattern
 * module's judgement, given its list, accepts it (the item's text is the judgement's answer). Nothing
 * per record beyond the memos' answers and, for the few items a judged entry fits, the judgement.
 */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { markFact, type FlagResult } from '../../flags/flag-result.ts';
import type { CompiledLists, TcodeListKey } from '../../lists/watchlist-table.ts';
import type { DeclaredFact, FactChange } from '../pattern/define-fact.ts';

export interface DeclaredMarks {
  /** The `changes` entries an upper-cased table, field or object class fits, as bits. */
  tableEntries(table: string): number;
  fieldEntries(field: string): number;
  classEntries(cls: string): number;
  /** The fact marks of entry bits (those an item fits) whose facts need no judgement. */
  marksOf(entries: number): number;
  /** Marks the item with the facts of the entries it fits (`entries`, not 0): plain ones at once, judged ones as their judgement says. */
  markItem(entries: number, rec: CanonicalRecord, out: FlagResult): void;
  /** The marks of the facts whose `transactions` list holds the upper-cased code. */
  tcodeMarks(tcode: string): number;
}

/** At most this many `changes` entries over all declared facts (one bit each in a 32-bit number). */
export const MAX_CHANGE_ENTRIES = 31;

/** The lists the declarations read: the transaction lists always, the others when a `judge` names them. */
export type DeclaredLists = Pick<CompiledLists, TcodeListKey> & Partial<CompiledLists>;

export function compileDeclaredMarks(facts: readonly DeclaredFact[], ctx: DeclaredLists): DeclaredMarks {
  const entries: { change: FactChange; fact: DeclaredFact; judge: ((rec: CanonicalRecord) => string | undefined) | undefined }[] = [];
  for (const f of facts) {
    const judge = f.judge === undefined ? undefined : judgement(f, ctx);
    for (const change of f.changes ?? []) entries.push({ change, fact: f, judge });
  }
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
  /** The entries whose fact needs a judgement, as bits. */
  const judged = entries.reduce((bits, e, i) => (e.judge === undefined ? bits : bits | (1 << i)), 0);
  const marksOf = (bits: number) => {
    let marks = 0;
    for (let m = bits & ~judged; m !== 0; m &= m - 1) marks |= entries[31 - Math.clz32(m & -m)]!.fact.mark;
    return marks;
  };
  const transactions = facts.filter((f) => f.transactions !== undefined);
  return {
    tableEntries: fits((c) => c.tables),
    fieldEntries: fits((c) => c.fields),
    classEntries: fits((c) => c.classes),
    marksOf,
    markItem: (bits, rec, out) => {
      out.marks |= marksOf(bits);
      // A judged fact is judged once per item, also when the item fits several of its entries.
      let done = 0;
      for (let m = bits & judged; m !== 0; m &= m - 1) {
        const e = entries[31 - Math.clz32(m & -m)]!;
        if (((out.marks | done) & e.fact.mark) !== 0) continue;
        done |= e.fact.mark;
        const text = e.judge!(rec);
        if (text !== undefined) markFact(out, e.fact, text);
      }
    },
    tcodeMarks: (tcode) => transactions.reduce((marks, f) => (ctx[f.transactions!].has(tcode) ? marks | f.mark : marks), 0),
  };
}

/** A fact's judgement bound to the list it names (a list the flagger lacks is a fault of the caller, said at once). */
function judgement(f: DeclaredFact, ctx: DeclaredLists): (rec: CanonicalRecord) => string | undefined {
  const judge = f.judge!;
  if (judge.list === undefined) return (rec) => judge.item(rec);
  const list = ctx[judge.list];
  if (list === undefined) throw new Error(`The fact "${f.kind}" judges its items by the list ${judge.list}, which the flagger was not given`);
  const item = judge.item as (rec: CanonicalRecord, list: unknown) => string | undefined;
  return (rec) => item(rec, list);
}

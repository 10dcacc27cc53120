/**
 * A fact a pattern needs from step 1: which records step 1 keeps for it and which columns of them.
 * The pattern module declares it (`defineFact`) and names it in its code (`collects: [FACT]`); the
 * step-1 collector (engine/parse/collect-facts.ts) keeps the records of every fact the pattern list
 * declares, as security events of the fact's kind, and ignores a fact no pattern declares.
 *
 * Which records, with no record rule: every SM20 record of the fact's `events`, every change-document
 * item that fits one of its `changes` (tables, fields, object classes), every record whose
 * transaction is on its `transactions` list, and of the items `changes` fits only those the module's
 * own `judge` accepts (a role of the sensitive-roles list assigned, with the list given to it); and
 * any record a record rule marks with `markFact(out, FACT, text)` (flags/flag-result.ts). The flagger
 * sets the marks of `changes`, `judge` and `transactions` from its memos per table, field, class and
 * transaction (rules/record/record-env.ts, declared-marks.ts); the collector looks at
 * a record's marks only when some are set (one bit test per record), and `when` then skips records
 * that do not count.
 *
 * Which columns: per record type, each column of the security event (facts/file-facts.ts
 * `SecurityEvent`: kind, user, target, terminal, peer, epoch, activity, key) is a field of the record
 * or something the collector makes (`FactColumn`), or a small function of the record; user and time
 * are always the record's. Plain data and small functions only: the rule catalogue reaches this module
 * in the web app, and a pattern module imports no value of `flags/flag-result.ts` or the model (they
 * load while the model does).
 */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import type { CompiledLists, TcodeListKey, WatchlistKey } from '../../lists/watchlist-table.ts';
import { FIRST_FACT_BIT, LAST_FACT_BIT, type FactMark } from '../../flags/fact-marks.ts';

/**
 * A column of a declared fact's security event: a field of the record (trimmed), or
 * `marked` (the text the record rule gave `markFact`), `docKey` (the change document's key),
 * `peerAddress` (the SM20 peer without its port), `recordText` (the record's activity text, as the
 * other security events carry it); '' or absent for an empty column.
 */
export type FactColumn = 'user' | 'tcode' | 'terminal' | 'var1' | 'var2' | 'var3' | 'objectclas' | 'objectid' | 'tabname' | 'fname' | 'marked' | 'docKey' | 'peerAddress' | 'recordText' | '';

/** A column as a function of the record and the text its rule marked (for a value no field holds as it is). */
export type FactColumnOf = (rec: CanonicalRecord, marked: string) => string;

/** The columns a fact keeps of one record type; `when` (optional) skips records that do not count. */
export interface FactRecordColumns {
  target?: FactColumn | FactColumnOf;
  terminal?: FactColumn | FactColumnOf;
  peer?: FactColumn | FactColumnOf;
  activity?: FactColumn | FactColumnOf;
  key?: FactColumn | FactColumnOf;
  when?: (rec: CanonicalRecord) => boolean;
}

/** The record types a fact can come from (tickets carry none). */
export type FactRecordType = 'SM20' | 'CDHDR' | 'CDPOS';

/**
 * Change-document items (CDPOS, joined or not) that are a fact: those of `tables`, of `fields` and of
 * object classes `classes` (upper case; each left out: any). An item fits when all three do.
 */
export interface FactChange {
  tables?: readonly string[];
  fields?: readonly string[];
  classes?: readonly string[];
}

/**
 * What the declaration alone cannot tell of a change-document item, judged by the pattern module:
 * `item` runs for each item that fits the fact's `changes` (and for no other record), given the
 * analysis's compiled list `list` (a key of the lists table, `FlagContext`'s lookup), and answers the
 * fact's `marked` text, or undefined when the item is not the fact (a role not on the list, a
 * validity change that does not make the assignment valid again). Without `list`, `item` reads the
 * record alone. A small pure function of the record: it runs in the flagger, in step 1 and in the
 * report step alike.
 */
export type FactJudge =
  | { [L in WatchlistKey]: { list: L; item(rec: CanonicalRecord, list: CompiledLists[L]): string | undefined } }[WatchlistKey]
  | { list?: undefined; item(rec: CanonicalRecord): string | undefined };

/** A list of transaction codes of the analysis: a line of the lists table whose ID column is TCODE (`paymentTcodes`). */
export type TransactionList = TcodeListKey;

export interface FactSpec<K extends string> {
  /** Its security event kind (a word, stored in the facts' kind dictionary). */
  kind: K;
  /** What a record of this kind is, in words (docs/contributing.md). */
  about: string;
  /** SM20 events whose every record is this fact (the collector looks them up with the event's other facts). */
  events?: readonly string[];
  /** Change-document items that are this fact (an item fitting any entry; CDPOS must be among `records`). */
  changes?: readonly FactChange[];
  /** With `changes`: the items fitting them are this fact only when the module's judgement says so (`FactJudge`). */
  judge?: FactJudge;
  /**
   * Records whose transaction is on this list (SM20 TCODE or the transaction AU3 started, a change
   * document's TCODE): the transaction is the fact's `marked` text.
   */
  transactions?: TransactionList;
  /** Per record type, the columns kept; a record type not named keeps nothing, even when marked. */
  records: Partial<Record<FactRecordType, FactRecordColumns>>;
}

/** A declared fact: its spec and its mark (a bit of FlagResult.marks, given in declaration order). */
export interface DeclaredFact<K extends string = string> extends FactSpec<K>, FactMark {}

let nextBit = FIRST_FACT_BIT;

/**
 * Declares a fact: its mark bit is the next free one. At most LAST_FACT_BIT - FIRST_FACT_BIT + 1 (27)
 * facts: step 1 keeps an SM20 event's declared marks shifted above its own four bits in one 32-bit
 * number (engine/parse/collect-facts.ts `EVENT_FACTS`), so the limit is the number's width, and a
 * 28th declaration throws when the pattern list loads (any test, the CLI and the service fail at once).
 */
export function defineFact<const K extends string>(spec: FactSpec<K>): DeclaredFact<K> {
  if (spec.judge !== undefined && (spec.changes === undefined || spec.changes.length === 0)) {
    throw new Error(`The fact "${spec.kind}" has a \`judge\` but no \`changes\`: the judgement runs only on the change-document items its \`changes\` entries fit`);
  }
  if (nextBit > LAST_FACT_BIT) {
    throw new Error(
      `Too many declared facts: "${spec.kind}" would be fact ${nextBit - FIRST_FACT_BIT + 1}, and at most ${LAST_FACT_BIT - FIRST_FACT_BIT + 1} fit the mark bits (FlagResult.marks, flags/fact-marks.ts). ` +
        'Let one fact serve several patterns (a pattern may read another\'s fact), or widen the marks (docs/contributing.md, "A fact").',
    );
  }
  const bit = nextBit++;
  return { ...spec, bit, mark: 1 << bit };
}

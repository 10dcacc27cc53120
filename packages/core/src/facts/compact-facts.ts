import type { FileType } from '../model/index.ts';
import { asStrColumn, DictColumn, PackedColumn, StridedColumn, type StrColumn } from './columns.ts';
import { toEpoch, type Activity, type FailedLogon, type FileFacts, type SecurityEvent } from './file-facts.ts';

/** Numbers column; NaN stands for null (tickets without a time). */
export type NumColumn = ArrayLike<number>;

/** Lists of strings (ticket users) as lengths and one flat column. */
export interface StrLists {
  lens: ArrayLike<number>;
  flat: StrColumn;
}

export interface CompactDocs {
  classes: StrColumn;
  ids: StrColumn;
  changenrs: StrColumn;
  users: StrColumn;
  dates: StrColumn;
  times: StrColumn;
  tcodes: StrColumn;
  flagged: NumColumn;
}

/**
 * FileFacts as the correlation step reads them: the same content, column by column, with
 * compact string columns (columns.ts) and typed numbers instead of a string or tuple per row.
 * Small lists (SM20 event kinds that are rare) stay tuples.
 */
export interface CompactFacts {
  index: number;
  fileName: string;
  fileType: FileType;
  joined: boolean;
  records: number;
  volume: { docKeys: StrColumn; docNumbers: StrLists; eventKeys: StrColumn; eventCounts: NumColumn };
  sm20Changes: { users: StrColumn; times: NumColumn; events: StrColumn; tcodes: StrColumn; flagged: NumColumn };
  debuggerChanges: Activity[];
  tableChanges: Activity[];
  failedLogons: FailedLogon[];
  securityEvents: SecurityEvent[];
  logons: FailedLogon[];
  /**
   * Every successful logon of an SM20 file, compactly, one log per byte range (rules/pattern/logon-log.ts
   * LogonLog; read by correlation, never by step 1).
   */
  logonLogs?: { users: string[]; addresses: string[]; user: number[]; address: number[]; peer: number[]; time: number[] }[];
  userAdmin: [user: string, target: string, epoch: number, activity: string][];
  docs: CompactDocs;
  itemKeys: { keys: StrColumn; counts: NumColumn };
  sensitiveItemKeys: { keys: StrColumn; details: StrColumn };
  afterHoursSensitive: { users: StrColumn; times: NumColumn; activities: StrColumn };
  tickets: { n: number; users: StrLists; texts: StrColumn; starts: NumColumn; ends: NumColumn };
}

interface Rows {
  n: number;
  cols: unknown[];
}

const EMPTY_NUMS = new Float64Array(0);

/** Rows from a compact decode ({n, cols}, or string tuples as {lens, flat}) or from plain tuples. */
function asRows(v: unknown): Rows {
  if (v === undefined || v === null) return { n: 0, cols: [] };
  if (typeof v === 'object' && 'lens' in v) {
    const { lens, flat } = v as { lens: ArrayLike<number>; flat: unknown };
    const arity = lens.length > 0 ? lens[0]! : 0;
    let same = true;
    for (let i = 0; i < lens.length && same; i++) same = lens[i] === arity;
    const col = asStrColumn(flat);
    if (same) return { n: lens.length, cols: Array.from({ length: arity }, (_, c) => new StridedColumn(col, arity, c)) };
    const tuples: string[][] = [];
    for (let i = 0, at = 0; i < lens.length; at += lens[i]!, i++) tuples.push(Array.from({ length: lens[i]! }, (_, k) => col.get(at + k)));
    return asRows(tuples);
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return { n: 0, cols: [] };
    const arity = (v[0] as unknown[]).length;
    return { n: v.length, cols: Array.from({ length: arity }, (_, c) => v.map((r: unknown[]) => r[c])) };
  }
  return v as Rows;
}

function asNums(v: unknown): NumColumn {
  if (v === undefined || v === null) return EMPTY_NUMS;
  if (Array.isArray(v)) return Float64Array.from(v as (number | null)[], (x) => (x === null ? Number.NaN : x));
  return v as NumColumn;
}

function asLists(v: unknown): StrLists {
  if (v === undefined || v === null) return { lens: EMPTY_NUMS, flat: asStrColumn(undefined) };
  if (Array.isArray(v)) {
    const lists = v as string[][];
    return { lens: lists.map((l) => l.length), flat: asStrColumn(lists.flat()) };
  }
  const l = v as { lens: ArrayLike<number>; flat: unknown };
  return { lens: l.lens, flat: asStrColumn(l.flat) };
}

function asTuples<T>(v: unknown): T[] {
  const rows = asRows(v);
  const out: unknown[][] = [];
  const cols = rows.cols.map((c) => (Array.isArray(c) || ArrayBuffer.isView(c) ? (c as ArrayLike<unknown>) : asStrColumn(c)));
  for (let i = 0; i < rows.n; i++) out.push(cols.map((c) => ('get' in c ? (c as StrColumn).get(i) : (c as ArrayLike<unknown>)[i])));
  return out as T[];
}

/**
 * CompactFacts from what the facts codec's compact mode decoded, or from plain FileFacts
 * (tests, and callers holding facts in memory).
 */
export function toCompactFacts(f: FileFacts | Record<string, unknown>): CompactFacts {
  const raw = f as Record<string, unknown>;
  const volume = (raw.volume ?? {}) as Record<string, unknown>;
  const documents = asRows(volume.documents);
  const events = asRows(volume.events);
  const sm20 = (raw.sm20Changes ?? {}) as Record<string, unknown>;
  const docs = (raw.docs ?? {}) as Record<string, unknown>;
  const itemKeys = asRows(raw.itemKeys);
  const sensitive = asRows(raw.sensitiveItemKeys);
  const afterHours = asRows(raw.afterHoursSensitive);
  const tickets = asRows(raw.tickets);
  return {
    index: raw.index as number,
    fileName: raw.fileName as string,
    fileType: raw.fileType as FileType,
    joined: raw.joined as boolean,
    records: raw.records as number,
    volume: { docKeys: asStrColumn(documents.cols[0]), docNumbers: asLists(documents.cols[1]), eventKeys: asStrColumn(events.cols[0]), eventCounts: asNums(events.cols[1]) },
    sm20Changes: { users: asStrColumn(sm20.users), times: asNums(sm20.times), events: asStrColumn(sm20.events), tcodes: asStrColumn(sm20.tcodes), flagged: asNums(sm20.flagged) },
    debuggerChanges: asTuples(raw.debuggerChanges),
    tableChanges: asTuples(raw.tableChanges),
    failedLogons: asTuples(raw.failedLogons),
    securityEvents: asTuples(raw.securityEvents),
    logons: asTuples(raw.logons),
    userAdmin: asTuples(raw.userAdmin),
    docs: {
      classes: asStrColumn(docs.classes),
      ids: asStrColumn(docs.ids),
      changenrs: asStrColumn(docs.changenrs),
      users: asStrColumn(docs.users),
      dates: asStrColumn(docs.dates),
      times: asStrColumn(docs.times),
      tcodes: asStrColumn(docs.tcodes),
      flagged: asNums(docs.flagged),
    },
    itemKeys: { keys: asStrColumn(itemKeys.cols[0]), counts: asNums(itemKeys.cols[1]) },
    sensitiveItemKeys: { keys: asStrColumn(sensitive.cols[0]), details: asStrColumn(sensitive.cols[1]) },
    afterHoursSensitive: { users: asStrColumn(afterHours.cols[0]), times: asNums(afterHours.cols[1]), activities: asStrColumn(afterHours.cols[2]) },
    tickets: { n: tickets.n, users: asLists(tickets.cols[1]), texts: asStrColumn(tickets.cols[2]), starts: asNums(tickets.cols[3]), ends: asNums(tickets.cols[4]) },
  };
}

/** toEpoch(date, time) of each row (NaN where undefined), day starts computed once per distinct date. */
export function epochsOf(dates: StrColumn, times: StrColumn): Float64Array {
  const n = dates.length;
  const out = new Float64Array(n);
  let dayOf: (i: number) => number;
  if (dates instanceof DictColumn) {
    const days = Float64Array.from(dates.dict, (d) => toEpoch(d, '') ?? Number.NaN);
    const ids = dates.ids;
    dayOf = (i) => days[ids[i]!]!;
  } else dayOf = (i) => toEpoch(dates.get(i), '') ?? Number.NaN;
  const digit = (c: number) => c - 48;
  if (times instanceof PackedColumn && times.ascii) {
    const b = times.bytes;
    for (let i = 0; i < n; i++) {
      const day = dayOf(i);
      const at = times.start(i);
      if (times.end(i) - at < 8) out[i] = day;
      else out[i] = day + (digit(b[at]!) * 10 + digit(b[at + 1]!)) * 3600 + (digit(b[at + 3]!) * 10 + digit(b[at + 4]!)) * 60 + digit(b[at + 6]!) * 10 + digit(b[at + 7]!);
    }
  } else if (times instanceof DictColumn) {
    // Seconds of the day once per distinct time, as toEpoch reads them (whole integers: the sum is exact).
    const seconds = Float64Array.from(times.dict, (t) => toEpoch('1970-01-01', t)!);
    const ids = times.ids;
    for (let i = 0; i < n; i++) out[i] = dayOf(i) + seconds[ids[i]!]!;
  } else {
    for (let i = 0; i < n; i++) {
      const day = dayOf(i);
      out[i] = Number.isNaN(day) ? day : (toEpoch(dates.get(i), times.get(i)) ?? Number.NaN);
    }
  }
  return out;
}

import type { FileType } from '../model/index.ts';
import type { SecurityKind } from '../flags/security-kinds.ts';

/** Seconds since 1970 of a naive local "YYYY-MM-DD" + "HH:MM:SS" (records carry no zone). */
const dayStarts = new Map<string, number>();
let lastDay = '';
let lastDayStart: number | undefined;
const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

export function toEpoch(isoDate: string, time: string): number | undefined {
  if (isoDate.length !== 10) return undefined;
  // Records come in runs of one day: the last day's start without a lookup.
  let day = isoDate === lastDay ? lastDayStart : dayStarts.get(isoDate);
  if (day === undefined) {
    const ms = Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10));
    if (Number.isNaN(ms)) return undefined;
    if (dayStarts.size > 100_000) dayStarts.clear();
    dayStarts.set(isoDate, (day = ms / 1000));
  }
  lastDay = isoDate;
  lastDayStart = day;
  if (time.length < 8) return day;
  return day + (digit(time, 0) * 10 + digit(time, 1)) * 3600 + (digit(time, 3) * 10 + digit(time, 4)) * 60 + digit(time, 6) * 10 + digit(time, 7);
}

export function formatEpoch(epoch: number): string {
  return new Date(epoch * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** [user, epoch, activity text] */
export type Activity = [user: string, epoch: number, activity: string];

/** A change document header (CDHDR row, or the header part of a joined CDPOS export). */
export type ChangeDoc = [objectclas: string, objectid: string, changenr: string, user: string, date: string, time: string, tcode: string, flagged: 0 | 1];

/** Change document headers column by column (one array per field: far fewer objects than a tuple per row). */
export interface DocColumns {
  classes: string[];
  ids: string[];
  changenrs: string[];
  users: string[];
  dates: string[];
  times: string[];
  tcodes: string[];
  flagged: number[];
}

export function emptyDocColumns(): DocColumns {
  return { classes: [], ids: [], changenrs: [], users: [], dates: [], times: [], tcodes: [], flagged: [] };
}

export function docAt(d: DocColumns, i: number): ChangeDoc {
  return [d.classes[i]!, d.ids[i]!, d.changenrs[i]!, d.users[i]!, d.dates[i]!, d.times[i]!, d.tcodes[i]!, d.flagged[i] ? 1 : 0];
}

/** SM20 change records column by column; the activity text is "<event> <tcode>". */
export interface Sm20ChangeColumns {
  users: string[];
  times: number[];
  events: string[];
  tcodes: string[];
  flagged: number[];
}

/** [user, terminal, epoch, peer address] of a failed logon; older facts have no peer. */
export type FailedLogon = [user: string, terminal: string, epoch: number, peer?: string];

/**
 * A record a pattern reads: `kind` is one of the collector's own kinds (flags/security-kinds.ts) or
 * the kind of a fact a pattern module declares (rules/pattern/define-fact.ts; the closed union of
 * both is rules' `SecurityEventKind`): the store keeps it as a word. `key` is the change document's
 * key (docKey) when the record is one.
 */
export type SecurityEvent = [kind: SecurityKind | (string & {}), user: string, target: string, terminal: string, peer: string, epoch: number, activity: string, key: string];

/** A ticket as correlation needs it; users and text upper-cased. */
export type TicketFact = [id: string, users: string[], text: string, start: number | null, end: number | null];

/**
 * The compact facts pass 1 keeps of one file (workspace `facts/<index>.json`), enough to
 * correlate without re-reading the file. Sizes grow with change activity, not with all rows.
 */
export interface FileFacts {
  index: number;
  fileName: string;
  fileType: FileType;
  columns: string[];
  canonical: Partial<Record<string, number>>;
  joined: boolean;
  records: number;
  /**
   * SM20 successful logons (AU1 AU5) of a file step 1 read as delimited text: where each one's row
   * lies in the source (byte offset and length, in file order). Correlation reads their cells there
   * (engine/correlate/logon-rows.ts); `logons` then holds none. Absent in older facts.
   */
  logonRows?: { starts: number[]; lengths: number[] };
  /** ChangeVolumeCounter.toJSON() of this file. */
  volume: { documents: [string, string[]][]; events: [string, number][] };
  /** SM20 change records (change events and records with DEBUG/TABLE_MAINT/HIGH_RISK flags); flagged = any flag. */
  sm20Changes: Sm20ChangeColumns;
  /** SM20 CUL (debugger field change). */
  debuggerChanges: Activity[];
  /** SM20 DU9/CUZ with a change activity. */
  tableChanges: Activity[];
  /** SM20 failed logons (AU2 AU6 AUO BU1; for BU1 the user is the second variable): [user, terminal, epoch, peer]. */
  failedLogons: FailedLogon[];
  /** Records the v2 patterns read (SecurityEvent kinds; the pattern modules of rules/pattern/ read them). */
  securityEvents: SecurityEvent[];
  /** SM20 successful logons (AU1 AU5): [user, terminal, epoch, peer] (many: kept as compact as failed logons). */
  logons: FailedLogon[];
  /** SM20 AU7/AUB/AUD: [user, target user, epoch, activity]. */
  userAdmin: [user: string, target: string, epoch: number, activity: string][];
  /** CDHDR rows, or distinct headers of a joined CDPOS file. */
  docs: DocColumns;
  /**
   * Non-joined CDPOS: item count per header key, and keys of items with sensitive flags (timing comes
   * from the header). Step 1 keeps runs of adjacent items, so a key may come again: counts add up, the first detail counts.
   */
  itemKeys: [key: string, count: number][];
  /** Per key, the first sensitive item's detail (its table-field and transaction: see sm20-activity.ts itemActivity). */
  sensitiveItemKeys: [key: string, detail: string][];
  /** Records with SENSITIVE_OBJECT/FIELD and CHANGE_TIMING already known in this file. */
  afterHoursSensitive: Activity[];
  tickets: TicketFact[];
}

/** Join key of a change document: OBJECTCLAS, OBJECTID, CHANGENR. */
export const DOC_KEY_SEPARATOR = '\u0001';

export function docKey(objectclas: string, objectid: string, changenr: string): string {
  return `${objectclas}${DOC_KEY_SEPARATOR}${objectid}${DOC_KEY_SEPARATOR}${changenr}`;
}

/** The text of a change document (engine/sm20-activity.ts describeChangeDoc) from a document's class, id and number and the detail after them. */
export function changeDocActivity(objectclas: string, objectid: string, changenr: string, detail: string): string {
  const parts = [`${objectclas} ${objectid}`.trim(), changenr && `no. ${changenr}`, detail];
  return `Change document ${parts.filter(Boolean).join(' ')}`;
}

/** The text of a non-joined CDPOS item from its header key (docKey) and its detail. */
export function itemActivity(key: string, detail: string): string {
  const [objectclas = '', objectid = '', changenr = ''] = key.split(DOC_KEY_SEPARATOR);
  return changeDocActivity(objectclas, objectid, changenr, detail);
}

/** Every key of FileFacts (the compiler checks the list is complete). */
const FACTS_KEY_SET: Record<keyof FileFacts, true> = {
  index: true, fileName: true, fileType: true, columns: true, canonical: true, joined: true, records: true, logonRows: true, volume: true, sm20Changes: true,
  debuggerChanges: true, tableChanges: true, failedLogons: true, securityEvents: true, logons: true, userAdmin: true, docs: true, itemKeys: true, sensitiveItemKeys: true, afterHoursSensitive: true, tickets: true,
};
export const FILE_FACTS_KEYS = Object.keys(FACTS_KEY_SET) as (keyof FileFacts)[];

import type { FileType } from '../model/index.ts';

/** Seconds since 1970 of a naive local "YYYY-MM-DD" + "HH:MM:SS" (records carry no zone). */
export function toEpoch(isoDate: string, time: string): number | undefined {
  if (isoDate.length !== 10) return undefined;
  const t = time.length >= 8 ? time : '00:00:00';
  const ms = Date.UTC(+isoDate.slice(0, 4), +isoDate.slice(5, 7) - 1, +isoDate.slice(8, 10), +t.slice(0, 2), +t.slice(3, 5), +t.slice(6, 8));
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

export function formatEpoch(epoch: number): string {
  return new Date(epoch * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** [user, epoch, activity text] */
export type Activity = [user: string, epoch: number, activity: string];

/** A change document header (CDHDR row, or the header part of a joined CDPOS export). */
export type ChangeDoc = [objectclas: string, objectid: string, changenr: string, user: string, date: string, time: string, tcode: string, flagged: 0 | 1];

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
  /** ChangeVolumeCounter.toJSON() of this file. */
  volume: { documents: [string, string[]][]; events: [string, number][] };
  /** SM20 change records (change events and records with DEBUG/TABLE_MAINT/HIGH_RISK flags); flagged = any flag. */
  sm20Changes: [user: string, epoch: number, activity: string, flagged: 0 | 1][];
  /** SM20 CUL (debugger field change). */
  debuggerChanges: Activity[];
  /** SM20 DU9/CUZ with a change activity. */
  tableChanges: Activity[];
  /** SM20 AU2: [user, terminal, epoch]. */
  failedLogons: [user: string, terminal: string, epoch: number][];
  /** SM20 AU7/AUB/AUD: [user, target user, epoch, activity]. */
  userAdmin: [user: string, target: string, epoch: number, activity: string][];
  /** CDHDR rows, or distinct headers of a joined CDPOS file. */
  docs: ChangeDoc[];
  /** Non-joined CDPOS: item count per header key, and keys of items with sensitive flags (timing comes from the header). */
  itemKeys: [key: string, count: number][];
  sensitiveItemKeys: [key: string, activity: string][];
  /** Records with SENSITIVE_OBJECT/FIELD and CHANGE_TIMING already known in this file. */
  afterHoursSensitive: Activity[];
  tickets: TicketFact[];
}

/** Join key of a change document: OBJECTCLAS, OBJECTID, CHANGENR. */
export function docKey(objectclas: string, objectid: string, changenr: string): string {
  return `${objectclas}\u0001${objectid}\u0001${changenr}`;
}

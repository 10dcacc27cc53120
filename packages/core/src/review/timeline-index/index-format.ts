/**
 * The per-user timeline index (`timeline-index.bin`, beside results.csv), written by the report
 * step and read a page at a time by the timeline route.
 *
 * Layout: a 16-byte preamble (`MAGIC`, then the byte length of the meta JSON as u32, then 4 zero
 * bytes), the meta JSON (`TimelineIndexMeta`), the users' directories (JSON each, located by the
 * meta), then fixed 24-byte entries (`ENTRY_BYTES`, little-endian). Entries are
 * grouped per user and kind (`RUN_KINDS`), each group in time order (items: per change document),
 * so a page of one user reads a handful of byte ranges whatever the size of the analysis.
 */
import type { DateOrder } from '../../formats/types.ts';
import type { FileType } from '../../model/index.ts';

export const MAGIC = 'SSATLX01';
export const PREAMBLE_BYTES = 16;
export const ENTRY_BYTES = 24;
/** The whole meta is read with the preamble when it fits in this many bytes (one read). */
export const FIRST_READ_BYTES = 64 * 1024;

/** Kinds of index entries: the record types of the timeline, and CDPOS items of a user's change documents. */
export const RUN_KINDS = ['SM20', 'CDHDR', 'CDPOS', 'TICKETS', 'ITEM'] as const;
export type RunKind = (typeof RUN_KINDS)[number];
export const KIND_ITEM = 4;
export const KIND_TICKETS = 3;

/** Bit of an entry's length word: the record has a flag (items: shown before unflagged ones). */
export const FLAGGED_BIT = 0x8000_0000;
export const LENGTH_MASK = 0x7fff_ffff;

/** Days since 1970-01-01 of an entry time; -1 for an unknown time (time 0). */
export const dayOf = (time: number): number => (time === 0 ? -1 : Math.floor(time / 86_400));

/**
 * One user's part of the index. `runs[kind]` = [first entry, count]; `days[kind]` = [day, count]
 * pairs in day order (the run's entries of each day are consecutive).
 */
export interface UserDirectory {
  runs: Partial<Record<RunKind, [number, number]>>;
  days: Partial<Record<RunKind, [number, number][]>>;
}

export interface TimelineIndexMeta {
  version: 1;
  /** Columns of results.csv, as written (rows are read by header name). */
  header: string[];
  /** Date order of each source file (SOURCE_FILE), for cells the index does not hold (a ticket's close time). */
  dateOrders: Record<string, DateOrder>;
  fileTypes: Record<string, FileType>;
  entries: number;
  /** Byte offset of entry 0, counted (as the directories' offsets) from the end of the meta. */
  entriesAt: number;
  /** Upper-case user ids in code-point order with their directory: [user, byte offset from the end of the meta, byte length]. */
  users: [string, number, number][];
  /** Records written to results.csv when the index was built. */
  records: number;
}

/** One decoded entry. `a`/`b`: for a change document header, its items' first entry and count. */
export interface IndexEntry {
  /** Seconds since 1970 of the record's wall-clock time read as UTC; 0 when unknown. */
  time: number;
  offset: number;
  length: number;
  flagged: boolean;
  a: number;
  b: number;
}

export function readEntry(view: DataView, at: number): IndexEntry {
  const word = view.getUint32(at + 4, true);
  return {
    time: view.getUint32(at, true),
    length: word & LENGTH_MASK,
    flagged: (word & FLAGGED_BIT) !== 0,
    offset: view.getFloat64(at + 8, true),
    a: view.getUint32(at + 16, true),
    b: view.getUint32(at + 20, true),
  };
}

export function writeEntry(view: DataView, at: number, time: number, offset: number, length: number, flagged: boolean, a: number, b: number): void {
  view.setUint32(at, time, true);
  view.setUint32(at + 4, (length & LENGTH_MASK) | (flagged ? FLAGGED_BIT : 0), true);
  view.setFloat64(at + 8, offset, true);
  view.setUint32(at + 16, a, true);
  view.setUint32(at + 20, b, true);
}

/** "YYYY-MM-DD HH:MM:SS" of an entry time ('' when unknown). */
export function timeText(time: number): string {
  if (time === 0) return '';
  return new Date(time * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Entry time of "YYYY-MM-DD" and "HH:MM:SS" (0 when the date is missing or outside 1970–2105). */
export function timeKey(date: string, time: string): number {
  if (date.length < 10) return 0;
  const ms = Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10), +(time.slice(0, 2) || 0), +(time.slice(3, 5) || 0), +(time.slice(6, 8) || 0));
  const s = ms / 1000;
  return Number.isFinite(s) && s > 0 && s < 2 ** 32 ? s : 0;
}

/** "YYYY-MM-DD" of a day number ('unknown' for -1), as the timeline's day filter names days. */
export const dayText = (day: number): string => (day < 0 ? 'unknown' : new Date(day * 86_400_000).toISOString().slice(0, 10));

/**
 * The date and time cells of a file as the outputs show them: ISO dates 'YYYY-MM-DD', times
 * 'HH:MM:SS' and date-times 'YYYY-MM-DD HH:MM:SS', which the workbook writes as Excel dates
 * (report/typed-cells.ts). A workbook's serials (45721, 0.4375) are dates and times, not numbers.
 */
import type { FileFacts } from '../../facts/index.ts';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { normaliseDate, normaliseTime } from '../../formats/dates.ts';
import type { DateOrder } from '../../formats/types.ts';
import { temporalStyle } from '../../report/typed-cells.ts';

/** Canonical columns holding a date, a time, or (tickets) a date and time. */
export const DATE_NAMES: ReadonlySet<string> = new Set(['DATE', 'UDATE']);
export const TIME_NAMES: ReadonlySet<string> = new Set(['TIME', 'UTIME']);
export const DATE_TIME_NAMES: ReadonlySet<string> = new Set(['REQUEST_TIME', 'CLOSE_TIME']);

export function isTemporalName(name: string): boolean {
  return DATE_NAMES.has(name) || TIME_NAMES.has(name) || DATE_TIME_NAMES.has(name);
}

/** Where one file's date and time cells are (-1: none). */
export interface TemporalColumns {
  /** The column flagging reads the record's date from, and its time (the same column for a timestamp). */
  date: number;
  time: number;
  /** The date column holds the time as well (no time column of its own, or the same one: SLGDATTIM, "Timestamp"). */
  timestamp: boolean;
  /** Ticket date-time columns (tickets are not normalised by flagging). */
  dateTimes: number[];
}

export function temporalColumnsOf(facts: Pick<FileFacts, 'fileType' | 'canonical' | 'joined'>): TemporalColumns {
  const c = facts.canonical;
  // CDPOS items without header fields take their date from the header (not a cell of theirs).
  const own = facts.fileType !== 'TICKETS' && (facts.fileType !== 'CDPOS' || facts.joined);
  const date = own ? (c.DATE ?? c.UDATE ?? -1) : -1;
  const time = own ? (c.TIME ?? c.UTIME ?? -1) : -1;
  return {
    date,
    time,
    timestamp: date >= 0 && (time < 0 || time === date),
    dateTimes: facts.fileType === 'TICKETS' ? [c.REQUEST_TIME, c.CLOSE_TIME].filter((i): i is number => i !== undefined) : [],
  };
}

/** The record's date cell as ISO (a timestamp column: date and time), or the raw cell when flagging could not read it. */
export function recordDateCell(raw: string, rec: CanonicalRecord, timestamp: boolean): string {
  if (rec.date === '') return raw;
  return timestamp && rec.time !== '' ? `${rec.date} ${rec.time}` : rec.date;
}

/** The record's time cell as 'HH:MM:SS', or the raw cell (an empty one stays empty: the record's time came from its date cell). */
export function recordTimeCell(raw: string, rec: CanonicalRecord): string {
  return rec.time === '' || raw === '' ? raw : rec.time;
}

const SERIAL = /^(\d{1,7})(\.\d+)?$/;

/**
 * A ticket's date-time cell as ISO ('YYYY-MM-DD HH:MM:SS', or 'YYYY-MM-DD' without a time), or the
 * raw cell when it is no date. Workbook serials: whole days plus the fraction of a day.
 * @example isoDateTime('18.11.2026 10:00', 'DMY', false) // '2026-11-18 10:00:00'
 */
export function isoDateTime(raw: string, order: DateOrder, fromExcel: boolean): string {
  if (raw === '' || temporalStyle(raw) !== 0) return raw;
  const serial = fromExcel ? SERIAL.exec(raw) : null;
  const date = normaliseDate(serial ? serial[1]! : raw, order);
  if (!date) return raw;
  const time = serial ? (serial[2] ? normaliseTime(`0${serial[2]}`) : undefined) : raw.includes(':') ? normaliseTime(raw) : undefined;
  return time ? `${date} ${time}` : date;
}

/**
 * One user's activity across all files of an analysis, in time order (issue 17): SM20 events,
 * change documents with their items, tickets naming the user, and the user's patterns, with
 * flags and patterns marked in place. Built in one pass over the analysis's combined CSV
 * (results.csv: FILE_TYPE, SOURCE_FILE, the original columns, the canonical columns, the flag
 * columns), whose rows come in file-type order, so change headers are seen before their items.
 */
import { CsvSplitter } from '../formats/csv-splitter.ts';
import { decideDateOrder } from '../formats/dates.ts';
import type { DateOrder } from '../formats/types.ts';
import { FLAG_KEYS, type FileType, type SuspiciousPattern } from '../model/index.ts';
import { patternUserKey } from '../model/pattern-fields.ts';
import { patternRule } from './rule-ref.ts';
import { recordTime } from './record-fields.ts';
import { cellsOf, columnIndex, namesUser, summaryOf, type ColumnIndex } from './timeline-rows.ts';

/** Entries kept per user; a busier user's timeline says it was cut. */
export const MAX_TIMELINE_ENTRIES = 20_000;
/** Items kept per change document. */
export const MAX_ITEMS_PER_DOCUMENT = 50;
const DATE_SAMPLES = 200;

export type TimelineType = FileType | 'PATTERN';

export interface TimelineEntry {
  time: string;
  type: TimelineType;
  file: string;
  summary: string;
  flags: { flag: string; reason: string }[];
  /** Rule ids of the user's patterns at this time. */
  patterns: string[];
  /** The record's non-empty cells. */
  record: Record<string, string>;
  items?: Record<string, string>[];
  itemCount?: number;
  /** Tickets: the close time (the ticket covers request time … close time). */
  until?: string;
}

export interface UserTimeline {
  user: string;
  entries: TimelineEntry[];
  truncated: boolean;
  scannedRecords: number;
}

interface Pending {
  entry: TimelineEntry;
  date: string;
  timeCell: string;
  closeCell?: string;
}

/**
 * @example await buildUserTimeline(blobs.read(outputs.csv), 'ALICE', report.suspicious_patterns)
 */
export async function buildUserTimeline(csv: AsyncIterable<Uint8Array>, userId: string, patterns: readonly SuspiciousPattern[], cap = MAX_TIMELINE_ENTRIES): Promise<UserTimeline> {
  const user = patternUserKey(userId);
  const splitter = new CsvSplitter({ delimiter: ',' });
  const decoder = new TextDecoder();
  let header: string[] | undefined;
  let cols: ColumnIndex | undefined;
  let flagAt: number[] = [];
  const pending: Pending[] = [];
  const documents = new Map<string, TimelineEntry>();
  const dates = new Map<string, string[]>();
  let scanned = 0;
  let truncated = false;

  const take = (row: string[]) => {
    if (!header) {
      header = row;
      cols = columnIndex(row);
      flagAt = FLAG_KEYS.map((k) => row.indexOf(k));
      return;
    }
    scanned++;
    const type = row[0] as FileType;
    const c = cols![type];
    if (!c) return;
    const file = row[1] ?? '';
    const get = (name: string) => {
      for (const i of c[name] ?? []) if (row[i]) return row[i]!.trim();
      return '';
    };
    const date = get('DATE') || get('UDATE') || get('REQUEST_TIME');
    const seen = dates.get(file) ?? [];
    if (date && seen.length < DATE_SAMPLES) dates.set(file, [...seen, date]);
    const docKey = () => `${get('OBJECTCLAS')}|${get('OBJECTID')}|${get('CHANGENR')}`;
    if (type === 'CDPOS' && !get('USERNAME')) {
      const doc = documents.get(docKey());
      if (doc) {
        doc.itemCount = (doc.itemCount ?? 0) + 1;
        if (doc.items!.length < MAX_ITEMS_PER_DOCUMENT) doc.items!.push(cellsOf(header, row));
        for (const f of flagsOf(row)) if (!doc.flags.some((x) => x.flag === f.flag && x.reason === f.reason)) doc.flags.push(f);
      }
      return;
    }
    const acting = (type === 'SM20' ? get('USER') : type === 'TICKETS' ? '' : get('USERNAME')).toUpperCase();
    const mine = type === 'TICKETS' ? [get('USER'), get('TITLE'), get('DESCRIPTION')].some((t) => t && namesUser(t, user)) : acting === user;
    if (!mine) return;
    if (pending.length >= cap) {
      truncated = true;
      return;
    }
    const entry: TimelineEntry = { time: '', type, file, summary: summaryOf(type, get), flags: flagsOf(row), patterns: [], record: cellsOf(header, row) };
    if (type === 'CDHDR') {
      entry.items = [];
      entry.itemCount = 0;
      documents.set(docKey(), entry);
    }
    pending.push({ entry, date, timeCell: type === 'SM20' ? get('TIME') : type === 'TICKETS' ? '' : get('UTIME'), ...(type === 'TICKETS' ? { closeCell: get('CLOSE_TIME') } : {}) });
  };
  const flagsOf = (row: string[]) => FLAG_KEYS.flatMap((flag, k) => (flagAt[k]! >= 0 && row[flagAt[k]!] ? [{ flag, reason: row[flagAt[k]!]! }] : []));

  const rows: string[][] = [];
  for await (const chunk of csv) {
    splitter.push(decoder.decode(chunk, { stream: true }), rows);
    for (const r of rows) take(r);
    rows.length = 0;
  }
  splitter.push(decoder.decode(), rows);
  splitter.end(rows);
  for (const r of rows) take(r);

  const orders = new Map<string, DateOrder>([...dates].map(([f, d]) => [f, decideDateOrder(d)]));
  const entries = pending.map(({ entry, date, timeCell, closeCell }) => {
    const order = orders.get(entry.file);
    entry.time = recordTime(date, timeCell, order);
    if (closeCell) entry.until = recordTime(closeCell, undefined, order);
    return entry;
  });
  for (const p of patterns) {
    if (patternUserKey(p.user) !== user) continue;
    const rule = patternRule(p);
    for (const e of entries) if (e.time === p.sm20_time && !e.patterns.includes(rule.id)) e.patterns.push(rule.id);
    entries.push({ time: p.sm20_time, type: 'PATTERN', file: '', summary: `${rule.title}: ${p.sm20_activity}`, flags: [], patterns: [rule.id], record: { rule: rule.id, severity: rule.severity, activity: p.sm20_activity } });
  }
  // Stable: same-time entries keep file order; a pattern follows the records it names.
  entries.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  return { user, entries, truncated, scannedRecords: scanned };
}

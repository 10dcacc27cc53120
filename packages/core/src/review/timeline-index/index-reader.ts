/**
 * One page of a user's timeline from `timeline-index.bin` and byte ranges of results.csv: the
 * user's directory, at most `limit` entries of each kind from the cursor on (merged by time), the
 * items of the page's change documents, then only the rows those entries point at. The work
 * grows with the page, not with the analysis.
 */
import { CsvSplitter } from '../../formats/csv-splitter.ts';
import type { FileType, SuspiciousPattern } from '../../model/index.ts';
import { patternUserKey } from '../../model/pattern-fields.ts';
import { recordTime } from '../record-fields.ts';
import { patternRule } from '../rule-ref.ts';
import { cellGetter, cellsOf, columnIndex, flagPositions, flagsOfRow, namesUser, summaryOf } from '../timeline-rows.ts';
import { MAX_ITEMS_PER_DOCUMENT, type TimelineEntry, type TimelineType } from '../user-timeline.ts';
import { dayText, ENTRY_BYTES, FIRST_READ_BYTES, MAGIC, PREAMBLE_BYTES, readEntry, RUN_KINDS, timeText, type IndexEntry, type TimelineIndexMeta, type UserDirectory } from './index-format.ts';

/** Reads `length` bytes at `start` of a stored object (a file, an S3 ranged GET). */
export type RangeReader = (start: number, length: number) => Promise<Uint8Array>;

export class TimelineIndexError extends Error {
  override name = 'TimelineIndexError';
}

export interface OpenedTimelineIndex {
  meta: TimelineIndexMeta;
  /** Byte offset of the directories section (user directories and entries are located from it). */
  base: number;
  read: RangeReader;
}

export async function openTimelineIndex(read: RangeReader): Promise<OpenedTimelineIndex> {
  const first = await read(0, FIRST_READ_BYTES);
  if (first.length < PREAMBLE_BYTES || new TextDecoder().decode(first.subarray(0, 8)) !== MAGIC) throw new TimelineIndexError('timeline-index.bin is not a timeline index of this version');
  const metaLength = new DataView(first.buffer, first.byteOffset).getUint32(8, true);
  const metaBytes = PREAMBLE_BYTES + metaLength <= first.length ? first.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + metaLength) : await read(PREAMBLE_BYTES, metaLength);
  return { meta: JSON.parse(new TextDecoder().decode(metaBytes)) as TimelineIndexMeta, base: PREAMBLE_BYTES + metaLength, read };
}

export interface TimelinePageQuery {
  day?: string;
  type?: TimelineType;
  limit: number;
  cursor?: string;
}

export interface TimelinePage {
  user: string;
  entries: TimelineEntry[];
  matched: number;
  total: number;
  nextCursor: string | null;
  days: { day: string; count: number }[];
  types: Record<string, number>;
  /** Rows of results.csv read for this page. */
  rowsRead: number;
}

const RECORD_KINDS = ['SM20', 'CDHDR', 'CDPOS', 'TICKETS'] as const;
const LANES = [...RECORD_KINDS, 'PATTERN'] as const;

/** The user's directory (undefined: no record of the user in the analysis). */
async function directoryOf(index: OpenedTimelineIndex, user: string): Promise<UserDirectory | undefined> {
  const users = index.meta.users;
  let lo = 0;
  let hi = users.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (users[mid]![0] < user) lo = mid + 1;
    else hi = mid;
  }
  const hit = users[lo];
  if (!hit || hit[0] !== user) return undefined;
  return JSON.parse(new TextDecoder().decode(await index.read(index.base + hit[1], hit[2]))) as UserDirectory;
}

async function readEntries(index: OpenedTimelineIndex, first: number, count: number): Promise<IndexEntry[]> {
  if (count <= 0) return [];
  const bytes = await index.read(index.base + index.meta.entriesAt + first * ENTRY_BYTES, count * ENTRY_BYTES);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: count }, (_, i) => readEntry(view, i * ENTRY_BYTES));
}

/** Reads many rows with few requests: ranges close together are read as one. */
async function readRows(csv: RangeReader, ranges: { offset: number; length: number }[]): Promise<Map<number, string[]>> {
  const sorted = [...new Map(ranges.map((r) => [r.offset, r])).values()].sort((x, y) => x.offset - y.offset);
  const spans: { from: number; to: number; rows: typeof sorted }[] = [];
  for (const r of sorted) {
    const last = spans[spans.length - 1];
    if (last && r.offset - last.to <= 16_384 && r.offset + r.length - last.from <= 4 << 20) {
      last.to = Math.max(last.to, r.offset + r.length);
      last.rows.push(r);
    } else spans.push({ from: r.offset, to: r.offset + r.length, rows: [r] });
  }
  const out = new Map<number, string[]>();
  const decoder = new TextDecoder();
  for (let i = 0; i < spans.length; i += 8) {
    await Promise.all(
      spans.slice(i, i + 8).map(async (s) => {
        const bytes = await csv(s.from, s.to - s.from);
        for (const r of s.rows) {
          const rows: string[][] = [];
          const splitter = new CsvSplitter({ delimiter: ',' });
          splitter.push(decoder.decode(bytes.subarray(r.offset - s.from, r.offset - s.from + r.length)), rows);
          splitter.end(rows);
          if (rows[0]) out.set(r.offset, rows[0]);
        }
      }),
    );
  }
  return out;
}

/** A lane's entries matching the filter: [first, end) of the run. */
function laneRange(dir: UserDirectory | undefined, kind: (typeof RECORD_KINDS)[number], day: string | undefined): [number, number] {
  const run = dir?.runs[kind];
  if (!run) return [0, 0];
  if (!day) return [run[0], run[0] + run[1]];
  let at = run[0];
  for (const [d, n] of dir!.days[kind] ?? []) {
    if (dayText(d) === day) return [at, at + n];
    at += n;
  }
  return [0, 0];
}

function parseCursor(cursor: string | undefined): number[] {
  if (!cursor || cursor === '0') return LANES.map(() => 0);
  const parts = cursor.split('.').map(Number);
  if (parts.length !== LANES.length || parts.some((n) => !Number.isSafeInteger(n) || n < 0)) throw new TimelineIndexError('cursor must be the nextCursor of the previous page');
  return parts;
}

/**
 * @example await readTimelinePage(await openTimelineIndex(readIndex), readCsv, 'ALICE', { limit: 100 }, report.suspicious_patterns)
 */
export async function readTimelinePage(index: OpenedTimelineIndex, csv: RangeReader, userId: string, q: TimelinePageQuery, allPatterns: readonly SuspiciousPattern[]): Promise<TimelinePage> {
  const user = patternUserKey(userId);
  const dir = await directoryOf(index, user);
  const patterns = allPatterns.filter((p) => patternUserKey(p.user) === user).map((p) => ({ p, rule: patternRule(p), day: p.sm20_time.slice(0, 10) || 'unknown' }));
  patterns.sort((x, y) => (x.p.sm20_time < y.p.sm20_time ? -1 : x.p.sm20_time > y.p.sm20_time ? 1 : 0));

  // Counts over the whole timeline, as the filters offer them.
  const dayCounts = new Map<string, number>();
  const types: Record<string, number> = {};
  for (const kind of RECORD_KINDS) {
    if (dir?.runs[kind]) types[kind] = dir.runs[kind]![1];
    for (const [d, n] of dir?.days[kind] ?? []) dayCounts.set(dayText(d), (dayCounts.get(dayText(d)) ?? 0) + n);
  }
  if (patterns.length > 0) types.PATTERN = patterns.length;
  for (const { day } of patterns) dayCounts.set(day, (dayCounts.get(day) ?? 0) + 1);

  const wanted = (lane: string) => !q.type || q.type === lane;
  const ranges = RECORD_KINDS.map((kind) => (wanted(kind) ? laneRange(dir, kind, q.day) : ([0, 0] as [number, number])));
  const patternLane = wanted('PATTERN') ? patterns.filter((x) => !q.day || x.day === q.day) : [];
  const matched = ranges.reduce((n, [s, e]) => n + e - s, 0) + patternLane.length;
  const cursor = parseCursor(q.cursor);

  // Up to `limit` entries of each lane from its cursor; merged by time (then file-type order, patterns last).
  const heads = await Promise.all(ranges.map(([s, e], k) => readEntries(index, s + cursor[k]!, Math.min(q.limit, e - s - cursor[k]!))));
  const taken = LANES.map(() => 0);
  type Pattern = (typeof patterns)[number];
  const page: { lane: number; entry?: IndexEntry; pattern?: Pattern; time: string }[] = [];
  const headOf = (k: number): { time: string; entry?: IndexEntry; pattern?: Pattern } | undefined => {
    if (k < RECORD_KINDS.length) {
      const entry = heads[k]![taken[k]!];
      return entry && { time: timeText(entry.time), entry };
    }
    const pattern = patternLane[cursor[k]! + taken[k]!];
    return pattern && { time: pattern.p.sm20_time, pattern };
  };
  while (page.length < q.limit) {
    let best = -1;
    let head: ReturnType<typeof headOf>;
    for (let k = 0; k < LANES.length; k++) {
      const h = headOf(k);
      if (h && (!head || h.time < head.time)) {
        best = k;
        head = h;
      }
    }
    if (!head) break;
    page.push({ lane: best, ...head });
    taken[best]!++;
  }
  const after = cursor.map((c, k) => c + taken[k]!);
  const left = RECORD_KINDS.some((_, k) => ranges[k]![0] + after[k]! < ranges[k]![1]) || after[LANES.length - 1]! < patternLane.length;

  // Items of the page's change documents (flagged first, up to the per-document limit), then every row at once.
  const items = await Promise.all(page.map(({ lane, entry }) => (RUN_KINDS[lane] === 'CDHDR' && entry && entry.b > 0 ? readEntries(index, entry.a, Math.min(entry.b, MAX_ITEMS_PER_DOCUMENT)) : Promise.resolve([]))));
  const rows = await readRows(csv, [...page.flatMap(({ entry }) => (entry ? [entry] : [])), ...items.flat()]);

  const { header } = index.meta;
  const cols = columnIndex(header);
  const flagAt = flagPositions(header);
  const entries: TimelineEntry[] = [];
  page.forEach(({ entry, pattern, time }, i) => {
    if (!entry) {
      const x = pattern!;
      const later = patterns.slice(patterns.indexOf(x) + 1).filter((y) => y.p.sm20_time === x.p.sm20_time);
      entries.push({ time, type: 'PATTERN', file: '', summary: `${x.rule.title}: ${x.p.sm20_activity}`, flags: [], patterns: [...new Set([x.rule.id, ...later.map((y) => y.rule.id)])], record: { rule: x.rule.id, severity: x.rule.severity, activity: x.p.sm20_activity } });
      return;
    }
    const row = rows.get(entry.offset);
    if (!row) return;
    const type = row[0] as FileType;
    const get = cellGetter(cols[type] ?? {}, row);
    if (type === 'TICKETS' && ![get('USER'), get('TITLE'), get('DESCRIPTION')].some((t) => t && namesUser(t, user))) return;
    const out: TimelineEntry = { time, type, file: row[1] ?? '', summary: summaryOf(type, get), flags: flagsOfRow(flagAt, row), patterns: [], record: cellsOf(header, row) };
    for (const x of patterns) if (x.p.sm20_time === time && !out.patterns.includes(x.rule.id)) out.patterns.push(x.rule.id);
    if (type === 'CDHDR') {
      const own = items[i]!.map((e) => ({ e, row: rows.get(e.offset) })).sort((x, y) => x.e.offset - y.e.offset);
      out.items = [];
      out.itemCount = entry.b;
      for (const { row: itemRow } of own) {
        if (!itemRow) continue;
        out.items.push(cellsOf(header, itemRow));
        for (const f of flagsOfRow(flagAt, itemRow)) if (!out.flags.some((x) => x.flag === f.flag && x.reason === f.reason)) out.flags.push(f);
      }
    }
    if (type === 'TICKETS') {
      const close = get('CLOSE_TIME');
      if (close) out.until = recordTime(close, undefined, index.meta.dateOrders[out.file] ?? 'DMY');
    }
    entries.push(out);
  });

  const days = [...dayCounts].sort(([a], [b]) => (a === 'unknown' ? -1 : b === 'unknown' ? 1 : a < b ? -1 : a > b ? 1 : 0)).map(([day, count]) => ({ day, count }));
  const total = Object.values(types).reduce((n, c) => n + c, 0);
  return { user, entries, matched, total, nextCursor: left ? after.join('.') : null, days, types, rowsRead: rows.size };
}

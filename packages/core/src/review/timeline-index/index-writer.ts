/**
 * Joins the report parts' collected rows into `timeline-index.bin` (layout: index-format.ts):
 * entries grouped by user (code-point order) and kind by a counting sort that keeps results.csv
 * order, each group put in time order (items: by change document, flagged first, then row order),
 * every change-document header given the range of its items, and per group the entries per day.
 */
import type { ByteSink } from '../../engine/contract.ts';
import type { DateOrder } from '../../formats/types.ts';
import type { FileType } from '../../model/index.ts';
import { FROM_USER_COLUMN, type CollectedPart } from './index-collector.ts';
import { dayOf, ENTRY_BYTES, KIND_ITEM, KIND_TICKETS, MAGIC, PREAMBLE_BYTES, RUN_KINDS, writeEntry, type TimelineIndexMeta, type UserDirectory } from './index-format.ts';

const KINDS = RUN_KINDS.length;
const CDHDR = RUN_KINDS.indexOf('CDHDR');

export interface IndexSource {
  part: CollectedPart;
  /** Byte offset in results.csv where the part's rows begin. */
  csvStart: number;
}

export interface IndexFacts {
  header: string[];
  dateOrders: Record<string, DateOrder>;
  fileTypes: Record<string, FileType>;
}

/**
 * @example await writeTimelineIndex(parts, { header, dateOrders, fileTypes }, fileSink('timeline-index.bin'))
 */
export async function writeTimelineIndex(sources: IndexSource[], facts: IndexFacts, sink: ByteSink): Promise<{ entries: number; users: number; bytes: number }> {
  // Users: the acting users of records; a ticket counts for a word that is one of them or its own user cell.
  const global = new Map<string, number>();
  const toGlobal = sources.map(({ part }) => Int32Array.from(part.dict, (w) => global.get(w) ?? global.set(w, global.size).get(w)!));
  const isUser = new Uint8Array(global.size);
  sources.forEach(({ part }, p) => {
    for (let i = 0; i < part.count; i++) if (part.kinds[i] !== KIND_TICKETS) isUser[toGlobal[p]![part.users[i]!]!] = 1;
    for (let i = 0; i < part.pairEntry.length; i++) if (part.pairToken[i]! & FROM_USER_COLUMN) isUser[toGlobal[p]![part.pairToken[i]! & ~FROM_USER_COLUMN]!] = 1;
  });
  const names = [...global.keys()].filter((_, g) => isUser[g]).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rank = new Int32Array(global.size).fill(-1);
  names.forEach((n, r) => (rank[global.get(n)!] = r));
  const rankOf = sources.map((_, p) => Int32Array.from(toGlobal[p]!, (g) => rank[g]!));

  // Counting sort into (user, kind) groups, in results.csv order.
  const groups = names.length * KINDS;
  const start = new Float64Array(groups + 1);
  const bucketOf = (p: number, i: number) => rankOf[p]![sources[p]!.part.users[i]!]! * KINDS + sources[p]!.part.kinds[i]!;
  const ticketBucket = (p: number, k: number) => {
    const r = rankOf[p]![sources[p]!.part.pairToken[k]! & ~FROM_USER_COLUMN]!;
    return r < 0 ? -1 : r * KINDS + KIND_TICKETS;
  };
  sources.forEach(({ part }, p) => {
    for (let i = 0; i < part.count; i++) if (part.kinds[i] !== KIND_TICKETS) start[bucketOf(p, i) + 1]!++;
    for (let k = 0; k < part.pairEntry.length; k++) {
      const b = ticketBucket(p, k);
      if (b >= 0) start[b + 1]!++;
    }
  });
  for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
  const total = start[groups]!;
  const time = new Uint32Array(total);
  const offset = new Float64Array(total);
  const lengthWord = new Uint32Array(total);
  const doc = new Float64Array(total);
  const next = start.slice(0, groups);
  const place = (b: number, p: number, i: number) => {
    const at = next[b]!++;
    const { part, csvStart } = sources[p]!;
    time[at] = part.times[i]!;
    offset[at] = csvStart + part.offsets[i]!;
    lengthWord[at] = part.lengths[i]!;
    doc[at] = part.docs[i]!;
  };
  sources.forEach(({ part }, p) => {
    let k = 0;
    for (let i = 0; i < part.count; i++) {
      if (part.kinds[i] !== KIND_TICKETS) place(bucketOf(p, i), p, i);
      else
        for (; k < part.pairEntry.length && part.pairEntry[k] === i; k++) {
          const b = ticketBucket(p, k);
          if (b >= 0) place(b, p, i);
        }
    }
  });

  for (let g = 0; g < groups; g++) sortGroup(start[g]!, start[g + 1]!, g % KINDS === KIND_ITEM, { time, offset, lengthWord, doc });

  // Headers learn their items' range; directories list each group and its days.
  const a = new Uint32Array(total);
  const b = new Uint32Array(total);
  const dirs: Uint8Array[] = [];
  const users: [string, number, number][] = [];
  const encoder = new TextEncoder();
  let dirBytes = 0;
  names.forEach((name, r) => {
    const base = r * KINDS;
    const items = new Map<number, [number, number]>();
    for (let i = start[base + KIND_ITEM]!; i < start[base + KIND_ITEM + 1]!; i++) {
      const run = items.get(doc[i]!);
      if (run) run[1]++;
      else items.set(doc[i]!, [i, 1]);
    }
    for (let i = start[base + CDHDR]!; i < start[base + CDHDR + 1]!; i++) {
      const run = items.get(doc[i]!);
      if (run) [a[i], b[i]] = run;
    }
    const dir: UserDirectory = { runs: {}, days: {} };
    RUN_KINDS.forEach((kind, k) => {
      const from = start[base + k]!;
      const to = start[base + k + 1]!;
      if (to === from) return;
      dir.runs[kind] = [from, to - from];
      if (k === KIND_ITEM) return;
      const days: [number, number][] = [];
      for (let i = from; i < to; i++) {
        const d = dayOf(time[i]!);
        const last = days[days.length - 1];
        if (last && last[0] === d) last[1]++;
        else days.push([d, 1]);
      }
      dir.days[kind] = days;
    });
    const bytes = encoder.encode(JSON.stringify(dir));
    users.push([name, dirBytes, bytes.length]);
    dirs.push(bytes);
    dirBytes += bytes.length;
  });

  const meta: TimelineIndexMeta = { version: 1, ...facts, entries: total, entriesAt: dirBytes, users, records: sources.reduce((n, s) => n + s.part.count, 0) };
  const metaBytes = encoder.encode(JSON.stringify(meta));
  const preamble = new Uint8Array(PREAMBLE_BYTES);
  preamble.set(encoder.encode(MAGIC));
  new DataView(preamble.buffer).setUint32(8, metaBytes.length, true);
  await sink.write(preamble);
  await sink.write(metaBytes);
  for (const d of dirs) await sink.write(d);
  const perChunk = 1 << 16;
  for (let from = 0; from < total; from += perChunk) {
    const n = Math.min(perChunk, total - from);
    const chunk = new Uint8Array(n * ENTRY_BYTES);
    const view = new DataView(chunk.buffer);
    for (let j = 0; j < n; j++) {
      const i = from + j;
      writeEntry(view, j * ENTRY_BYTES, time[i]!, offset[i]!, lengthWord[i]! & 0x7fff_ffff, lengthWord[i]! >= 0x8000_0000, a[i]!, b[i]!);
    }
    await sink.write(chunk);
  }
  await sink.end();
  return { entries: total, users: names.length, bytes: PREAMBLE_BYTES + metaBytes.length + dirBytes + total * ENTRY_BYTES };
}

interface Columns {
  time: Uint32Array;
  offset: Float64Array;
  lengthWord: Uint32Array;
  doc: Float64Array;
}

/** Time order (items: document, flagged first, row order); ties keep results.csv order. Most groups already are in order. */
function sortGroup(from: number, to: number, items: boolean, c: Columns): void {
  const before = items
    ? (i: number, j: number) => c.doc[i]! - c.doc[j]! || (c.lengthWord[j]! >>> 31) - (c.lengthWord[i]! >>> 31) || i - j
    : (i: number, j: number) => c.time[i]! - c.time[j]! || i - j;
  if (items && groupItems(from, to, c)) return;
  let sorted = true;
  for (let i = from + 1; i < to && sorted; i++) if (before(i - 1, i) > 0) sorted = false;
  if (sorted) return;
  const order = new Uint32Array(to - from);
  for (let i = 0; i < order.length; i++) order[i] = from + i;
  order.sort(before);
  reorder(from, order, c);
}

/**
 * Items usually come in one run per document: then each run only puts its flagged items first
 * (keeping row order within both), and no sort is needed. False when a document's items are apart.
 */
function groupItems(from: number, to: number, c: Columns): boolean {
  const seen = new Set<number>();
  let runStart = from;
  for (let i = from + 1; i <= to; i++) {
    if (i < to && c.doc[i] === c.doc[i - 1]) continue;
    if (seen.has(c.doc[runStart]!)) return false;
    seen.add(c.doc[runStart]!);
    let late = false;
    for (let j = runStart + 1; j < i && !late; j++) if (c.lengthWord[j]! >>> 31 && !(c.lengthWord[j - 1]! >>> 31)) late = true;
    if (late) {
      const ids = Array.from({ length: i - runStart }, (_, k) => runStart + k);
      reorder(runStart, Uint32Array.from([...ids.filter((j) => c.lengthWord[j]! >>> 31), ...ids.filter((j) => !(c.lengthWord[j]! >>> 31))]), c);
    }
    runStart = i;
  }
  return true;
}

/** Puts entries `order` (positions) at from, from + 1, … */
function reorder(from: number, order: Uint32Array, c: Columns): void {
  const time = Uint32Array.from(order, (i) => c.time[i]!);
  const offset = Float64Array.from(order, (i) => c.offset[i]!);
  const lengthWord = Uint32Array.from(order, (i) => c.lengthWord[i]!);
  const doc = Float64Array.from(order, (i) => c.doc[i]!);
  c.time.set(time, from);
  c.offset.set(offset, from);
  c.lengthWord.set(lengthWord, from);
  c.doc.set(doc, from);
}

import type { FlagContext } from '../../flags/flag-context.ts';
import type { TextPartEnd, TextPartLayout } from '../../formats/read-text-part.ts';
import type { OpenedFile } from '../../formats/types.ts';
import { withFileName } from '../../formats/open-rows.ts';
import type { EngineContext, PartRange } from '../contract.ts';
import type { FileMeta } from '../../facts/index.ts';
import { flagTextPart, type FlaggedRows } from './flag-rows.ts';
import { FlaggedRowsMerger } from './merge-parts.ts';
import { packRows } from './pack-rows.ts';

/** Files at least this large are read in parts, in parallel when the context has a task pool. */
export const SPLIT_THRESHOLD_BYTES = 8 * 1024 * 1024;

/** Input of the `parse-part` task: one byte range of a delimited text file (plain data). */
export interface ParsePartInput {
  index: number;
  meta: FileMeta;
  layout: TextPartLayout;
  from: number;
  to: number;
  size: number;
  /** Known start (the previous part's stoppedAt), when the speculative one was wrong. */
  start?: number;
  /** The result crosses threads: pack its large string columns (pack-rows.ts). */
  pack?: boolean;
}

export interface ParsePartResult extends TextPartEnd {
  rows: FlaggedRows;
}

/** The `parse-part` task: reads, flags and collects the facts of one part of a file. */
export async function parseFilePart(ctx: EngineContext, fc: FlagContext, input: ParsePartInput): Promise<ParsePartResult> {
  const open = ctx.openSourceRange;
  if (!open) throw new Error('parse-part needs EngineContext.openSourceRange');
  const end: TextPartEnd = { start: -1, stoppedAt: -1, switched: false };
  const rows = await flagTextPart((s, e) => open(input.index, s, e), input, end, fc);
  return { ...end, rows: input.pack ? packRows(rows) : rows };
}

/** What `openFile` found, when the file can be read in byte ranges: delimited text, UTF-8 or Windows-1252. */
export function partLayoutOf(opened: OpenedFile): TextPartLayout | undefined {
  const shape = opened.shape;
  if (opened.format.container !== 'csv' || !shape || opened.format.delimiter === undefined) return undefined;
  if (shape.encoding !== 'utf-8' && shape.encoding !== 'windows-1252') return undefined;
  // The decoder already switched to Windows-1252 in the head: one piece keeps that exact behaviour.
  if (!opened.format.encoding.startsWith(shape.encoding)) return undefined;
  return { shape: { width: shape.width, header: shape.header, rowsToHeader: shape.rowsToHeader }, delimiter: opened.format.delimiter, encoding: shape.encoding, bomLength: shape.bomLength ?? 0 };
}

export function metaOf(opened: OpenedFile): FileMeta {
  const { fileName, fileType, columns, canonical, joined, dateOrder } = opened;
  return { fileName, fileType, columns, canonical, joined, dateOrder };
}

export type RunPart = (input: ParsePartInput) => Promise<ParsePartResult>;

/** Who reads parts: this thread, and pool workers (a part handed to a worker still starting waits for it). */
export interface PartRunners {
  here: RunPart;
  pool?: { size: number; run: RunPart };
  /** Several files read one after another on the same threads (analyze-files.ts). */
  relay?: PartRelay;
}

/** When a file's part readers are done: this thread's, and the pool's. */
export interface PartReaders {
  here: Promise<unknown>;
  pool: Promise<unknown>;
}

/**
 * The hand-over from one file's parts to the next file's: the next file opens once every part of
 * this one has been taken (`handedOut`), and each of its readers starts once the same reader of
 * this file is done (`after`), so both threads keep reading across the files' boundaries and no
 * second worker starts for the overlap.
 */
export interface PartRelay {
  after?: PartReaders;
  handedOut?: (readers: PartReaders) => void;
}

type Settled = { ok: true; r: ParsePartResult } | { ok: false; e: unknown };
const settle = (p: Promise<ParsePartResult>): Promise<Settled> => p.then((r) => ({ ok: true as const, r }), (e: unknown) => ({ ok: false as const, e }));

/**
 * Reads a file in `count` parts. Parts are taken in order by whoever is free: this thread and each
 * pool worker (a worker still starting gets its first part at once and reads it when ready). Every part
 * assumes it starts on a row boundary; the results are then checked in order, and a part whose
 * start differs from where the previous part stopped (a quoted cell with a line break across the
 * boundary) is read again from there. Returns the parts' rows in order, or undefined when the
 * file must be read in one piece (the UTF-8 decoder switched to Windows-1252 somewhere: where it
 * switches depends on the whole stream).
 */
export async function runParts(runners: PartRunners, base: Omit<ParsePartInput, 'from' | 'to' | 'start'>, count: number, onProgress?: (records: number) => void): Promise<{ rows: FlaggedRows; ranges: PartRange[] } | undefined> {
  const inputs: ParsePartInput[] = [];
  const bounds = partBounds(base.size, count);
  for (let k = 0; k < count; k++) inputs.push({ ...base, from: bounds[k]!, to: bounds[k + 1]! });
  const results = inputs.map(() => {
    let resolve!: (s: Settled) => void;
    const promise = new Promise<Settled>((r) => (resolve = r));
    return { promise, resolve };
  });
  let next = 0;
  let failed = false;
  const relay = runners.relay;
  let readers: PartReaders | undefined;
  const take = async (run: RunPart, after?: Promise<unknown>) => {
    if (after) await after;
    while (next < count && !failed) {
      const k = next++;
      if (next === count && readers) relay?.handedOut?.(readers);
      const got = await settle(run(inputs[k]!));
      results[k]!.resolve(got);
    }
  };
  const takers = [take(runners.here, relay?.after?.here)];
  const pool = runners.pool;
  if (pool) for (let i = 0; i < pool.size; i++) takers.push(take(pool.run, relay?.after?.pool));
  readers = { here: takers[0]!, pool: Promise.all(takers.slice(1)) };
  // All parts taken before the readers existed (as many readers as parts, none waiting).
  if (next === count) relay?.handedOut?.(readers);
  // Each part is merged as soon as its turn comes and then let go: only one copy of the facts grows.
  const merger = new FlaggedRowsMerger(count);
  // Where each part's rows finally lay: the report step reads the same ranges.
  const ranges: PartRange[] = [];
  let expected = 0;
  let records = 0;
  try {
    for (let k = 0; k < count; k++) {
      let got = await results[k]!.promise;
      results[k] = DONE;
      if (!got.ok || got.r.start !== expected) {
        // Started inside a quoted line break (or failed there): read again from the right place.
        if (got.ok || k > 0) got = await settle(runners.here({ ...inputs[k]!, start: expected }));
        if (!got.ok) throw withFileName(got.e, base.meta.fileName);
      }
      if (got.r.switched) return undefined;
      ranges.push({ start: got.r.start, end: got.r.stoppedAt, rows: got.r.rows.summary.total_records });
      expected = got.r.stoppedAt;
      records += got.r.rows.facts.records;
      merger.add(got.r.rows);
      onProgress?.(records);
    }
  } finally {
    failed = true; // nothing more is taken; wait for parts still running before the sources go away
    await Promise.allSettled(takers);
  }
  return { rows: merger.finish(), ranges };
}

/**
 * Where `count` parts of a file of `size` bytes begin, and the end: the last four parts are smaller
 * (two half, then two a quarter as large as the others), so that the threads reading them finish
 * close together. With halves only, one thread still waited up to 60 ms for the other at the end
 * of the 100 MB SM20 file (about 1 s); with the quarters, step 1 from a cold start took a median of
 * 1.010 against 1.060 s and 1.071 against 1.091 s in two sets of ten alternating runs.
 */
export function partBounds(size: number, count: number): number[] {
  const small = count >= 6 ? 4 : 0;
  const weights = Array.from({ length: count }, (_, k) => (k < count - small ? 1 : k < count - 2 ? 0.5 : 0.25));
  const total = weights.reduce((a, b) => a + b, 0);
  const bounds = [0];
  let sum = 0;
  for (let k = 0; k < count; k++) {
    sum += weights[k]!;
    bounds.push(k === count - 1 ? size : Math.floor((size * sum) / total));
  }
  return bounds;
}

const DONE = { promise: Promise.resolve<Settled>({ ok: false, e: new Error('part already merged') }), resolve: () => undefined };

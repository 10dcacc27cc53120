import type { FlagContext } from '../flags/flag-context.ts';
import { readTextPart, type TextPartEnd, type TextPartLayout } from '../formats/read-text-part.ts';
import type { OpenedFile } from '../formats/types.ts';
import { withFileName } from '../formats/open-rows.ts';
import type { EngineContext } from './contract.ts';
import type { FileMeta } from './collect-facts.ts';
import { flagRows, type FlaggedRows } from './flag-rows.ts';

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
}

export interface ParsePartResult extends TextPartEnd {
  rows: FlaggedRows;
}

/** The `parse-part` task: reads, flags and collects the facts of one part of a file. */
export async function parseFilePart(ctx: EngineContext, fc: FlagContext, input: ParsePartInput): Promise<ParsePartResult> {
  const open = ctx.openSourceRange;
  if (!open) throw new Error('parse-part needs EngineContext.openSourceRange');
  const end: TextPartEnd = { start: -1, stoppedAt: -1, switched: false };
  const batches = readTextPart((s, e) => open(input.index, s, e), input.layout, input, end);
  const rows = await flagRows(batches, input.meta, input.index, fc);
  return { ...end, rows };
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

type RunPart = (input: ParsePartInput) => Promise<ParsePartResult>;

/**
 * Reads a file in `count` parts: all started at once (speculatively: a part assumes it starts on a
 * row boundary), then checked in order: a part whose start differs from where the previous part
 * stopped (a quoted cell with line breaks across the boundary) is read again from there. Returns
 * the parts' rows in order, or undefined when the file must be read in one piece (the UTF-8
 * decoder switched to Windows-1252 somewhere: the switch point depends on the whole stream).
 */
export async function runParts(run: RunPart, base: Omit<ParsePartInput, 'from' | 'to' | 'start'>, count: number, onProgress?: (records: number) => void): Promise<FlaggedRows[] | undefined> {
  const inputs: ParsePartInput[] = [];
  for (let k = 0; k < count; k++) inputs.push({ ...base, from: Math.floor((base.size * k) / count), to: k === count - 1 ? base.size : Math.floor((base.size * (k + 1)) / count) });
  const settled = inputs.map((input) => run(input).then(
    (r) => ({ ok: true as const, r }),
    (e: unknown) => ({ ok: false as const, e }),
  ));
  const rows: FlaggedRows[] = [];
  let expected = 0;
  let records = 0;
  for (let k = 0; k < count; k++) {
    let got = await settled[k]!;
    if (!got.ok || got.r.start !== expected) {
      // Started inside a quoted line break (or failed there): read again from the right place.
      if (got.ok || k > 0) {
        try {
          got = { ok: true, r: await run({ ...inputs[k]!, start: expected }) };
        } catch (e) {
          got = { ok: false, e };
        }
      }
      if (!got.ok) {
        await Promise.allSettled(settled);
        throw withFileName(got.e, base.meta.fileName);
      }
    }
    if (got.r.switched) {
      await Promise.allSettled(settled);
      return undefined;
    }
    expected = got.r.stoppedAt;
    rows.push(got.r.rows);
    records += got.r.rows.facts.records;
    onProgress?.(records);
  }
  return rows;
}

import { availableParallelism } from 'node:os';
import type { FlagContext } from '../flags/flag-context.ts';
import { openFile } from '../formats/open-file.ts';
import type { EngineContext, FileStepResult } from './contract.ts';
import { writableFacts } from './collect-facts.ts';
import { writeFacts } from './facts-codec.ts';
import { flagRows, type FlaggedRows } from './flag-rows.ts';
import { summaryWithVolume } from './merge-parts.ts';
import { unpackRows } from './pack-rows.ts';
import { factsName } from './names.ts';
import type { SourceParts } from './source-parts.ts';
import { metaOf, parseFilePart, partLayoutOf, runParts, SPLIT_THRESHOLD_BYTES, type ParsePartInput, type ParsePartResult } from './parse-parts.ts';

export interface ParseOptions {
  /** Files at least this large are read in parts (default 8 MB). */
  splitThreshold?: number;
  /** Parts per large file; default: one per PART_BYTES when the context has a task pool, else 1 (no split). */
  parts?: number;
}

/** Part size with a pool: small enough that this thread and the workers (which join after start-up) share the work evenly. */
const PART_BYTES = 12 * 1024 * 1024;

function partCount(size: number, options: ParseOptions): number {
  return options.parts ?? Math.max(2, Math.ceil(size / PART_BYTES));
}

/**
 * Step 1 for one file: read, detect, flag each record, keep the compact facts in the workspace
 * (`facts/<index>.bin`, facts-codec.ts) and return this file's own counts (change volume within the file;
 * cross-file effects come with correlation). A large delimited text file is read in byte ranges on
 * the context's task pool (parse-parts.ts); the result is the same as one pass gives.
 */
export async function parseAndFlagFile(
  ctx: EngineContext,
  fc: FlagContext,
  index: number,
  fileName: string,
  onProgress?: (records: number) => void,
  options: ParseOptions = {},
): Promise<FileStepResult> {
  const source = ctx.openSource(index);
  const opened = await openFile(source, fileName);
  const meta = metaOf(opened);
  let rows: FlaggedRows | undefined;
  let sourceParts: SourceParts | undefined;
  const count = options.parts ?? (ctx.tasks ? 2 : 1);
  const layout = count > 1 && ctx.openSourceRange && ctx.sourceSize ? partLayoutOf(opened) : undefined;
  if (layout) {
    const size = await ctx.sourceSize!(index);
    if (size >= (options.splitThreshold ?? SPLIT_THRESHOLD_BYTES)) {
      (source as { destroy?: () => void }).destroy?.();
      // Here, and on the pool as the 'parse-part' task (tasks.ts).
      const here = (input: ParsePartInput) => parseFilePart(ctx, fc, input) as Promise<ParsePartResult>;
      const tasks = ctx.tasks;
      const pool = tasks && {
        // This thread reads parts too: more workers than the other cores only add switching.
        size: Math.min(tasks.size, Math.max(1, availableParallelism() - 1)),
        ready: () => tasks.run('parse-part', { ping: true }),
        run: (input: ParsePartInput) =>
          (tasks.run('parse-part', { ...input, pack: true }) as Promise<ParsePartResult>).then((r) => ({ ...r, rows: unpackRows(r.rows) })),
      };
      const parts = await runParts({ here, pool }, { index, meta, layout, size }, partCount(size, options), onProgress);
      if (parts) {
        rows = parts.rows;
        sourceParts = { layout, dateOrder: opened.dateOrder, size, ranges: parts.ranges };
      } else {
        const again = await openFile(ctx.openSource(index), fileName);
        rows = await flagRows(again.batches(), meta, index, fc, onProgress);
      }
    }
  }
  rows ??= await flagRows(opened.batches(), meta, index, fc, onProgress);
  await writeFacts(ctx.workspace, factsName(index), writableFacts(rows.facts));
  return { index, fileName, fileType: opened.fileType, records: rows.summary.total_records, summary: summaryWithVolume(rows), ...(sourceParts ? { parts: sourceParts } : {}) };
}

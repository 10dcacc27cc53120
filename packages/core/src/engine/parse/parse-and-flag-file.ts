import { availableParallelism } from 'node:os';
import type { FlagContext } from '../../flags/flag-context.ts';
import { openFile } from '../../formats/open-file.ts';
import type { EngineContext, FileStepResult, SourceParts } from '../contract.ts';
import { writableFacts, writeFacts, type FileMeta } from '../../facts/index.ts';
import { flagRows, flagTextPart, type FlaggedRows } from './flag-rows.ts';
import type { TextPartEnd } from '../../formats/read-text-part.ts';
import { summaryWithVolume } from './merge-parts.ts';
import { unpackRows } from './pack-rows.ts';
import { factsName } from '../names.ts';
import type { OpenedFile } from '../../formats/types.ts';
import { DateTimeReader, recordColumns } from './record-extractor.ts';
import { metaOf, parseFilePart, partLayoutOf, runParts, SPLIT_THRESHOLD_BYTES, type ParsePartInput, type ParsePartResult, type PartRelay } from './parse-parts.ts';

export interface ParseOptions {
  /** Files at least this large are read in parts (default 8 MB). */
  splitThreshold?: number;
  /** Parts per large file; default: one per PART_BYTES when the context has a task pool, else 1 (no split). */
  parts?: number;
  /** Files read one after another (analyze-files.ts): when this file's part readers start, and when its parts have all been taken (parse-parts.ts). */
  relay?: PartRelay;
  /** Called with the file's type as soon as the file is opened (analyze-files.ts starts correlation pieces by it). */
  onOpened?: (fileType: FileStepResult['fileType']) => void;
}

/** Part size with a pool: small enough that this thread and the workers (which join after start-up) share the work evenly. */
const PART_BYTES = 10 * 1024 * 1024;

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
  // Asked at once, the size is there when openFile is done (it is needed for text read by range).
  const sizing = ctx.openSourceRange && ctx.sourceSize ? ctx.sourceSize(index) : undefined;
  sizing?.catch(() => undefined); // awaited below when used: a failure nobody reads is no unhandled rejection
  const source = ctx.openSource(index);
  const opened = await openFile(source, fileName);
  options.onOpened?.(opened.fileType);
  const meta = metaOf(opened);
  let rows: FlaggedRows | undefined;
  let sourceParts: SourceParts | undefined;
  // Delimited UTF-8/1252 text the context can read by byte range: step 1's own reader (row-scanner.ts),
  // in parts on the task pool when the file is large and there is one.
  const layout = sizing ? partLayoutOf(opened) : undefined;
  if (layout) {
    (source as { destroy?: () => void }).destroy?.();
    const size = await sizing!;
    const large = size >= (options.splitThreshold ?? SPLIT_THRESHOLD_BYTES);
    const count = large ? (options.parts ?? (ctx.tasks ? partCount(size, options) : 1)) : 1;
    const openRange = ctx.openSourceRange!;
    let parts: Awaited<ReturnType<typeof runParts>>;
    if (count === 1) {
      // One piece in this thread: with progress as it goes.
      const end: TextPartEnd = { start: -1, stoppedAt: -1, switched: false };
      const whole = await flagTextPart((s, e) => openRange(index, s, e), { index, meta, layout, from: 0, to: size, size }, end, fc, onProgress);
      parts = end.switched ? undefined : { rows: whole, ranges: [{ start: end.start, end: end.stoppedAt, rows: whole.summary.total_records }] };
    } else {
      // Here, and on the pool as the 'parse-part' task (tasks.ts).
      if (ctx.tasks) await seedHolidayYears(opened, meta, fc);
      const here = (input: ParsePartInput) => parseFilePart(ctx, fc, input);
      const tasks = ctx.tasks;
      const pool = tasks && {
        // This thread reads parts too: more workers than the other cores only add switching.
        size: Math.min(tasks.size, Math.max(1, availableParallelism() - 1)),
        run: (input: ParsePartInput) =>
          (tasks.run('parse-part', { ...input, pack: true }) as Promise<ParsePartResult>).then((r) => ({ ...r, rows: unpackRows(r.rows) })),
      };
      parts = await runParts({ here, pool, relay: options.relay }, { index, meta, layout, size }, count, onProgress);
    }
    if (parts) {
      rows = parts.rows;
      // The report step reads a file in the same ranges when there are several (write-reports.ts).
      if (parts.ranges.length > 1) sourceParts = { layout, dateOrder: opened.dateOrder, size, ranges: parts.ranges };
    } else {
      // The UTF-8 decoder switched to Windows-1252 somewhere: one pass decides where, as openFile does.
      const again = await openFile(ctx.openSource(index), fileName);
      rows = await flagRows(again.batches(), meta, index, fc, onProgress);
    }
  }
  rows ??= await flagRows(opened.batches(), meta, index, fc, onProgress);
  await writeFacts(ctx.workspace, factsName(index), writableFacts(rows.facts));
  return {
    index,
    fileName,
    fileType: opened.fileType,
    records: rows.summary.total_records,
    summary: summaryWithVolume(rows, fc.thresholds.changeVolume),
    ...(rows.joinedLines ? { joinedLines: rows.joinedLines } : {}),
    ...(sourceParts ? { parts: sourceParts } : {}),
  };
}

/** Rows of the file's head whose dates are looked at for `seedHolidayYears`. */
const SEED_ROWS = 256;

/**
 * The holiday years of the dates in the file's head, computed on this thread before any part goes
 * to a worker: the pool sends this thread's years with each task (task-pool.ts `holidays`), so a
 * worker need not load the holiday library (about 0.1 s) during its first part. The head's rows are
 * already in memory (openFile read them); `opened.batches()` is not read again afterwards.
 */
async function seedHolidayYears(opened: OpenedFile, meta: FileMeta, fc: FlagContext): Promise<void> {
  const col = recordColumns(meta.fileType, meta.canonical);
  if (meta.fileType === 'TICKETS' || col.date < 0) return; // tickets are not flagged; CDPOS items may have no date
  const rows = opened.batches()[Symbol.asyncIterator]();
  let first: IteratorResult<string[][]>;
  try {
    first = await rows.next();
    await rows.return?.();
  } catch {
    return; // only a head start: the parts read the file and report its errors
  }
  if (first.done) return;
  // The date as flagging reads it (an SM20 "Date" cell may hold the time too).
  const dates = new DateTimeReader(meta.dateOrder, fc.timeZone);
  const years = new Set<string>();
  for (const row of first.value.slice(0, SEED_ROWS)) {
    dates.read(row[col.date] ?? '', col.time < 0 ? '' : (row[col.time] ?? ''));
    const year = dates.date.slice(0, 4);
    if (year.length === 4 && !years.has(year)) {
      years.add(year);
      fc.holidayOf(dates.date);
    }
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DEFAULT_HOLIDAYS } from '../holidays/index.ts';
import { loadDefaultLists } from '../lists/index.ts';
import type { AnalysisReport, DetectionLists, EngineSettings } from '../model/index.ts';
import type { EngineContext, FileStepResult, ReportOutputs } from './contract.ts';
import { CASES_FILE, FINDINGS_FILE, FINDINGS_OFFSETS_FILE } from '../cases/index.ts';
import { flagContextOf } from './engine.ts';
import { fileSink } from '../workspace/index.ts';
import { contextOf } from './pool/task-context.ts';
import { createTaskPool, type TaskEnv, type TaskPool } from './pool/task-pool.ts';
import { parseAndFlagFile } from './parse/parse-and-flag-file.ts';
import type { PartReaders, PartRelay } from './parse/parse-parts.ts';
import { correlateFilesStep, readLogonsOf, type EarlyLogons } from './correlate/correlate-step.ts';
import { EarlyItems } from './correlate/early-items.ts';
import { writeReports } from './report/write-reports.ts';

export interface AnalyzeOptions {
  outDir: string;
  lists?: DetectionLists;
  settings?: EngineSettings;
  /** Called with a phase and the records done so far (for a progress bar). */
  onProgress?: (phase: 'read' | 'report', file: string, records: number) => void;
  /**
   * Optional AI step between correlation and reports (the CLI's --ai-* options): it may read
   * `engine.listFlaggedRecords(ctx, files)` and write `annotations.ndjson` into ctx.workspace.
   */
  annotate?: (ctx: EngineContext, files: FileStepResult[]) => Promise<void>;
  /** Worker threads for the engine's tasks; 0 runs everything in this thread. Default: up to 2. */
  threads?: number;
  /** Write `timeline-index.bin` (each user's records in time order, review/timeline-index). Default: true. */
  timelineIndex?: boolean;
  /** Write `high-records.ndjson` (flagged records of high severity, review/high-records.ts). Default: true. */
  highRecords?: boolean;
  /** Write `findings.ndjson` and `findings.offsets` (every finding by case, report/write-findings.ts). Default: true. `cases.json` is always written. */
  findings?: boolean;
}

/**
 * The whole analysis on one machine (the CLI): parse and flag each file, correlate, write
 * `results.xlsx`, `results.csv`, `cases.json` and (unless turned off) `timeline-index.bin`, `high-records.ndjson`, `findings.ndjson` into outDir; intermediates live in a temp folder removed after.
 * @example await analyzeFiles(['sm20.csv', 'cdhdr.csv'], { outDir: 'out' })
 */
export async function analyzeFiles(paths: string[], opts: AnalyzeOptions): Promise<AnalysisReport> {
  const temp = await mkdtemp(join(tmpdir(), 'sap-analyzer-'));
  let pool: TaskPool | undefined;
  try {
    const env: TaskEnv = { workspaceDir: temp, sources: paths, lists: opts.lists ?? loadDefaultLists(), settings: opts.settings ?? { holidays: DEFAULT_HOLIDAYS } };
    // Worker threads for the heavy tasks (their start-up overlaps reading the first file).
    // Holiday years found so far go with each task (a worker need not load the holiday library).
    pool = opts.threads === 0 ? undefined : createTaskPool(env, { size: opts.threads, holidays: () => fc.holidayOf.years?.() });
    const ctx: EngineContext = { ...contextOf(env), tasks: pool };
    const fc = flagContextOf(ctx);
    // An SM20 file's kept logon rows are read as soon as its step 1 is done, while the next files
    // are read: correlation (this thread's longer half) then finds them read (correlate-step.ts).
    const logons: EarlyLogons[number][] = [];
    // The `correlate-items` task starts on the worker as soon as the files it reads are done and the
    // worker has no part left to read (early-items.ts): while this thread merges the last (ticket) file.
    const early = new EarlyItems(ctx, paths.length);
    const files = await stepOne(paths, async (i, relay) => {
      const name = basename(paths[i]!);
      try {
        const file = await parseAndFlagFile(ctx, fc, i, name, (n) => opts.onProgress?.('read', name, n), { relay: early.relay(i, relay), onOpened: (type) => early.opened(i, name, type) });
        if (file.fileType === 'SM20' && i < paths.length - 1) logons[i] = readLogonsOf(ctx, fc, file);
        early.done(file);
        return file;
      } catch (e) {
        early.stop();
        throw e;
      }
    });
    // Each step's workers end before the next (their heaps hold what the step read): correlation
    // and the report start fresh ones, so the peak is one step's memory, not the sum (a worker
    // still running the early correlate-items task ends after it).
    await pool?.shrink();
    await correlateFilesStep(ctx, fc, files, { logons, items: early.items });
    logons.length = 0; // not held through the report step
    await pool?.shrink();
    if (opts.annotate) await opts.annotate(ctx, files);
    const out = (name: string) => fileSink(join(opts.outDir, name));
    const outputs: ReportOutputs = {
      xlsx: out('results.xlsx'),
      csv: out('results.csv'),
      cases: out(CASES_FILE),
      ...(opts.highRecords === false ? {} : { highRecords: out('high-records.ndjson') }),
      ...(opts.timelineIndex === false ? {} : { timelineIndex: out('timeline-index.bin') }),
      ...(opts.findings === false ? {} : { findings: out(FINDINGS_FILE), findingsOffsets: out(FINDINGS_OFFSETS_FILE) }),
    };
    return await writeReports(ctx, fc, files, outputs, { analysisId: basename(opts.outDir) }, (n) => opts.onProgress?.('report', '', n));
  } finally {
    await pool?.close();
    await rm(temp, { recursive: true, force: true });
  }
}

/**
 * Step 1 of each file, in order, each file's parts handed on to the next file's (parse-parts.ts
 * PartRelay): a file opens once every part of the one before has been taken, and its parts go to
 * this thread and the worker as each finishes its last part of the file before. One file after the
 * other, the thread that finished first waited for the other's last part, and the worker for this
 * thread's work between files (the facts written, the next file opened and its head read).
 * The results come in the files' order; the first failing file's error is the one thrown, once
 * no file's step runs any more.
 */
export async function stepOne(paths: readonly string[], step: (index: number, relay: PartRelay) => Promise<FileStepResult>): Promise<FileStepResult[]> {
  const steps: Promise<FileStepResult>[] = [];
  let after: PartReaders | undefined;
  for (let i = 0; i < paths.length; i++) {
    let handedOut!: (readers: PartReaders | undefined) => void;
    const taken = new Promise<PartReaders | undefined>((resolve) => (handedOut = resolve));
    const running = step(i, { ...(after ? { after } : {}), handedOut });
    steps.push(running);
    // A file not read in parts (or failing) hands on when its step ends; the next file's readers
    // still wait for those of the last file read in parts (else the pool would start a second worker).
    const ended = running.then(
      () => true,
      () => false,
    );
    const ok = await Promise.race([taken.then((r) => ({ readers: r, ok: true })), ended.then((done) => ({ readers: undefined, ok: done }))]);
    if (!ok.ok) break;
    after = ok.readers ?? after;
  }
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<FileStepResult>).value);
}

/**
 * The engine's tasks by name: pieces of one analysis that may run in a worker thread
 * (task-pool.ts) or, without a pool, one after another in this thread. Inputs and results are
 * JSON-serialisable; bulk data goes through the workspace.
 */
import type { FlagContext } from '../flags/flag-context.ts';
import type { EngineContext } from './contract.ts';
import { writeReportPart, type ReportPartInput } from './report/report-parts.ts';
import { parseFilePart, type ParsePartInput } from './parse/parse-parts.ts';
import { correlateItemsTask, type CorrelateItemsInput } from './correlate/correlate-items.ts';
import { writePatternSheet, type PatternSheetInput } from './report/pattern-sheet.ts';
import { patternFindingsTask, type PatternFindingsInput } from './report/pattern-findings.ts';
import { timelineIndexTask, type TimelineIndexInput } from '../review/timeline-index/index-parts.ts';

export type EngineTask = (ctx: EngineContext, fc: FlagContext, input: unknown, onProgress: (records: number) => void) => Promise<unknown>;

export const TASKS: Record<string, EngineTask> = {
  'report-part': (ctx, fc, input, onProgress) => writeReportPart(ctx, fc, input as ReportPartInput, onProgress),
  'pattern-sheet': (ctx, fc, input) => writePatternSheet(ctx, fc, input as PatternSheetInput),
  'pattern-findings': (ctx, _fc, input) => patternFindingsTask(ctx, input as PatternFindingsInput),
  'timeline-index': (ctx, _fc, input) => timelineIndexTask(ctx, input as TimelineIndexInput),
  'parse-part': (ctx, fc, input) => parseFilePart(ctx, fc, input as ParsePartInput),
  'correlate-items': (ctx, fc, input) => correlateItemsTask(ctx, fc, input as CorrelateItemsInput),
  /** Answers once a worker runs tasks (tests start workers with it). */
  ping: async () => null,
};

/** Runs a task in this thread. */
export function runTaskHere(ctx: EngineContext, fc: FlagContext, task: string, input: unknown, onProgress: (records: number) => void = () => {}): Promise<unknown> {
  const run = TASKS[task];
  if (!run) return Promise.reject(new Error(`unknown engine task: ${task}`));
  return run(ctx, fc, input, onProgress);
}

/** Runs a task on the context's pool when it has one, else here. */
export function runTask<T>(ctx: EngineContext, fc: FlagContext, task: string, input: unknown, onProgress?: (records: number) => void): Promise<T> {
  return (ctx.tasks ? ctx.tasks.run(task, input, onProgress) : runTaskHere(ctx, fc, task, input, onProgress)) as Promise<T>;
}

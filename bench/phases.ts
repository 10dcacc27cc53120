/**
 * The CLI's engine phases one by one, with wall time, CPU, rss and heapUsed after each (a full GC
 * between phases when node runs with --expose-gc), to see where the memory peak of a run lives.
 * The workspace stays in a folder, so the later phases can be re-run without step 1:
 *
 *   node --expose-gc --max-semi-space-size=32 --max-inlined-bytecode-size-cumulative=400 --import tsx bench/phases.ts [--ws DIR] [--reuse] [--report] FILES...
 *
 * --reuse   skip step 1 when DIR already holds its results (phases.json)
 * --report  also run the report pass (writeReports into DIR/out) and print the report's JSON digest
 * --no-correlate  skip step 2 (the pipeline does for a single file; the report step correlates then)
 * --threads N  worker threads for the engine's tasks, as the CLI (default 2; 0 = none)
 * "peak" is the highest rss sampled every 100 ms during the phase (worker threads included);
 * /usr/bin/time around it gives the true peak RSS.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DEFAULT_HOLIDAYS } from '../packages/core/src/holidays/index.ts';
import { loadDefaultLists } from '../packages/core/src/lists/index.ts';
import type { EngineContext, FileStepResult } from '../packages/core/src/engine/contract.ts';
import { flagContextOf } from '../packages/core/src/engine/engine.ts';
import { fileSink } from '../packages/core/src/workspace/folder-workspace.ts';
import { contextOf } from '../packages/core/src/engine/pool/task-context.ts';
import { createTaskPool, type TaskEnv } from '../packages/core/src/engine/pool/task-pool.ts';
import { parseAndFlagFile } from '../packages/core/src/engine/parse/parse-and-flag-file.ts';
import { correlateFilesStep } from '../packages/core/src/engine/correlate/correlate-step.ts';
import { prepareFinalState } from '../packages/core/src/engine/report/final-records.ts';
import { writeReports } from '../packages/core/src/engine/report/write-reports.ts';
import { CORRELATION_NAME } from '../packages/core/src/engine/names.ts';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, 1);
  return i >= 0;
};
const option = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, v] = args.splice(i, 2);
  return v!;
};
const ws = option('--ws', '/tmp/phases-ws');
const reuse = flag('--reuse');
const report = flag('--report');
const threads = Number(option('--threads', '2'));
const skipCorrelate = flag('--no-correlate');
const paths = args;
if (paths.length === 0) throw new Error('usage: phases.ts [--ws DIR] [--reuse] [--report] FILES...');

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
let peak = 0;
setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 100).unref();
let lastWall = performance.now();
let lastCpu = process.cpuUsage();
async function mark(phase: string, extra = ''): Promise<void> {
  const wall = (performance.now() - lastWall) / 1000;
  const cpu = process.cpuUsage(lastCpu);
  const before = process.memoryUsage();
  // Array buffers are freed a little after the collection that finds them dead.
  gc?.();
  await new Promise((r) => setTimeout(r, 200));
  gc?.();
  const after = process.memoryUsage();
  console.log(
    `${phase.padEnd(28)} wall ${wall.toFixed(2).padStart(6)} s  cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2).padStart(6)} s  ` +
      `peak ${mb(Math.max(peak, before.rss)).padStart(7)}  rss ${mb(before.rss).padStart(7)}  heap ${mb(before.heapUsed).padStart(7)} → after gc ${mb(after.heapUsed).padStart(7)} (total ${mb(after.heapTotal)}, ext ${mb(after.external)}, rss ${mb(after.rss)})  ${extra}`,
  );
  peak = 0;
  lastWall = performance.now();
  lastCpu = process.cpuUsage();
}

const env: TaskEnv = { workspaceDir: ws, sources: paths, lists: loadDefaultLists(), settings: { holidays: DEFAULT_HOLIDAYS } };
if (!reuse || !existsSync(join(ws, 'phases.json'))) rmSync(ws, { recursive: true, force: true });
mkdirSync(ws, { recursive: true });
const pool = threads === 0 ? undefined : createTaskPool(env, { size: threads });
const ctx: EngineContext = { ...contextOf(env), tasks: pool };
const fc = flagContextOf(ctx);
const stepFile = join(ws, 'phases.json');
let files: FileStepResult[];
if (reuse && existsSync(stepFile)) {
  files = JSON.parse(readFileSync(stepFile, 'utf8')) as FileStepResult[];
  rmSync(join(ws, CORRELATION_NAME), { force: true });
} else {
  files = [];
  for (let i = 0; i < paths.length; i++) {
    files.push(await parseAndFlagFile(ctx, fc, i, basename(paths[i]!)));
    await mark(`step 1 ${basename(paths[i]!)}`, `${files[i]!.records} records`);
  }
  writeFileSync(stepFile, JSON.stringify(files));
}
await mark('start');
if (!skipCorrelate) {
  const c = await correlateFilesStep(ctx, fc, files);
  await mark('correlateFilesStep', `${c.patterns} patterns`);
  const state = await prepareFinalState(ctx, fc, files);
  await mark('prepareFinalState', `headers ${state.headers?.size ?? 0}`);
}
if (report) {
  const out = join(ws, 'out');
  mkdirSync(out, { recursive: true });
  const r = await writeReports(ctx, fc, files, { xlsx: fileSink(join(out, 'results.xlsx')), csv: fileSink(join(out, 'results.csv')) });
  await mark('writeReports', `${r.summary.flagged_records} flagged of ${r.summary.total_records}`);
  writeFileSync(join(out, 'report.json'), JSON.stringify({ summary: r.summary, suspicious_patterns: r.suspicious_patterns, correlation_summary: r.correlation_summary, record_count_summary: r.record_count_summary }));
}
await pool?.close();
const ru = process.resourceUsage();
console.log(`process: cpu ${((ru.userCPUTime + ru.systemCPUTime) / 1e6).toFixed(1)} s, peak rss ${(ru.maxRSS / 1024).toFixed(0)} MB`);

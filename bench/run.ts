/**
 * `npm run bench`: seeded 100 MB SM20 and CDPOS files (BENCH_MB to change), measured against a
 * newline-counting baseline; then a 4-file correlated CLI run. Files go to bench/out/ (ignored).
 *
 * A single run of a few seconds on a shared 2-core machine varies by ±5 % or more, so step 1 from
 * a cold start runs in BENCH_COLD_RUNS fresh processes (default 5) and the 4-file run
 * BENCH_MULTI_RUNS times (default 3): every run is printed, and the median is the figure.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generateCdhdr, generateCdpos, generateSm20, generateTickets } from './generate.ts';
import { cliBundle } from '../packages/cli/bin/cli-bundle.js';
import { taskWorkerBundle } from '../packages/core/src/engine/pool/task-worker-bundle.ts';
import { countNewlines, parseAndFlag, runCli, sizeMb } from './measure.ts';

const MB = Number(process.env.BENCH_MB ?? 100);
const COLD_RUNS = Math.max(1, Number(process.env.BENCH_COLD_RUNS ?? 5));
const MULTI_RUNS = Math.max(1, Number(process.env.BENCH_MULTI_RUNS ?? 3));
const outDir = new URL('./out/', import.meta.url).pathname;
mkdirSync(outDir, { recursive: true });

async function ensure(name: string, make: (path: string, bytes: number) => Promise<number>): Promise<string> {
  const path = join(outDir, `${name}-${MB}mb.csv`);
  if (!existsSync(path) || Math.abs(statSync(path).size - MB * 1024 * 1024) > 1024 * 1024) await make(path, MB * 1024 * 1024);
  return path;
}

const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

/** The run whose `key` is the median (of an even count, the higher of the middle two), and every run's `key` in the order run. */
function median<T>(runs: T[], key: (r: T) => number): { mid: T; all: number[] } {
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return { mid: sorted[sorted.length >> 1]!, all: runs.map(key) };
}

console.log(`Benchmark: ${MB} MB per file, Node ${process.version}, ${new Date().toISOString()}`);
const files = {
  SM20: await ensure('sm20', generateSm20),
  CDPOS: await ensure('cdpos', generateCdpos),
  CDHDR: await ensure('cdhdr', generateCdhdr),
  TICKETS: await ensure('tickets', generateTickets),
};

// The CLI and its worker are bundled once per state of the sources (cli-bundle.js,
// task-worker-bundle.ts): build both before timing, as any earlier run would have, so no figure
// includes an esbuild run.
await taskWorkerBundle();
await cliBundle();

for (const type of ['SM20', 'CDPOS'] as const) {
  const path = files[type];
  const size = sizeMb(path);
  const base = await countNewlines(path);
  const pfRuns = [];
  for (let i = 0; i < COLD_RUNS; i++) pfRuns.push(await parseAndFlag(path));
  const { mid: pf, all: pfAll } = median(pfRuns, (r) => r.seconds);
  const cli = await runCli([path], join(outDir, `result-${type.toLowerCase()}`));
  const xlsxMb = sizeMb(join(outDir, `result-${type.toLowerCase()}`, 'results.xlsx'));
  console.log(`\n${type}: ${fmt(size)} MB, ${pf.records.toLocaleString('en-US')} records`);
  console.log(`  baseline (count newlines): ${fmt(base.seconds, 2)} s  ${fmt(size / base.seconds)} MB/s`);
  console.log(`  parse+flag:                ${fmt(pf.seconds, 2)} s  ${fmt(size / pf.seconds)} MB/s  ${fmt(pf.records / pf.seconds, 0)} rows/s  (fresh process, pool start counted; process CPU ${fmt(pf.cpuSeconds, 1)} s; median of ${pfAll.map((s) => `${fmt(s, 2)} s`).join(', ')} = ${pfAll.map((s) => fmt(size / s)).join(', ')} MB/s)`);
  console.log(`  parse+flag, warm:          ${fmt(pf.warmSeconds, 2)} s  ${fmt(size / pf.warmSeconds)} MB/s  ${fmt(pf.records / pf.warmSeconds, 0)} rows/s  (the same step again in that process)`);
  console.log(`  full CLI (xlsx+csv):       ${fmt(cli.seconds, 2)} s  ${fmt(size / cli.seconds)} MB/s  ${fmt(pf.records / cli.seconds, 0)} rows/s  peak RSS ${fmt(cli.maxRssMb, 0)} MB  CPU ${fmt(cli.cpuSeconds, 1)} s  (xlsx ${fmt(xlsxMb)} MB)`);
}

const all = [files.SM20, files.CDHDR, files.CDPOS, files.TICKETS];
const total = all.reduce((n, p) => n + sizeMb(p), 0);
const multiRuns = [];
for (let i = 0; i < MULTI_RUNS; i++) multiRuns.push(await runCli(all, join(outDir, 'result-multi')));
const { mid: multi, all: multiAll } = median(multiRuns, (r) => r.seconds);
const doc = JSON.parse(multi.stdout) as { summary: { total_records: number; flagged_records: number }; suspicious_patterns: unknown[] };
console.log(`\n4-file correlated (SM20 + CDHDR + CDPOS + tickets): ${fmt(total)} MB, ${doc.summary.total_records.toLocaleString('en-US')} records`);
console.log(`  full CLI: ${fmt(multi.seconds, 2)} s  ${fmt(total / multi.seconds)} MB/s  peak RSS ${fmt(multi.maxRssMb, 0)} MB  CPU ${fmt(multi.cpuSeconds, 1)} s  patterns listed ${doc.suspicious_patterns.length}`);
console.log(`  runs: ${multiRuns.map((r, i) => `${fmt(multiAll[i]!, 2)} s (${fmt(r.maxRssMb, 0)} MB)`).join(', ')}; the figure above is the median run, the highest peak RSS ${fmt(Math.max(...multiRuns.map((r) => r.maxRssMb)), 0)} MB`);
console.log(`\nload average while measuring: ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores)`);

// The pipeline through the running local stack (upload, POST /analyze → completed, GET /results p95).
const { runPipelineBench } = await import('./api-pipeline.ts');
console.log('\nPipeline through the local stack:');
await runPipelineBench(MB);

/**
 * `npm run bench:timeline`: the per-user timeline on the 4-file set (SM20, CDHDR, CDPOS, tickets;
 * BENCH_MB per file, default 100, made by `npm run bench` in bench/out/).
 *
 * 1. The CLI, alternately with and without `timeline-index.bin` (TIMELINE_RUNS pairs, default 2):
 *    CPU seconds (user+sys) and wall time, so the report step's added cost is the difference.
 * 2. Pages as GET /results/{id}/timeline reads them on the local stack: report.json parsed, the
 *    index opened and a page read through the file blob store's ranged reads, for the busiest
 *    user, a median user and a rare one, unfiltered, by day and by file type, cold (each request
 *    opens the index again, as the route does). Outputs go to TIMELINE_OUT (default /tmp/timeline),
 *    inputs come from TIMELINE_INPUTS (default bench/out).
 * 3. With TIMELINE_SCAN=1, the scan analyses without an index fall back to, for one user.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createReadStream } from 'node:fs';
import { createFsBlobStore } from '../packages/functions/src/adapters/blobs/fs-store.ts';
import { buildUserTimeline, openTimelineIndex, readTimelinePage } from '../packages/core/src/review/index.ts';
import { taskWorkerBundle } from '../packages/core/src/engine/pool/task-worker-bundle.ts';
import type { AnalysisReport } from '../packages/core/src/model/index.ts';
import { runCli } from './measure.ts';

const MB = Number(process.env.BENCH_MB ?? 100);
const RUNS = Number(process.env.TIMELINE_RUNS ?? 2);
const out = process.env.TIMELINE_OUT ?? '/tmp/timeline';
const inputDir = process.env.TIMELINE_INPUTS ?? new URL('./out/', import.meta.url).pathname;
const inputs = ['sm20', 'cdhdr', 'cdpos', 'tickets'].map((n) => join(inputDir, `${n}-${MB}mb.csv`));
for (const p of inputs) if (!existsSync(p)) throw new Error(`${p} is missing: run npm run bench (BENCH_MB=${MB}) once to generate it`);
mkdirSync(out, { recursive: true });
const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

console.log(`Timeline benchmark: 4 × ${MB} MB, Node ${process.version}, ${new Date().toISOString()}`);
await taskWorkerBundle();

// 1. The report step's added cost: the CLI with and without the index, alternating.
const cost: Record<'with' | 'without', { cpu: number; wall: number }[]> = { with: [], without: [] };
let report: AnalysisReport | undefined;
for (let i = 0; i < RUNS; i++) {
  for (const mode of ['without', 'with'] as const) {
    const dir = join(out, mode === 'with' ? 'multi' : 'multi-noindex');
    const args = mode === 'with' ? [...inputs, '--review-files'] : inputs;
    const r = await runCli(args, dir);
    cost[mode].push({ cpu: r.cpuSeconds, wall: r.seconds });
    if (mode === 'with') {
      writeFileSync(join(dir, 'report.json'), r.stdout);
      report = JSON.parse(r.stdout) as AnalysisReport;
    }
    console.log(`  CLI ${mode.padEnd(7)} index: CPU ${fmt(r.cpuSeconds)} s  wall ${fmt(r.seconds)} s  peak RSS ${fmt(r.maxRssMb, 0)} MB`);
  }
}
const cpuWith = median(cost.with.map((c) => c.cpu));
const cpuWithout = median(cost.without.map((c) => c.cpu));
const indexBytes = statSync(join(out, 'multi', 'timeline-index.bin')).size;
const csvBytes = statSync(join(out, 'multi', 'results.csv')).size;
console.log(`\nCLI CPU (median of ${RUNS}): ${fmt(cpuWithout)} s without the index, ${fmt(cpuWith)} s with it (+${fmt(cpuWith - cpuWithout)} s, ${fmt(((cpuWith - cpuWithout) / cpuWithout) * 100)} %)`);
console.log(`results.csv ${fmt(csvBytes / 2 ** 20)} MB, timeline-index.bin ${fmt(indexBytes / 2 ** 20)} MB, ${report!.summary.total_records.toLocaleString('en-US')} records`);

// 2. Pages through the local stack's blob store, as the route reads them.
const blobs = createFsBlobStore({ dir: out, secret: 'local-bench-secret-0123456789abcdef', publicUrl: 'http://127.0.0.1:1' });
const indexKey = 'multi/timeline-index.bin';
const csvKey = 'multi/results.csv';
const opened = await openTimelineIndex((s, l) => blobs.readRange(indexKey, s, l));
const sizes = await Promise.all(
  opened.meta.users.map(async ([user]) => ({ user, total: (await readTimelinePage(opened, (s, l) => blobs.readRange(csvKey, s, l), user, { limit: 1 }, [])).total })),
);
sizes.sort((a, b) => b.total - a.total);
const picks = [
  ['busiest', sizes[0]!],
  ['median', sizes[Math.floor(sizes.length / 2)]!],
  ['rarest', sizes[sizes.length - 1]!],
] as const;
console.log(`\n${sizes.length} users in the index; entries per user ${sizes[sizes.length - 1]!.total}–${sizes[0]!.total}`);

async function request(user: string, q: { day?: string; type?: 'SM20' | 'CDHDR' | 'CDPOS' | 'TICKETS' | 'PATTERN'; cursor?: string }) {
  const start = performance.now();
  const parsed = JSON.parse(await readFile(join(out, 'multi', 'report.json'), 'utf8')) as AnalysisReport;
  const index = await openTimelineIndex((s, l) => blobs.readRange(indexKey, s, l));
  const page = await readTimelinePage(index, (s, l) => blobs.readRange(csvKey, s, l), user, { limit: 100, ...q }, parsed.suspicious_patterns);
  return { ms: performance.now() - start, page };
}

for (const [label, { user, total }] of picks) {
  const first = await request(user, {});
  const day = first.page.days[Math.floor(first.page.days.length / 2)]?.day;
  const cases: [string, Parameters<typeof request>[1]][] = [
    ['first page', {}],
    ['second page', { cursor: first.page.nextCursor ?? undefined }],
    [`day ${day}`, { day }],
    ['type CDHDR', { type: 'CDHDR' }],
    ['type TICKETS', { type: 'TICKETS' }],
  ];
  console.log(`\n${label} user ${user}: ${total.toLocaleString('en-US')} entries`);
  for (const [name, q] of cases) {
    const times: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await request(user, q);
      times.push(last.ms);
    }
    console.log(`  ${name.padEnd(16)} median ${fmt(median(times))} ms  max ${fmt(Math.max(...times))} ms  (${last!.page.entries.length} entries, ${last!.page.rowsRead} rows read, ${last!.page.matched.toLocaleString('en-US')} matched)`);
  }
}

// 3. The scan an analysis without the index falls back to (one user, once).
if (process.env.TIMELINE_SCAN === '1') {
  const user = picks[1][1].user;
  const start = performance.now();
  const t = await buildUserTimeline(createReadStream(join(out, 'multi', 'results.csv')), user, report!.suspicious_patterns);
  console.log(`\nscan fallback for ${user}: ${fmt((performance.now() - start) / 1000, 2)} s (${t.scannedRecords.toLocaleString('en-US')} records read)`);
}
console.log(`\nload average while measuring: ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')} (2 cores)`);

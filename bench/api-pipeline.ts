/**
 * Pipeline bench through the running local stack (the same server `npm start` runs): presigned
 * upload of a large SM20 file, POST /analyze → completed for that file and for a 4-file
 * correlated run, and the p95 latency of GET /results while each analysis runs.
 *
 *   tsx bench/api-pipeline.ts            # 100 MB per file
 *   BENCH_API_MB=10 tsx bench/api-pipeline.ts   # smaller files
 *   BENCH_API_MULTI_MB=100 …                    # size of each of the 4 files (default a quarter)
 *   BENCH_API_ONLY=single …                     # the single SM20 file only
 *   BENCH_API_ONLY=multi …                      # the 4-file run only
 *   BENCH_API_DIRECT=0 …                        # without the engine-alone run of the same file
 *   BENCH_API_DATA_DIR=/tmp/x …                 # the stack's data folder, kept (to compare the stored outputs)
 * Each analysis is followed by its steps' times (the local runner's `pipeline step done` lines).
 */
import '../tests/support/polyfills.ts';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startTestStack, type TestClient, type TestStack } from '../tests/support/stack.ts';
import { analyseDirectly, fixturesOfSize } from '../tests/integration/pipeline-fixtures.ts';

const MB = 1024 * 1024;

interface Upload {
  fileId: string;
  seconds: number;
}

async function upload(client: TestClient, name: string, body: Buffer): Promise<Upload> {
  const started = await client.call('POST', '/upload', { fileName: name, fileType: 'csv' });
  if (started.status !== 200) throw new Error(`POST /upload: ${started.status} ${started.text}`);
  const t0 = performance.now();
  const put = await fetch(started.json.uploadUrl, { method: 'PUT', headers: { 'content-type': started.json.contentType }, body: body as unknown as BodyInit });
  await put.arrayBuffer();
  const seconds = (performance.now() - t0) / 1000;
  if (put.status >= 300) throw new Error(`PUT upload: ${put.status}`);
  const ready = await client.call('PUT', '/files', { fileId: started.json.fileId, status: 'ready', size: body.byteLength });
  if (ready.status !== 200) throw new Error(`PUT /files: ${ready.status} ${ready.text}`);
  return { fileId: started.json.fileId, seconds };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** POST /analyze, then poll to completion while a second loop measures GET /results. */
async function timeAnalysis(client: TestClient, fileIds: string[]) {
  const t0 = performance.now();
  // Process CPU (server thread, step workers and this client) next to wall time shows what a loaded machine cost.
  const cpu0 = process.cpuUsage();
  const res = await client.call('POST', '/analyze', { fileIds, analysisType: fileIds.length > 1 ? 'multi' : 'single', correlateFiles: fileIds.length > 1 });
  if (res.status !== 200) throw new Error(`POST /analyze: ${res.status} ${res.text}`);
  const id = res.json.analysisId as string;
  const latencies: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const s = performance.now();
      const list = await client.call('GET', '/results');
      latencies.push(performance.now() - s);
      if (list.status !== 200) throw new Error(`GET /results: ${list.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  let result: any;
  for (;;) {
    result = (await client.call('GET', `/results/${id}`)).json;
    if (result.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  done = true;
  await probe;
  if (result.status !== 'completed') throw new Error(`analysis ${result.status}: ${result.error}`);
  return { id, seconds, cpuSeconds, records: result.summary.total_records as number, p95: percentile(latencies, 95), samples: latencies.length };
}

/** The local runner's `pipeline step done` lines of one analysis: where its time went. */
function stepTimes(stack: TestStack, analysisId: string): string {
  return stack.logs
    .filter((l) => l.msg === 'pipeline step done' && l.data?.analysisId === analysisId)
    .map((l) => `${l.data?.step} ${((l.data?.ms as number) / 1000).toFixed(2)} s`)
    .join(', ');
}

/** The upload limit is 100 MiB; generated files aim a little below so none is refused. */
const MAX_UPLOAD_BYTES = 104_857_600;

export async function runPipelineBench(
  mbPerFile = Number(process.env.BENCH_API_MB ?? 100),
  report: (line: string) => void = (line) => console.log(`pipeline: ${line}`),
): Promise<string[]> {
  // PIPELINE_STEP_THREADS=1 measures the steps in one thread each (as on AWS).
  const threads = process.env.PIPELINE_STEP_THREADS;
  const dataDir = process.env.BENCH_API_DATA_DIR;
  const stack = await startTestStack({ inMemory: false, ...(dataDir ? { dataDir } : {}), ...(threads ? { env: { PIPELINE_STEP_THREADS: threads } } : {}) });
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(line);
    report(line);
  };
  try {
    const client = await stack.signIn(stack.user.email, stack.user.password);
    const bytes = Math.min(Math.round(mbPerFile * MB), MAX_UPLOAD_BYTES) * 0.97;
    const sm20 = Buffer.from(fixturesOfSize.sm20(bytes));
    const up = await upload(client, 'SM20_bench.csv', sm20);
    note(`upload ${(sm20.byteLength / MB).toFixed(1)} MB via presigned URL: ${up.seconds.toFixed(2)} s (${(sm20.byteLength / MB / up.seconds).toFixed(0)} MB/s)`);

    // Worker threads start (and compile TypeScript) on first use; measure that once, apart.
    const warm = await upload(client, 'SM20_warmup.csv', Buffer.from(fixturesOfSize.sm20(256 * 1024)));
    const cold = await timeAnalysis(client, [warm.fileId]);
    note(`first analysis after start (worker threads booting), 0.25 MB: ${cold.seconds.toFixed(2)} s`);

    const idle: number[] = [];
    for (let i = 0; i < 30; i++) {
      const s = performance.now();
      await client.call('GET', '/results');
      idle.push(performance.now() - s);
    }
    note(`GET /results with no analysis running: p95 ${percentile(idle, 95).toFixed(1)} ms`);

    if (process.env.BENCH_API_ONLY === 'multi') return await multiRun(client, stack, mbPerFile, note, lines);
    const single = await timeAnalysis(client, [up.fileId]);
    note(`single SM20 ${(sm20.byteLength / MB).toFixed(1)} MB, ${single.records} records: POST /analyze → completed ${single.seconds.toFixed(2)} s (CPU ${single.cpuSeconds.toFixed(1)} s; target 15 s); GET /results p95 ${single.p95.toFixed(1)} ms over ${single.samples} calls (target 100 ms)`);
    note(`  steps: ${stepTimes(stack, single.id)}`);
    if (process.env.BENCH_API_ONLY === 'single') return lines;

    if (process.env.BENCH_API_DIRECT !== '0') {
      const direct0 = performance.now();
      await analyseDirectly([{ name: 'SM20_bench.csv', bytes: sm20 }]);
      note(`the same SM20 file through the engine alone (no server, one thread): ${((performance.now() - direct0) / 1000).toFixed(2)} s`);
    }

    return await multiRun(client, stack, mbPerFile, note, lines);
  } finally {
    await stack.stop();
  }
}

/** The 4-file run: the same volume split over four files (BENCH_API_MULTI_MB per file). */
async function multiRun(client: TestClient, stack: TestStack, mbPerFile: number, note: (line: string) => void, lines: string[]): Promise<string[]> {
  const multiBytes = Math.min(Math.round(Number(process.env.BENCH_API_MULTI_MB ?? mbPerFile / 4) * MB), MAX_UPLOAD_BYTES) * 0.97;
  const files = [
    ['SM20_multi.csv', Buffer.from(fixturesOfSize.sm20(multiBytes))],
    ['CDHDR_multi.csv', Buffer.from(fixturesOfSize.cdhdr(multiBytes))],
    ['CDPOS_multi.csv', Buffer.from(fixturesOfSize.cdpos(multiBytes))],
    // Helpdesk exports are small next to audit logs (thousands of tickets, not hundreds of thousands).
    ['tickets_multi.csv', Buffer.from(fixturesOfSize.tickets(Math.min(multiBytes, MB)))],
  ] as const;
  const ids: string[] = [];
  for (const [name, body] of files) ids.push((await upload(client, name, body)).fileId);
  const totalMb = files.reduce((n, [, b]) => n + b.byteLength, 0) / MB;
  const multi = await timeAnalysis(client, ids);
  note(`4 files (SM20, CDHDR, CDPOS, tickets), ${totalMb.toFixed(1)} MB, ${multi.records} records: POST /analyze → completed ${multi.seconds.toFixed(2)} s (CPU ${multi.cpuSeconds.toFixed(1)} s; target 45 s); GET /results p95 ${multi.p95.toFixed(1)} ms over ${multi.samples} calls (target 100 ms)`);
  note(`  steps: ${stepTimes(stack, multi.id)}`);
  note(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')} (${availableParallelism()} cores)`);
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runPipelineBench();
}

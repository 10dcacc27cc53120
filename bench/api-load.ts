/**
 * API throughput at 50 connections on GET /files and GET /results (issue 26, item 9), against
 * the real local stack on loopback: idle, then while a 4-file correlated analysis runs. Each
 * phase stops at a request count or a duration, whichever comes first, and the run stops itself.
 * The load comes from a worker thread (its own event loop and core share), so the figures are
 * the server's, not the client's.
 *
 *   npm run bench:api
 *   BENCH_API_SECONDS=10 BENCH_API_REQUESTS=20000 BENCH_API_CONNECTIONS=50 BENCH_API_LOAD_MB=10 npm run bench:api
 */
import '../tests/support/polyfills.ts';
import { loadavg, availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { Session } from 'node:inspector/promises';
import { Agent, request } from 'undici';
import { startTestStack, type TestClient } from '../tests/support/stack.ts';
import { inWorker, percentile, serveWorker, uploadFile as upload } from './api-support.ts';
import { fixturesOfSize, sm20Csv, text } from '../tests/integration/pipeline-fixtures.ts';

const MB = 1024 * 1024;

interface LoadJob {
  apiUrl: string;
  token: string;
  paths: string[];
  connections: number;
  maxRequests: number;
  maxSeconds: number;
}

interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

/** Worker side: `connections` loops, each one request at a time over its own keep-alive connection. */
async function runLoad(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ connections: job.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  let sent = 0;
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + job.maxSeconds * 1000;
  const loop = async (i: number) => {
    let n = i;
    while (sent < job.maxRequests && performance.now() < deadline) {
      sent++;
      const path = job.paths[n++ % job.paths.length]!;
      const s = performance.now();
      try {
        const res = await request(`${job.apiUrl}${path}`, { dispatcher: agent, headers: { authorization: `Bearer ${job.token}` } });
        await res.body.arrayBuffer();
        if (res.statusCode !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: job.connections }, (_, i) => loop(i)));
  const seconds = (performance.now() - t0) / 1000;
  await agent.close();
  return { requests: latencies.length, errors, seconds, latencies };
}

serveWorker(runLoad);

const load = (job: LoadJob) => inWorker<LoadJob, LoadResult>(import.meta.url, job);

function summariseLoad(label: string, r: LoadResult): string {
  const s = r.latencies;
  const [l1, l5, l15] = loadavg();
  return `${label}: ${r.requests} requests in ${r.seconds.toFixed(1)} s = ${(r.requests / r.seconds).toFixed(0)} req/s, p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, ${r.errors} errors (load average ${l1!.toFixed(1)} ${l5!.toFixed(1)} ${l15!.toFixed(1)} on ${availableParallelism()} cores)`;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
  children?: number[];
}

/** Where the server thread's samples fall, grouped by package (or file for the app's own code). */
function summariseProfile(nodes: ProfileNode[], top = 12): string[] {
  const total = nodes.reduce((n, x) => n + (x.hitCount ?? 0), 0) || 1;
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const n of nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const url = n.callFrame.url;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const group = pkg ?? (url.includes('/packages/') ? url.slice(url.indexOf('/packages/') + 1) : url.startsWith('node:') ? url : url ? 'other' : `(${n.callFrame.functionName || 'program'})`);
    byGroup.set(group, (byGroup.get(group) ?? 0) + hits);
    const fn = `${n.callFrame.functionName || '(anonymous)'} ${pkg ?? group}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
  }
  const fmt = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
  return ['by package or file (self time):', ...fmt(byGroup), 'by function (self time):', ...fmt(byFunction)];
}

/** With BENCH_API_PROFILE=1, samples the server thread while `fn` runs and reports where the time went. */
async function profiled<T>(report: (line: string) => void, fn: () => Promise<T>): Promise<T> {
  if (process.env.BENCH_API_PROFILE !== '1') return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  const out = await fn();
  const { profile } = (await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[] } };
  session.disconnect();
  for (const line of summariseProfile(profile.nodes)) report(line);
  return out;
}

async function analyse(client: TestClient, fileIds: string[]): Promise<string> {
  const res = await client.call('POST', '/analyze', { fileIds, analysisType: fileIds.length > 1 ? 'multi' : 'single', correlateFiles: fileIds.length > 1 });
  if (res.status !== 200) throw new Error(`POST /analyze: ${res.status} ${res.text}`);
  return res.json.analysisId as string;
}

async function waitFor(client: TestClient, id: string): Promise<string> {
  for (;;) {
    const status = (await client.call('GET', `/results/${id}`)).json.status as string;
    if (status !== 'processing') return status;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function runApiLoadBench(report: (line: string) => void = console.log): Promise<void> {
  const connections = Number(process.env.BENCH_API_CONNECTIONS ?? 50);
  const maxRequests = Number(process.env.BENCH_API_REQUESTS ?? 20_000);
  const maxSeconds = Number(process.env.BENCH_API_SECONDS ?? 10);
  const loadMb = Number(process.env.BENCH_API_LOAD_MB ?? 10);
  // Tables on disk, as npm start keeps them.
  const stack = await startTestStack({ quietErrors: true });
  try {
    const client = await stack.signIn(stack.user.email, stack.user.password);
    // A user with some history: 8 files and 3 completed analyses.
    const small: string[] = [];
    for (let i = 0; i < 8; i++) small.push(await upload(client, `sm20_${i}.csv`, text(sm20Csv(200))));
    for (let i = 0; i < 3; i++) await waitFor(client, await analyse(client, [small[i]!]));
    const job: LoadJob = { apiUrl: stack.apiUrl, token: client.idToken, paths: ['/files', '/results'], connections, maxRequests, maxSeconds };
    // Warm-up (JIT, connections), not reported.
    await load({ ...job, maxRequests: 2000, maxSeconds: 3 });
    report(summariseLoad(`idle, ${connections} connections, GET /files + GET /results`, await profiled(report, () => load(job))));

    const bytes = Math.round(loadMb * MB);
    const files = [
      await upload(client, 'SM20_load.csv', fixturesOfSize.sm20(bytes)),
      await upload(client, 'CDHDR_load.csv', fixturesOfSize.cdhdr(bytes)),
      await upload(client, 'CDPOS_load.csv', fixturesOfSize.cdpos(bytes)),
      await upload(client, 'tickets_load.csv', fixturesOfSize.tickets(Math.min(bytes, MB))),
    ];
    const id = await analyse(client, files);
    // Give the analysis a second to get its steps going, then load while it runs.
    await new Promise((r) => setTimeout(r, 1000));
    const during = await profiled(report, () => load(job));
    const still = (await client.call('GET', `/results/${id}`)).json.status;
    report(summariseLoad(`during a 4-file analysis (${loadMb} MB per file; ${still === 'processing' ? 'still running at the end' : `it ended (${still}) before the phase`})`, during));
    const final = await waitFor(client, id);
    if (final !== 'completed') report(`the 4-file analysis ended ${final}: ${(await client.call('GET', `/results/${id}`)).json.error}`);
  } finally {
    await stack.stop();
  }
}

if (isMainThread && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runApiLoadBench().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}

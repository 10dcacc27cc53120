/**
 * The page figures of issue 24's "Done when", through the real local stack (the server `npm start`
 * runs), on real analyses of the 4 bench files (`bench/out/{sm20,cdhdr,cdpos,tickets}-<MB>mb.csv`,
 * made as `npm run bench` makes them when missing):
 *
 *   (a) the first page of cases and the first page of findings of a 4-file analysis: p50/p95 over
 *       BENCH_PAGES_REQUESTS (default 20) requests, each of a different analysis and filter than
 *       the one before (no answer is reused), after the first read of each analysis apart;
 *   (b) while one user pages through the findings of three such analyses continuously, another
 *       user's GET /files: p50/p95 (and the same GET /files with nobody paging, for comparison).
 *
 * Also (a) the results page's own reads: GET /results/{id} and a page of its patterns anywhere in the list.
 * Targets: (a) under 300 ms, (b) p95 under 300 ms, on 4 x 100 MB (1.25 M records).
 *
 *   npm run bench:pages                          # 100 MB per file
 *   BENCH_PAGES_MB=10 npm run bench:pages        # 10 MB per file
 *   BENCH_PAGES_SECONDS=20 BENCH_PAGES_ANALYSES=3 …
 *   BENCH_PAGES_LINKED=1 …                       # analyse once; analyses 2.. hold its outputs (hard links)
 *
 * Both users' requests come from a worker thread (its own event loop), so the latencies are the
 * server's and not this script's, which shares the process with the stack.
 */
import '../tests/support/polyfills.ts';
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { Agent, request } from 'undici';
import { getAnalysis, listAnalyses, putAnalysis } from '@app/functions/services/analyses/analysis-item.ts';
import { analysisPrefix } from '@app/functions/services/workspace.ts';
import { MAX_FILE_BYTES } from '@app/functions/services/files.ts';
import { startTestStack, type TestClient, type TestStack } from '../tests/support/stack.ts';
import { inWorker as inWorkerOf, percentile, serveWorker, uploadFile as upload } from './api-support.ts';
import { generateCdhdr, generateCdpos, generateSm20, generateTickets } from './generate.ts';

const MB = Number(process.env.BENCH_PAGES_MB ?? 100);
const REQUESTS = Math.max(2, Number(process.env.BENCH_PAGES_REQUESTS ?? 20));
const SECONDS = Math.max(2, Number(process.env.BENCH_PAGES_SECONDS ?? 20));
const ANALYSES = Math.max(1, Number(process.env.BENCH_PAGES_ANALYSES ?? 3));
/** BENCH_PAGES_LINKED=1: analyse the files once; the other analyses hold its stored outputs (hard links). */
const LINKED = process.env.BENCH_PAGES_LINKED === '1';
const MiB = 1024 * 1024;

const stats = (v: number[]) => `p50 ${percentile(v, 50).toFixed(0)} ms, p95 ${percentile(v, 95).toFixed(0)} ms, max ${Math.max(...v).toFixed(0)} ms (n=${v.length})`;

// ---- the worker: the users' requests ----

interface LoadJob {
  kind: 'sequence' | 'paging';
  apiUrl: string;
  /** sequence: these paths one after the other, each timed. */
  token?: string;
  paths?: string[];
  /** paging: `pager` follows nextCursor through each analysis's findings in turn while `prober` lists its files. */
  pager?: { token: string; analyses: string[] };
  prober?: { token: string };
  seconds?: number;
}

interface LoadResult {
  latencies: number[];
  probe: number[];
  pages: number;
  errors: string[];
}

async function timedGet(agent: Agent, apiUrl: string, token: string, path: string): Promise<{ ms: number; status: number; body: unknown }> {
  const t0 = performance.now();
  const res = await request(`${apiUrl}${path}`, { dispatcher: agent, headers: { authorization: `Bearer ${token}` } });
  const text = await res.body.text();
  const ms = performance.now() - t0;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { ms, status: res.statusCode, body };
}

async function runJob(job: LoadJob): Promise<LoadResult> {
  const agent = new Agent({ connections: 4, pipelining: 1, keepAliveTimeout: 30_000 });
  const out: LoadResult = { latencies: [], probe: [], pages: 0, errors: [] };
  try {
    if (job.kind === 'sequence') {
      for (const path of job.paths!) {
        const r = await timedGet(agent, job.apiUrl, job.token!, path);
        if (r.status !== 200) out.errors.push(`${path}: ${r.status}`);
        out.latencies.push(r.ms);
      }
      return out;
    }
    const deadline = performance.now() + job.seconds! * 1000;
    const paging = (async () => {
      if (job.pager!.analyses.length === 0) return;
      const cursors = job.pager!.analyses.map(() => '');
      for (let k = 0; performance.now() < deadline; k++) {
        const i = k % cursors.length;
        const id = job.pager!.analyses[i]!;
        const r = await timedGet(agent, job.apiUrl, job.pager!.token, `/results/${id}/findings?limit=50${cursors[i] ? `&cursor=${cursors[i]}` : ''}`);
        if (r.status !== 200) {
          out.errors.push(`findings page: ${r.status}`);
          continue;
        }
        out.pages++;
        out.latencies.push(r.ms);
        cursors[i] = (r.body as { nextCursor: string | null }).nextCursor ?? '';
      }
    })();
    const probing = (async () => {
      if (!job.prober) return;
      while (performance.now() < deadline) {
        const r = await timedGet(agent, job.apiUrl, job.prober.token, '/files');
        if (r.status !== 200) out.errors.push(`GET /files: ${r.status}`);
        out.probe.push(r.ms);
        await new Promise((res) => setTimeout(res, 25));
      }
    })();
    await Promise.all([paging, probing]);
    return out;
  } finally {
    await agent.close();
  }
}

serveWorker(runJob);

const inWorker = (job: LoadJob) => inWorkerOf<LoadJob, LoadResult>(import.meta.url, job);

// ---- the bench files, as `npm run bench` makes them ----

const outDir = new URL('./out/', import.meta.url).pathname;

async function ensure(name: string, make: (path: string, bytes: number) => Promise<number>): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  const path = join(outDir, `${name}-${MB}mb.csv`);
  if (!existsSync(path) || Math.abs(statSync(path).size - MB * MiB) > MiB) await make(path, MB * MiB);
  return path;
}

async function analyse(client: TestClient, fileIds: string[]): Promise<{ id: string; seconds: number; records: number }> {
  const t0 = performance.now();
  const res = await client.call('POST', '/analyze', { fileIds, analysisType: 'multi', correlateFiles: true });
  if (res.status !== 200) throw new Error(`POST /analyze: ${res.status} ${res.text}`);
  const id = res.json.analysisId as string;
  for (;;) {
    const r = await client.call('GET', `/results/${id}`);
    if (r.json.status === 'completed') return { id, seconds: (performance.now() - t0) / 1000, records: r.json.summary?.total_records ?? 0 };
    if (r.json.status !== 'processing') throw new Error(`analysis ${r.json.status}: ${r.json.error ?? ''}`);
    await new Promise((res) => setTimeout(res, 500));
  }
}

/**
 * The bench files of 100 MB are made to 100 MiB give or take a row, a little over the upload limit
 * (MAX_FILE_BYTES): the rows past it are left out (at most a few hundred of over a million).
 */
function withinUploadLimit(bytes: Buffer): Buffer {
  return bytes.byteLength <= MAX_FILE_BYTES ? bytes : bytes.subarray(0, bytes.lastIndexOf(10, MAX_FILE_BYTES - 1) + 1);
}

/** The local runner's `pipeline step done` lines of one analysis. */
function stepTimes(stack: TestStack, analysisId: string): string {
  return stack.logs
    .filter((l) => l.msg === 'pipeline step done' && l.data?.analysisId === analysisId)
    .map((l) => `${l.data?.step} ${((l.data?.ms as number) / 1000).toFixed(1)} s`)
    .join(', ');
}

function analysisDir(stack: TestStack, sub: string, analysisId: string): string {
  return stack.services.blobs.localPath!(analysisPrefix(sub, analysisId).slice(0, -1));
}

function storedSizes(stack: TestStack, sub: string, analysisId: string): string {
  const dir = analysisDir(stack, sub, analysisId);
  return readdirSync(dir)
    .filter((n) => statSync(join(dir, n)).isFile())
    .map((n) => `${n} ${(statSync(join(dir, n)).size / MiB).toFixed(0)} MB`)
    .join(', ');
}

/**
 * Another analysis of the caller holding the first one's stored outputs (hard links, so three
 * analyses of 4 x 100 MB do not take three times the disk): its own item, keys and review state.
 */
async function linkedCopy(stack: TestStack, sub: string, from: string): Promise<string> {
  const item = await getAnalysis(stack.services, sub, from);
  if (!item?.outputs) throw new Error(`analysis ${from} has no outputs`);
  const id = randomUUID();
  const [src, dst] = [analysisPrefix(sub, from), analysisPrefix(sub, id)];
  mkdirSync(analysisDir(stack, sub, id), { recursive: true });
  for (const n of readdirSync(analysisDir(stack, sub, from))) {
    if (statSync(join(analysisDir(stack, sub, from), n)).isFile()) linkSync(join(analysisDir(stack, sub, from), n), join(analysisDir(stack, sub, id), n));
  }
  const { pk: _pk, sk: _sk, ...rest } = item;
  const outputs = Object.fromEntries(Object.entries(item.outputs).map(([k, v]) => [k, String(v).replace(src, dst)])) as typeof item.outputs;
  await putAnalysis(stack.services, { ...rest, analysisId: id, createdAt: new Date().toISOString(), outputs });
  return id;
}

const CASE_FILTERS = ['', '&risk=critical', '&risk=high', '&risk=medium', '&risk=low', '&review=open'];
const FINDING_FILTERS = ['', '&severity=critical', '&severity=high', '&status=open', '&severity=medium', '&status=explained'];

async function main() {
  console.log(`bench:pages: ${MB} MB per file, ${ANALYSES} analyses, Node ${process.version}, ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${new Date().toISOString()}`);
  const files = {
    sm20: await ensure('sm20', generateSm20),
    cdhdr: await ensure('cdhdr', generateCdhdr),
    cdpos: await ensure('cdpos', generateCdpos),
    tickets: await ensure('tickets', generateTickets),
  };
  // BENCH_PAGES_DATA_DIR: the stack's data in this folder, kept; a later run reads the analyses it holds instead of analysing again.
  const dataDir = process.env.BENCH_PAGES_DATA_DIR;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const stack = await startTestStack({ inMemory: false, quietErrors: true, ...(dataDir ? { dataDir, keepData: true } : {}) });
  try {
    const alice = await stack.signIn(stack.user.email, stack.user.password);
    const bob = await stack.createUser('bob@bench.local', 'Bob-Bench-Pass-1!');
    await upload(bob, 'bob-sm20.csv', Buffer.from('Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text\r\n03.11.2026,10:00:00,100,BOB,T1,VA01,SAPMV45A,AU3,Transaction VA01 started\r\n'));
    const kept = dataDir ? (await listAnalyses(stack.services, alice.sub)).filter((a) => a.status === 'completed' && a.fileNames.includes(`sm20-${MB}mb.csv`)).sort((a, b) => a.createdAt.localeCompare(b.createdAt)) : [];
    const analyses: string[] = kept.slice(0, ANALYSES).map((a) => a.analysisId);
    if (analyses.length > 0) console.log(`${analyses.length} analyses kept in ${dataDir}: read, not analysed again`);
    const fileIds: string[] = [];
    if (analyses.length < (LINKED ? 1 : ANALYSES)) for (const [name, path] of Object.entries(files)) fileIds.push(await upload(alice, `${name}-${MB}mb.csv`, withinUploadLimit(readFileSync(path))));
    for (let i = analyses.length; i < ANALYSES; i++) {
      if (i > 0 && LINKED) {
        analyses.push(await linkedCopy(stack, alice.sub, analyses[0]!));
        console.log(`analysis ${i + 1}: the stored outputs of analysis 1 under a new analysis (hard links; BENCH_PAGES_LINKED)`);
        continue;
      }
      const cpu0 = process.cpuUsage();
      const a = await analyse(alice, fileIds);
      const cpu = process.cpuUsage(cpu0);
      analyses.push(a.id);
      console.log(`analysis ${i + 1} of the 4 files: ${a.records.toLocaleString('en-US')} records, POST /analyze -> completed in ${a.seconds.toFixed(1)} s (process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s); steps: ${stepTimes(stack, a.id)}`);
      console.log(`  stored: ${storedSizes(stack, alice.sub, a.id)}`);
    }
    const findings = await alice.call('GET', `/results/${analyses[0]}/findings?limit=1`);
    const cases = await alice.call('GET', `/results/${analyses[0]}/cases?limit=1`);
    console.log(`each analysis: ${(findings.json.counts?.total ?? 0).toLocaleString('en-US')} findings in ${(cases.json.counts?.total ?? 0).toLocaleString('en-US')} cases`);

    // (a) The first read of each analysis (its stored index loaded into a review worker), then REQUESTS first pages.
    const first = await inWorker({
      kind: 'sequence',
      apiUrl: stack.apiUrl,
      token: alice.idToken,
      paths: analyses.flatMap((id) => [`/results/${id}/cases?limit=25`, `/results/${id}/findings?limit=50`]),
    });
    console.log(`(a) first read after completion, cases then findings of each analysis: ${first.latencies.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
    const casePaths = Array.from({ length: REQUESTS }, (_, k) => `/results/${analyses[k % analyses.length]}/cases?limit=25${CASE_FILTERS[k % CASE_FILTERS.length]}`);
    const findingPaths = Array.from({ length: REQUESTS }, (_, k) => `/results/${analyses[k % analyses.length]}/findings?limit=50${FINDING_FILTERS[k % FINDING_FILTERS.length]}`);
    const casesPage = await inWorker({ kind: 'sequence', apiUrl: stack.apiUrl, token: alice.idToken, paths: casePaths });
    const findingsPage = await inWorker({ kind: 'sequence', apiUrl: stack.apiUrl, token: alice.idToken, paths: findingPaths });
    for (const r of [first, casesPage, findingsPage]) if (r.errors.length) throw new Error(`errors: ${r.errors.slice(0, 5).join('; ')}`);
    console.log(`(a) first page of cases (25), ${REQUESTS} requests over ${analyses.length} analyses and ${CASE_FILTERS.length} filters: ${stats(casesPage.latencies)} (target < 300 ms)`);
    console.log(`(a) first page of findings (50), ${REQUESTS} requests over ${analyses.length} analyses and ${FINDING_FILTERS.length} filters: ${stats(findingsPage.latencies)} (target < 300 ms)`);

    // (a) The results page's own reads: the analysis (report.json carries the first patterns) and a page deep in its patterns (ranged reads of the stored table).
    const result = await alice.call('GET', `/results/${analyses[0]}`);
    const patternTotal = Number(result.json.suspicious_patterns_total ?? result.json.suspicious_patterns?.length ?? 0);
    const resultPaths = Array.from({ length: REQUESTS }, (_, k) => `/results/${analyses[k % analyses.length]}`);
    const patternPaths = Array.from({ length: REQUESTS }, (_, k) => `/results/${analyses[k % analyses.length]}/patterns?limit=25&offset=${Math.max(0, Math.floor((patternTotal * (k % 10)) / 10) - 25)}`);
    const resultPage = await inWorker({ kind: 'sequence', apiUrl: stack.apiUrl, token: alice.idToken, paths: resultPaths });
    const patternPage = await inWorker({ kind: 'sequence', apiUrl: stack.apiUrl, token: alice.idToken, paths: patternPaths });
    for (const r of [resultPage, patternPage]) if (r.errors.length) throw new Error(`errors: ${r.errors.slice(0, 5).join('; ')}`);
    console.log(`(a) GET /results/{id} (${(result.json.suspicious_patterns?.length ?? 0).toLocaleString('en-US')} of ${patternTotal.toLocaleString('en-US')} patterns carried, ${(result.text.length / 1024).toFixed(0)} KB), ${REQUESTS} requests: ${stats(resultPage.latencies)} (target < 300 ms)`);
    console.log(`(a) a page of 25 patterns at offsets spread over all ${patternTotal.toLocaleString('en-US')}, ${REQUESTS} requests: ${stats(patternPage.latencies)} (target < 300 ms)`);

    // (b) Another user's GET /files, alone and while the first user pages through the findings of every analysis.
    const idle = await inWorker({ kind: 'paging', apiUrl: stack.apiUrl, pager: { token: alice.idToken, analyses: [] }, prober: { token: bob.idToken }, seconds: Math.min(5, SECONDS) });
    console.log(`(b) bob's GET /files with nobody paging: ${stats(idle.probe)}`);
    const busy = await inWorker({ kind: 'paging', apiUrl: stack.apiUrl, pager: { token: alice.idToken, analyses }, prober: { token: bob.idToken }, seconds: SECONDS });
    if (busy.errors.length) console.log(`(b) errors: ${busy.errors.slice(0, 5).join('; ')}${busy.errors.length > 5 ? ` … (${busy.errors.length})` : ''}`);
    console.log(`(b) alice paging through the findings of ${analyses.length} analyses for ${SECONDS} s: ${busy.pages} pages, ${stats(busy.latencies)}`);
    console.log(`(b) bob's GET /files meanwhile: ${stats(busy.probe)} (target p95 < 300 ms)`);
    console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await stack.stop();
  }
}

if (isMainThread) await main();

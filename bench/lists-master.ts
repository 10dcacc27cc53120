/**
 * Master-list bench through the running local stack (tables on disk, as `npm start` runs):
 * POST /master-import of a 50k-row TSTCT CSV and a 50k-row DD02T CSV, then the latency of
 * GET /master-tcodes/search and /master-tables/search with 100k entries in the lists.
 *
 *   tsx bench/lists-master.ts
 *   BENCH_MASTER_ROWS=20000 tsx bench/lists-master.ts
 */
import '../tests/support/polyfills.ts';
import { fileURLToPath } from 'node:url';
import { startTestStack, type TestClient } from '../tests/support/stack.ts';

function tstct(rows: number): string {
  const lines = ['SPRSL,TCODE,TTEXT'];
  for (let i = 0; i < rows; i++) lines.push(`E,Y${String(i).padStart(6, '0')},Bench transaction ${i}`);
  return lines.join('\r\n') + '\r\n';
}

function dd02t(rows: number): string {
  const lines = ['TABNAME,DDLANGUAGE,DDTEXT'];
  for (let i = 0; i < rows; i++) lines.push(`YT${String(i).padStart(6, '0')},E,Bench table ${i}`);
  return lines.join('\r\n') + '\r\n';
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function timeImport(admin: TestClient, type: 'tcodes' | 'tables', csvContent: string) {
  const t0 = performance.now();
  const res = await admin.call('POST', '/master-import', { type, csvContent });
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`POST /master-import: ${res.status} ${res.text}`);
  return { seconds, imported: res.json.imported as number };
}

async function timeSearches(client: TestClient, path: string, prefixes: string[]) {
  const latencies: number[] = [];
  let results = 0;
  for (const q of prefixes) {
    const t0 = performance.now();
    const res = await client.call('GET', `${path}?q=${encodeURIComponent(q)}&limit=20`);
    latencies.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
    results += res.json.results.length;
  }
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), calls: prefixes.length, avgResults: results / prefixes.length };
}

export async function runListsBench(
  rows = Number(process.env.BENCH_MASTER_ROWS ?? 50_000),
  report: (line: string) => void = (line) => console.log(`lists: ${line}`),
): Promise<string[]> {
  const stack = await startTestStack({ inMemory: false });
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(line);
    report(line);
  };
  try {
    const admin = await stack.signIn(stack.admin.email, stack.admin.password);
    const user = await stack.signIn(stack.user.email, stack.user.password);
    const tc = await timeImport(admin, 'tcodes', tstct(rows));
    note(`master import, TSTCT CSV ${tc.imported} rows: ${tc.seconds.toFixed(2)} s (${Math.round(tc.imported / tc.seconds)} rows/s)`);
    const tb = await timeImport(admin, 'tables', dd02t(rows));
    note(`master import, DD02T CSV ${tb.imported} rows: ${tb.seconds.toFixed(2)} s (${Math.round(tb.imported / tb.seconds)} rows/s)`);

    // Two-to-six-character prefixes, spread over the lists; the first round warms the connection.
    const prefixes = Array.from({ length: 200 }, (_, i) => {
      const n = String((i * 7919) % rows).padStart(6, '0');
      return n.slice(0, 1 + (i % 5));
    });
    await timeSearches(user, '/master-tcodes/search', ['Y0', 'Y1']);
    const t = await timeSearches(user, '/master-tcodes/search', prefixes.map((p) => `Y${p}`));
    note(`GET /master-tcodes/search with ${rows + 395} entries: p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms over ${t.calls} calls (${t.avgResults.toFixed(1)} results each)`);
    const b = await timeSearches(user, '/master-tables/search', prefixes.map((p) => `YT${p}`));
    note(`GET /master-tables/search with ${rows + 411} entries: p50 ${b.p50.toFixed(1)} ms, p95 ${b.p95.toFixed(1)} ms over ${b.calls} calls (${b.avgResults.toFixed(1)} results each)`);
  } finally {
    await stack.stop();
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runListsBench();
}

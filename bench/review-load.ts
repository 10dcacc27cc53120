/**
 * Review load bench (issue 24, issue 26 item 1), on the real local stack: one user pages through
 * the findings and cases of three large analyses while another user lists their files.
 *
 * The three analyses are real analyses of a small file whose stored findings.ndjson and cases.json
 * are replaced by large synthetic ones (BENCH_FINDINGS findings each, default 250,000, about 700
 * bytes a line with their evidence record, 300 actors): what the service reads is what an analysis
 * of 1.25 M records stores, without spending minutes of both cores analysing three of them.
 *
 *   npx tsx bench/review-load.ts
 *   BENCH_FINDINGS=100000 BENCH_SECONDS=20 npx tsx bench/review-load.ts
 *
 * Reports: the index built at completion (what MarkCompleted does), the first page of cases (the
 * worker loads the stored index) and of findings of each analysis, then warm; GET /files of the other user alone
 * and while the first user pages (p50/p95/max); the first user's page times.
 */
import '../tests/support/polyfills.ts';
import { loadavg } from 'node:os';
import type { Case, CasesFile } from '@app/core/cases/index.ts';
import type { Finding } from '@app/core/review/index.ts';
import { artifactKeys, prepareFindingsIndex } from '@app/functions/services/review/finding-store.ts';
import { startTestStack, type TestClient } from '../tests/support/stack.ts';
import { sm20Csv, text } from '../tests/integration/pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from '../tests/integration/pipeline-support.ts';

const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 250_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ACTORS = 300;

const RULES = [
  ['PAT-BANK-CHANGE-THEN-PAYMENT', 'Bank details changed, then a payment', 'critical', 'pattern'],
  ['PAT-DEBUGGER-DATA-CHANGE', 'Debugger change followed by a data change', 'critical', 'pattern'],
  ['PAT-AFTER-HOURS-CHANGE', 'Change outside business hours', 'high', 'pattern'],
  ['PAT-CHANGE-WITHOUT-TICKET', 'Change without a ticket', 'high', 'pattern'],
  ['TCODE-HIGH-RISK', 'High-risk transaction', 'high', 'record'],
  ['TABLE-HIGH-RISK', 'High-risk table', 'high', 'record'],
  ['SAL-DEBUG-CHANGE', 'Field content changed in the debugger', 'critical', 'record'],
  ['FIELD-SENSITIVE', 'Sensitive field changed', 'high', 'record'],
] as const;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const stats = (v: number[]) => `n=${v.length} p50 ${percentile(v, 50).toFixed(1)} ms, p95 ${percentile(v, 95).toFixed(1)} ms, max ${Math.max(...v).toFixed(1)} ms`;

/** findings.ndjson and cases.json of a large analysis: actors with skewed volumes, grouped by case in case order. */
function synthetic(analysisId: string, seed: number): { ndjson: Buffer; cases: Buffer } {
  let x = seed;
  const rand = () => ((x = (x * 1103515245 + 12345) % 2147483648), x / 2147483648);
  // A few batch users hold most findings, as in the export.
  const weights = Array.from({ length: ACTORS }, (_, i) => 1 / (i + 1) ** 1.1);
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.round((w / sum) * FINDINGS)));
  const lines: string[] = [];
  const cases: Case[] = [];
  for (let a = 0; a < ACTORS; a++) {
    const actor = a < 5 ? `BATCH_${a}` : `USER${String(a).padStart(3, '0')}`;
    const id = `case-${analysisId.slice(0, 8)}-${a}`;
    const offset = lines.length;
    const ruleCounts = new Map<string, number>();
    let t = Date.UTC(2026, 8, 1) + a * 1000;
    for (let i = 0; i < counts[a]!; i++) {
      const r = RULES[Math.floor(rand() * (a < 5 ? 4 : RULES.length))]!;
      t += Math.floor(rand() * 120_000);
      const time = new Date(t).toISOString().slice(0, 19).replace('T', ' ');
      ruleCounts.set(r[0], (ruleCounts.get(r[0]) ?? 0) + 1);
      const f: Finding = {
        findingId: (BigInt(seed) * 1_000_000_007n + BigInt(lines.length)).toString(16).padStart(20, '0').slice(-20),
        kind: r[3],
        rule: { id: r[0], title: r[1], severity: r[2] },
        user: actor,
        time,
        object: `OBJ${Math.floor(rand() * 500)}`,
        terminal: `TERM${a % 40}`,
        summary: `${r[1]}: ${actor} at ${time}`,
        source: r[3] === 'record' ? { flag: 'HIGH_RISK_TCODE_FLAG', file: 'sm20.csv', fileType: 'SM20' } : { file: 'sm20.csv' },
        evidence: [
          {
            SOURCE_FILE: 'sm20.csv',
            DATE: time.slice(0, 10),
            TIME: time.slice(11),
            USER: actor,
            TERMINAL: `TERM${a % 40}`,
            TCODE: 'FK02',
            PROGRAM: 'SAPMF02K',
            EVENT: 'AU3',
            MESSAGE: `Transaction FK02 started by ${actor} from TERM${a % 40}, vendor master change, session ${Math.floor(rand() * 1e9)}`,
            CLIENT: '100',
            RULES: r[0],
            FLAG_REASON: `${r[1]} (${r[2]})`,
          },
        ],
        caseId: id,
      };
      lines.push(JSON.stringify(f));
    }
    const rules = [...ruleCounts].map(([rule, count]) => ({ rule, count, first_time: '2026-09-01 08:00:00', routine: a < 5 }));
    cases.push({
      id,
      actor,
      actor_kind: 'user',
      risk_level: a < 12 ? 'critical' : a < 40 ? 'high' : a < 150 ? 'medium' : 'low',
      score: 100 - Math.floor(a / 3),
      first_time: '2026-09-01 08:00:00',
      last_time: '2026-09-21 18:00:00',
      days: 15,
      files: ['sm20.csv'],
      rules,
      escalations: [],
      watchlists: [],
      reasons: rules.map((r) => `${r.rule}: ${r.count} times, first on ${r.first_time}`),
      patterns: counts[a]!,
      records: 0,
      context: 0,
      findings_offset: offset,
      findings_count: counts[a]!,
    });
  }
  const file: CasesFile = {
    version: 1,
    settings: { timeZone: 'UTC', holidayCalendar: 'DE', businessHours: { start: '08:00', end: '18:00', days: [1, 2, 3, 4, 5] }, thresholds: {}, lists: {}, period: { first: '2026-09-01', last: '2026-09-21' } },
    cases,
  };
  return { ndjson: Buffer.from(`${lines.join('\n')}\n`), cases: Buffer.from(JSON.stringify(file)) };
}

async function timed(client: TestClient, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await client.call('GET', path);
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  return ms;
}

async function main() {
  const stack = await startTestStack({ inMemory: true, quietErrors: true });
  try {
    const alice = await stack.signIn(stack.user.email, stack.user.password);
    const bob = await stack.createUser('bob@bench.local', 'Bob-Bench-Pass-1!');
    await uploadAll(bob, [{ name: 'bob.csv', bytes: text(sm20Csv(50)) }]);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const [fileId] = (await uploadAll(alice, [{ name: `sm20-${i}.csv`, bytes: text(sm20Csv(100)) }])) as [string];
      const id = await startAnalysis(alice, [fileId]);
      if ((await waitForAnalysis(alice, id)).status !== 'completed') throw new Error('analysis failed');
      const k = artifactKeys(alice.sub, id);
      const made = synthetic(id, i + 1);
      await stack.services.blobs.put(k.findings, made.ndjson, 'application/x-ndjson');
      await stack.services.blobs.put(k.cases, made.cases, 'application/json');
      await stack.services.blobs.delete(k.index);
      ids.push(id);
      // What the pipeline's MarkCompleted step does: the index, built once in a review worker and stored.
      const t0 = performance.now();
      await prepareFindingsIndex(stack.services, alice.sub, id);
      const built = performance.now() - t0;
      const indexSize = (await stack.services.blobs.head(k.index))?.size ?? 0;
      console.log(
        `analysis ${i + 1}: ${FINDINGS.toLocaleString('en-US')} findings, findings.ndjson ${(made.ndjson.byteLength / 1e6).toFixed(0)} MB, cases.json ${(made.cases.byteLength / 1e6).toFixed(2)} MB; index built at completion in ${built.toFixed(0)} ms (${(indexSize / 1e6).toFixed(1)} MB)`,
      );
    }
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

    for (const [i, id] of ids.entries()) {
      const coldCases = await timed(alice, `/results/${id}/cases?limit=25`);
      const warmCases = await timed(alice, `/results/${id}/cases?limit=25`);
      const firstFindings = await timed(alice, `/results/${id}/findings?limit=50`);
      const filtered = await timed(alice, `/results/${id}/findings?limit=50&user=USER007&status=open`);
      const oneCase = await timed(alice, `/results/${id}/cases/case-${id.slice(0, 8)}-0?limit=50`);
      console.log(
        `analysis ${i + 1}: first page of cases (the worker loads the stored index) ${coldCases.toFixed(0)} ms, warm ${warmCases.toFixed(0)} ms; first page of findings ${firstFindings.toFixed(0)} ms; filtered ${filtered.toFixed(0)} ms; largest case's first members ${oneCase.toFixed(0)} ms`,
      );
    }

    const idle: number[] = [];
    const idleUntil = performance.now() + 5_000;
    while (performance.now() < idleUntil) idle.push(await timed(bob, '/files'));
    console.log(`bob GET /files alone: ${stats(idle)}`);

    // Alice: two requests in flight at all times, cycling through the three analyses and their pages.
    const aliceTimes: number[] = [];
    const bobTimes: number[] = [];
    let stop = false;
    let n = 0;
    const aliceLoop = async () => {
      while (!stop) {
        const id = ids[n % 3]!;
        const kind = n % 4;
        n++;
        const path =
          kind === 0
            ? `/results/${id}/findings?limit=50&cursor=${(n * 997) % (FINDINGS - 100)}`
            : kind === 1
              ? `/results/${id}/findings?limit=50&rule=TCODE-HIGH-RISK&status=open`
              : kind === 2
                ? `/results/${id}/cases?limit=25&risk=high`
                : `/results/${id}/cases/case-${id.slice(0, 8)}-${n % ACTORS}?limit=50`;
        aliceTimes.push(await timed(alice, path));
      }
    };
    const bobLoop = async () => {
      while (!stop) {
        bobTimes.push(await timed(bob, '/files'));
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const loops = [aliceLoop(), aliceLoop(), bobLoop()];
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    stop = true;
    await Promise.all(loops);
    console.log(`alice pages (two in flight, three analyses): ${stats(aliceTimes)}`);
    console.log(`bob GET /files meanwhile: ${stats(bobTimes)}`);
    console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await stack.stop();
  }
}

await main();
process.exit(0);

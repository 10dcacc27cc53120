/**
 * Steps of the one-machine stack on the engine's task pool (pipeline/step-tasks.ts): an upload of
 * 8 MB or more is read in byte ranges and its report written in parts on worker threads, and the
 * results are those of the engine in one thread.
 */
import type { ByteSink } from '@app/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { analyseDirectly, sm20Csv, text, type FixtureFile } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, env: { PIPELINE_STEP_THREADS: '2' } });
  alice = await stack.signIn(stack.user.email, stack.user.password);
});
afterAll(async () => {
  await stack?.stop();
});

/** About 10 MB: above the size from which a step uses the pool and a file is read in parts. */
const LARGE: FixtureFile = { name: 'SM20_large.csv', bytes: text(sm20Csv(110_000)) };

function memorySink(): ByteSink & { bytes(): Buffer } {
  const chunks: Buffer[] = [];
  return { write: (c) => void chunks.push(Buffer.from(c)), end: async () => {}, bytes: () => Buffer.concat(chunks) };
}

it('reads a large upload in parts and writes its report in parts, with the results of one thread', async () => {
  expect(LARGE.bytes.byteLength).toBeGreaterThan(8 * 1024 * 1024);
  const [fileId] = await uploadAll(alice, [LARGE]);
  const analysisId = await startAnalysis(alice, [fileId!]);
  const result = await waitForAnalysis(alice, analysisId, 120_000);
  expect(result.status).toBe('completed');

  const pooled = stack.logs.filter((l) => l.msg === 'pipeline step on the task pool' && l.data?.analysisId === analysisId).map((l) => l.data?.step);
  expect(pooled).toEqual(expect.arrayContaining(['ParseAndFlag', 'Report']));

  const csv = memorySink();
  const direct = await analyseDirectly([LARGE], { xlsx: memorySink(), csv });
  expect(result.summary).toEqual(direct.summary);
  expect(result.summary.total_records).toBe(110_000);
  // report.json carries the first patterns and the total; every one is read by page (the pattern table).
  expect(result.suspicious_patterns_total).toBe(direct.suspicious_patterns.length);
  const patterns: unknown[] = [];
  for (let offset = 0; offset < direct.suspicious_patterns.length; offset += 500) {
    const res = await alice.call('GET', `/results/${analysisId}/patterns?offset=${offset}&limit=500`);
    expect(res.status).toBe(200);
    patterns.push(...res.json.patterns);
  }
  expect(patterns).toEqual(direct.suspicious_patterns);
  expect(result.suspicious_patterns).toEqual(direct.suspicious_patterns.slice(0, result.suspicious_patterns.length));
  const downloaded = Buffer.from(await (await fetch(result.csvDownloadUrl)).arrayBuffer());
  expect(downloaded.byteLength).toBe(csv.bytes().byteLength);
  expect(downloaded.equals(csv.bytes())).toBe(true);
}, 180_000);

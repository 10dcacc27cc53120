/**
 * Issue 13, item 8: ids validated to 400 (a 10,000-character id gave 500), a damaged stored
 * result shown as a clear error with the downloads still offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputKeys } from '@app/functions/services/workspace.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
  alice = await stack.signIn(stack.user.email, stack.user.password);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('ids', () => {
  const long = 'a'.repeat(10_000);

  it('answers 400 naming the problem for a malformed analysis id in every route that takes one', async () => {
    for (const [method, path] of [
      ['GET', `/results/${long}`],
      ['DELETE', `/results/${long}`],
      ['GET', '/results/not-an-id'],
    ] as const) {
      const res = await alice.call(method, path);
      expect(res.status, `${method} ${path.slice(0, 30)}`).toBe(400);
      expect(res.json.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid analysis ID in the path: must be an analysisId returned by POST /analyze' });
    }
    const details = await alice.call('POST', '/flag-details', { analysisId: long, flagName: 'DEBUG_ACTIVITY' });
    expect(details.status).toBe(400);
    expect(details.json.error.code).toBe('BAD_REQUEST');
    expect(details.json.error.message).toContain('must be an analysisId returned by POST /analyze');
    const analyze = await alice.call('POST', '/analyze', { fileIds: [long] });
    expect(analyze.status).toBe(400);
    expect(analyze.json.error.message).toContain('must be a fileId returned by POST /upload');
  });
});

describe('a damaged stored result', () => {
  it('shows a clear error on the results and the flag details, and still offers the downloads', async () => {
    const [fileId] = await uploadAll(alice, [{ name: 'sm20.csv', bytes: text(sm20Csv(200)) }]);
    const analysisId = await startAnalysis(alice, [fileId!]);
    const done = await waitForAnalysis(alice, analysisId);
    expect(done.status).toBe('completed');
    const flag = Object.keys(done.summary.flag_counts).find((k) => done.summary.flag_counts[k] > 0)!;
    const key = outputKeys(alice.sub, analysisId).report;
    const chunks: Uint8Array[] = [];
    for await (const c of stack.services.blobs.read(key)) chunks.push(c);
    const whole = Buffer.concat(chunks);
    await stack.services.blobs.put(key, whole.subarray(0, Math.floor(whole.length / 2)).toString('utf8'), 'application/json');

    const res = await alice.call('GET', `/results/${analysisId}`);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('completed');
    expect(res.json.reportError).toBe('The stored summary of this analysis is damaged and cannot be shown; the Excel and CSV results can still be downloaded, or run the analysis again');
    expect(res.json.summary.total_records).toBe(200);
    const download = await fetch(res.json.excelDownloadUrl);
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    expect((await fetch(res.json.csvDownloadUrl)).status).toBe(200);

    const details = await alice.call('POST', '/flag-details', { analysisId, flagName: flag });
    expect(details.status).toBe(500);
    expect(details.json.error).toEqual({ code: 'RESULT_DAMAGED', message: res.json.reportError });
  });
});

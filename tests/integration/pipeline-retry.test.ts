import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { cdhdrCsv, cdposCsv, sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;

beforeAll(async () => {
  // Test-only fault injection in the local runner: the first attempt of these tasks in every
  // execution throws a TransientError, which the definition's Retry must absorb.
  const previous = process.env.PIPELINE_FAIL_ONCE;
  process.env.PIPELINE_FAIL_ONCE = 'ParseAndFlag,Correlate,Report';
  try {
    stack = await startTestStack({ inMemory: true });
  } finally {
    if (previous === undefined) delete process.env.PIPELINE_FAIL_ONCE;
    else process.env.PIPELINE_FAIL_ONCE = previous;
  }
  alice = await stack.signIn(stack.user.email, stack.user.password);
});
afterAll(async () => {
  await stack?.stop();
});

describe('transient task errors', () => {
  it('are retried with backoff and the analysis completes', async () => {
    const ids = await uploadAll(alice, [
      { name: 'sm20.csv', bytes: text(sm20Csv(60)) },
      { name: 'cdhdr.csv', bytes: text(cdhdrCsv(10)) },
      { name: 'cdpos.csv', bytes: text(cdposCsv(10)) },
    ]);
    const result = await waitForAnalysis(alice, await startAnalysis(alice, ids), 90_000);
    expect(result.error).toBeNull();
    expect(result.status).toBe('completed');
    expect(result.summary.total_records).toBe(60 + 10 + 20);
  });
});

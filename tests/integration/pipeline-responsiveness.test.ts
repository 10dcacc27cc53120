import { describe, expect, it } from 'vitest';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';
import { fixturesOfSize, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;

signedInStack((s) => ({ stack, user: alice } = s));

describe('while a large file is analysed', () => {
  it('the API keeps answering (parsing runs off the server thread)', async () => {
    const [fileId] = await uploadAll(alice, [{ name: 'SM20_large.csv', bytes: text(fixturesOfSize.sm20(10 * 1024 * 1024)) }]);
    const analysisId = await startAnalysis(alice, [fileId!]);
    // If parsing blocked the server's event loop, no answer could arrive while the analysis is
    // still processing: every poll would wait and then see it completed.
    let answeredWhileProcessing = 0;
    for (;;) {
      const list = await alice.call('GET', '/results');
      expect(list.status).toBe(200);
      const item = list.json.analyses.find((a: any) => a.analysisId === analysisId);
      if (item.status !== 'processing') break;
      answeredWhileProcessing++;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(answeredWhileProcessing).toBeGreaterThanOrEqual(5);
    const result = await waitForAnalysis(alice, analysisId);
    expect(result.status).toBe('completed');
    expect(result.summary.total_records).toBeGreaterThan(100_000);
  }, 120_000);
});

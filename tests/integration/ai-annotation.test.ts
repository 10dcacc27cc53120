/**
 * AI annotation through the real local stack: the pipeline's PrepareAnnotation → AnnotateBatches
 * → Report path against fake model servers (OpenAI-compatible and Bedrock HTTP/2) on loopback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { echoAnswer, startFakeBedrock, startFakeOpenAi, type FakeServer } from '../support/fake-ai.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { uploadAll, waitForAnalysis } from './pipeline-support.ts';
import { openFile } from '@app/core/formats/index.ts';

const SM20 = { name: 'SM20_ai.csv', bytes: text(sm20Csv(60)) };

async function analyse(client: TestClient, aiSettings?: Record<string, unknown>): Promise<any> {
  const [fileId] = await uploadAll(client, [SM20]);
  const res = await client.call('POST', '/analyze', { fileIds: [fileId], analysisType: 'single', correlateFiles: false, ...(aiSettings ? { aiSettings } : {}) });
  expect(res.status).toBe(200);
  return waitForAnalysis(client, res.json.analysisId, 90_000);
}

/** The combined CSV as rows of objects keyed by header. */
async function downloadCsv(url: string): Promise<Record<string, string>[]> {
  const res = await fetch(url);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const opened = await openFile((async function* () { yield bytes; })(), 'results.csv');
  const rows: Record<string, string>[] = [];
  for await (const batch of opened.batches()) for (const row of batch) rows.push(Object.fromEntries(opened.columns.map((c, i) => [c, row[i] ?? ''])));
  return rows;
}

describe('AI annotation with an OpenAI-compatible endpoint', () => {
  let fake: FakeServer;
  let stack: TestStack;
  let alice: TestClient;
  let failing = false;

  beforeAll(async () => {
    fake = await startFakeOpenAi((body) => (failing ? { status: 429 } : { text: echoAnswer(body.messages[1].content), inputTokens: 50, outputTokens: 10 }));
    stack = await startTestStack({ inMemory: true, env: { AI_PROVIDER: 'openai', AI_BASE_URL: fake.url, AI_MODEL: 'local-llm', AI_BATCH_SIZE: '25', AI_RETRY_BASE_MS: '5', AI_MAX_CONCURRENT_CALLS: '2' } });
    alice = await stack.signIn(stack.user.email, stack.user.password);
  });
  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });
  afterEach(() => {
    fake.requests.length = 0;
    failing = false;
  });

  it('offers the configured on-premises model', async () => {
    const res = await alice.call('GET', '/ai/models');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ available: true, provider: 'openai', defaultModel: 'local-llm' });
  });

  it('annotates every flagged record in batches and writes the output column', async () => {
    const result = await analyse(alice, { enabled: true, outputColumn: 'AI_Review' });
    expect(result.status).toBe('completed');
    const flagged = result.summary.flagged_records;
    expect(flagged).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(Math.ceil(flagged / 25));
    expect(fake.requests[0].body.model).toBe('local-llm');
    expect(result.ai).toMatchObject({ annotated: flagged, notAnnotated: 0, inputTokens: 50 * fake.requests.length, outputTokens: 10 * fake.requests.length });

    const rows = await downloadCsv(result.csvDownloadUrl);
    const withFlag = rows.filter((r) => ['DEBUG_FLAG', 'HIGH_RISK_TCODE_FLAG', 'TABLE_MAINT_FLAG', 'SENSITIVE_ACCESS_FLAG', 'OTHER', 'CHANGE_TIMING_FLAG', 'HIGH_RISK_TABLE_FLAG', 'CHANGE_VOLUME_FLAG'].some((f) => r[f]));
    expect(withFlag).toHaveLength(flagged);
    for (const r of withFlag) expect(r.AI_Review).toMatch(/^Reviewed /);
    for (const r of rows.filter((x) => !withFlag.includes(x))) expect(r.AI_Review).toBe('');
  });

  it('completes the analysis when the model keeps failing, saying how many were not annotated', async () => {
    failing = true;
    const result = await analyse(alice, { enabled: true });
    expect(result.status).toBe('completed');
    expect(result.ai.annotated).toBe(0);
    expect(result.ai.notAnnotated).toBe(result.summary.flagged_records);
    expect(result.ai.reason).toMatch(/429.*\(still refused after 10 tries\)/);
    // Each batch was tried ten times (backoff) before giving up.
    expect(fake.requests.length).toBe(10 * Math.ceil(result.summary.flagged_records / 25));
    // The result says so among its warnings.
    expect(result.warnings).toContainEqual(expect.stringMatching(new RegExp(`^AI annotation: ${result.summary.flagged_records} of ${result.summary.flagged_records} flagged records have none \\(.*429`)));
  });

  it('calls no model when AI is off', async () => {
    const result = await analyse(alice);
    expect(result.status).toBe('completed');
    expect(result.ai).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('AI annotation with Bedrock', () => {
  it('sends Converse calls for the chosen model and records tokens', async () => {
    process.env.AWS_ACCESS_KEY_ID ??= 'test';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
    const fake = await startFakeBedrock((body) => ({ text: echoAnswer(body.messages[0].content[0].text), inputTokens: 7, outputTokens: 3 }));
    const stack = await startTestStack({ inMemory: true, env: { AI_PROVIDER: 'bedrock', BEDROCK_ENDPOINT: fake.url, AI_BATCH_SIZE: '100' } });
    try {
      const alice = await stack.signIn(stack.user.email, stack.user.password);
      const result = await analyse(alice, { enabled: true, model: 'anthropic.claude-3-5-haiku-20241022-v1:0' });
      expect(result.status).toBe('completed');
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0].path).toBe(`/model/${encodeURIComponent('anthropic.claude-3-5-haiku-20241022-v1:0')}/converse`);
      expect(result.ai).toMatchObject({ annotated: result.summary.flagged_records, inputTokens: 7, outputTokens: 3, model: 'anthropic.claude-3-5-haiku-20241022-v1:0' });
    } finally {
      await stack.stop();
      await fake.close();
    }
  });

  it('completes with a note when AI is requested but no provider is configured', async () => {
    const stack = await startTestStack({ inMemory: true });
    try {
      const alice = await stack.signIn(stack.user.email, stack.user.password);
      const models = await alice.call('GET', '/ai/models');
      expect(models.json.available).toBe(false);
      const result = await analyse(alice, { enabled: true });
      expect(result.status).toBe('completed');
      expect(result.ai).toMatchObject({ annotated: 0, notAnnotated: result.summary.flagged_records });
      expect(result.ai.reason).toMatch(/no AI provider is configured/);
    } finally {
      await stack.stop();
    }
  });
});

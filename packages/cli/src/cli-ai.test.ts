import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFile } from '@app/core/formats/index.ts';
import { echoAnswer, startFakeOpenAi, type FakeServer } from '../../../tests/support/fake-ai.ts';
import { fixture, runCli, tempFolder } from './test-support/run-cli.ts';

const run = (args: string[], env: Record<string, string> = {}) => runCli(args, { env });

async function readCsv(path: string): Promise<Record<string, string>[]> {
  const bytes = await readFile(path);
  const opened = await openFile((async function* () { yield new Uint8Array(bytes); })(), 'results.csv');
  const rows: Record<string, string>[] = [];
  for await (const batch of opened.batches()) for (const row of batch) rows.push(Object.fromEntries(opened.columns.map((c, i) => [c, row[i] ?? ''])));
  return rows;
}

const dir = tempFolder('cli-ai-test-');
let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeOpenAi((body) => ({ text: echoAnswer(body.messages[1].content), inputTokens: 30, outputTokens: 5 }));
});
afterAll(async () => {
  await fake.close();
});

describe('sap-analyzer analyze --ai-provider', () => {
  it('annotates flagged records through an OpenAI-compatible endpoint and writes the AI column', async () => {
    const out = join(dir(), 'ai');
    const r = await run(['analyze', fixture('sm20.csv'), '--out', out, '--json', '--ai-provider', 'openai', '--ai-base-url', fake.url, '--ai-model', 'local-llm'], { AI_API_KEY: 'secret-key', AI_BATCH_SIZE: '5' });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    const flagged = doc.summary.flagged_records;
    expect(flagged).toBeGreaterThan(0);
    expect(doc.ai).toMatchObject({ annotated: flagged, notAnnotated: 0, inputTokens: 30 * Math.ceil(flagged / 5), model: 'local-llm' });
    expect(fake.requests).toHaveLength(Math.ceil(flagged / 5));
    expect(fake.requests[0].body.model).toBe('local-llm');
    expect(fake.requests[0].headers.authorization).toBe('Bearer secret-key');
    const rows = await readCsv(join(out, 'results.csv'));
    const annotated = rows.filter((row) => row.AI_Analysis);
    expect(annotated).toHaveLength(flagged);
    for (const row of annotated) expect(row.AI_Analysis).toMatch(/^Reviewed /);
  });

  it('refuses an unknown provider or openai without a URL, in one line', async () => {
    const unknown = await run(['analyze', fixture('sm20.csv'), '--out', join(dir(), 'x'), '--ai-provider', 'magic']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('sap-analyzer: --ai-provider "magic" is not supported; expected openai or bedrock (see --help)');
    const noUrl = await run(['analyze', fixture('sm20.csv'), '--out', join(dir(), 'x'), '--ai-provider', 'openai']);
    expect(noUrl.code).toBe(1);
    expect(noUrl.stderr).toMatch(/needs --ai-base-url/);
  });
});

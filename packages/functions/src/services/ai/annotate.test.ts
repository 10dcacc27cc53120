import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type AppConfig } from '../../config/index.ts';
import { createAiProvider } from '../../adapters/ai/index.ts';
import { annotateBatch } from './annotate.ts';
import { modelCatalog, resolveModelId } from './catalog.ts';
import { echoAnswer, startFakeBedrock, startFakeOpenAi, type FakeServer } from '../../../../../tests/support/fake-ai.ts';
import type { AiSettings, AnnotationInput } from '@app/core/ai/index.ts';

const baseEnv = { USER_POOL_ID: 'p', USER_POOL_CLIENT_ID: 'c', TABLE_NAME: 't', APP_SECRET: 's', API_URL: 'http://x/prod', AWS_REGION: 'us-east-1' };
const settings: AiSettings = { enabled: true, model: '', fileTypePrompts: {}, globalPrompt: '', useFileTypePrompts: true, targetColumns: [], outputColumn: 'AI_Analysis' };
const records: AnnotationInput[] = [
  { ref: '0:3', fileType: 'SM20', flags: ['DEBUG_FLAG'], record: { User: 'BOB', TCode: 'SE38', 'Message Text': 'Field content changed in debugger' } },
  { ref: '2:9', fileType: 'CDPOS', flags: ['SENSITIVE_FIELD_FLAG'], record: { TABNAME: 'LFBK', FNAME: 'BANKN', CHNGIND: 'U', VALUE_OLD: '1', VALUE_NEW: '2' } },
];
const fastRetry = { attempts: 3, baseDelayMs: 1 };
let server: FakeServer | undefined;

beforeAll(() => {
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function bedrockConfig(url: string): AppConfig {
  return loadConfig({ ...baseEnv, AI_PROVIDER: 'bedrock', BEDROCK_ENDPOINT: url });
}

describe('Bedrock provider (fake HTTP/2 Converse server)', () => {
  it('sends one Converse call per batch with the rendered prompts and maps answers back', async () => {
    server = await startFakeBedrock((body) => ({ text: echoAnswer(body.messages[0].content[0].text), inputTokens: 321, outputTokens: 45 }));
    const config = bedrockConfig(server.url);
    const model = resolveModelId(config, undefined);
    const out = await annotateBatch(createAiProvider(config)!, settings, model.id, records, fastRetry);
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0];
    expect(req.path).toBe(`/model/${encodeURIComponent('anthropic.claude-3-haiku-20240307-v1:0')}/converse`);
    expect(req.body.system[0].text).toMatch(/records are DATA/);
    expect(req.body.messages[0].content[0].text).toContain('user BOB ran transaction SE38');
    expect(req.body.messages[0].content[0].text).toContain('table LFBK, field BANKN');
    expect(req.body.inferenceConfig.temperature).toBe(0);
    expect(out.annotations.map((a) => a.ref)).toEqual(['0:3', '2:9']);
    expect(out.annotations.map((a) => a.text)).toEqual(['Reviewed BOB', 'Reviewed LFBK']);
    expect(out).toMatchObject({ notAnnotated: 0, inputTokens: 321, outputTokens: 45 });
  });

  it('retries throttling and then succeeds', async () => {
    let calls = 0;
    server = await startFakeBedrock((body) => (++calls <= 2 ? { status: 429, errorType: 'ThrottlingException' } : { text: echoAnswer(body.messages[0].content[0].text) }));
    const config = bedrockConfig(server.url);
    const out = await annotateBatch(createAiProvider(config)!, settings, 'anthropic.claude-3-haiku-20240307-v1:0', records, fastRetry);
    expect(calls).toBe(3);
    expect(out.annotations).toHaveLength(2);
    expect(out.notAnnotated).toBe(0);
  });

  it('gives up after persistent throttling without throwing, saying why', async () => {
    server = await startFakeBedrock(() => ({ status: 429, errorType: 'ThrottlingException' }));
    const out = await annotateBatch(createAiProvider(bedrockConfig(server.url))!, settings, 'm', records, fastRetry);
    expect(server.requests).toHaveLength(3);
    expect(out.annotations).toEqual([]);
    expect(out.notAnnotated).toBe(2);
    expect(out.reason).toMatch(/ThrottlingException/);
  });

  it('does not retry a request the model rejects', async () => {
    server = await startFakeBedrock(() => ({ status: 400, errorType: 'ValidationException' }));
    const out = await annotateBatch(createAiProvider(bedrockConfig(server.url))!, settings, 'm', records, fastRetry);
    expect(server.requests).toHaveLength(1);
    expect(out.reason).toMatch(/ValidationException/);
  });
});

describe('OpenAI-compatible provider (fake server)', () => {
  it('posts to /chat/completions with the configured model and key', async () => {
    server = await startFakeOpenAi((body) => ({ text: echoAnswer(body.messages[1].content), inputTokens: 77, outputTokens: 11 }));
    const config = loadConfig({ ...baseEnv, AI_PROVIDER: 'openai', AI_BASE_URL: server.url, AI_MODEL: 'llama3.1', AI_API_KEY: 'k-123' });
    const catalog = modelCatalog(config);
    expect(catalog.available).toBe(true);
    expect(catalog.models.map((m) => m.id)).toEqual(['llama3.1']);
    const out = await annotateBatch(createAiProvider(config)!, settings, catalog.defaultModel, records, fastRetry);
    expect(server.requests[0].path).toBe('/v1/chat/completions');
    expect(server.requests[0].headers.authorization).toBe('Bearer k-123');
    expect(server.requests[0].body.model).toBe('llama3.1');
    expect(server.requests[0].body.messages[0].role).toBe('system');
    expect(out.annotations.map((a) => a.ref)).toEqual(['0:3', '2:9']);
    expect(out.inputTokens).toBe(77);
  });

  it('counts records the model skipped', async () => {
    server = await startFakeOpenAi(() => ({ text: '[{"id":2,"analysis":"Bank account changed"}]' }));
    const config = loadConfig({ ...baseEnv, AI_PROVIDER: 'openai', AI_BASE_URL: server.url });
    const out = await annotateBatch(createAiProvider(config)!, settings, 'x', records, fastRetry);
    expect(out.annotations).toEqual([{ ref: '2:9', text: 'Bank account changed' }]);
    expect(out.notAnnotated).toBe(1);
  });
});

describe('model catalogue', () => {
  it('says AI is unavailable when no provider is configured', () => {
    const catalog = modelCatalog(loadConfig(baseEnv));
    expect(catalog.available).toBe(false);
    expect(catalog.reason).toMatch(/AI_PROVIDER/);
    expect(catalog.defaultModel).toBe('anthropic.claude-3-haiku-20240307-v1:0');
    expect(catalog.models.find((m) => m.default)?.pricePer1kRecords).toBe(0.12);
  });
});

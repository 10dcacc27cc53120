import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

let stack: TestStack;
let alice: TestClient;
let mallory: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true });
  alice = await stack.signIn(stack.user.email, stack.user.password);
  mallory = await stack.createUser('mallory@test.local', 'Mallory-Pass-123!');
});
afterAll(async () => {
  await stack?.stop();
});

describe("another user's analysis", () => {
  let fileId: string;
  let analysisId: string;

  beforeAll(async () => {
    [fileId] = (await uploadAll(alice, [{ name: 'sm20.csv', bytes: text(sm20Csv(120)) }])) as [string];
    analysisId = await startAnalysis(alice, [fileId]);
    expect((await waitForAnalysis(alice, analysisId)).status).toBe('completed');
  });

  it('cannot be started with my files', async () => {
    const res = await mallory.call('POST', '/analyze', { fileIds: [fileId], analysisType: 'single', correlateFiles: false });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toContain(fileId);
  });

  it('cannot be read, listed, flag-detailed or downloaded', async () => {
    const read = await mallory.call('GET', `/results/${analysisId}`);
    expect(read.status).toBe(404);
    expect(read.json.error.message).toBe('Analysis not found');
    expect(read.text).not.toContain('DownloadUrl');
    const list = await mallory.call('GET', '/results');
    expect(list.json.analyses).toEqual([]);
    const details = await mallory.call('POST', '/flag-details', { analysisId, flagName: 'OTHER' });
    expect(details.status).toBe(404);
  });

  it('cannot be deleted, and mine stays intact', async () => {
    const del = await mallory.call('DELETE', `/results/${analysisId}`);
    expect(del.status).toBe(404);
    const mine = await alice.call('GET', `/results/${analysisId}`);
    expect(mine.status).toBe(200);
    expect(mine.json.status).toBe('completed');
    expect((await fetch(mine.json.excelDownloadUrl)).status).toBe(200);
  });

  it('needs a sign-in and a CSRF token to start', async () => {
    const anon = await alice.call('POST', '/analyze', { fileIds: [fileId] }, {}, { auth: false });
    expect(anon.status).toBe(401);
    const noCsrf = await alice.call('POST', '/analyze', { fileIds: [fileId] }, {}, { csrf: false });
    expect(noCsrf.status).toBe(403);
  });
});

describe('POST /analyze validation', () => {
  it('rejects a request without files and names a missing file', async () => {
    const empty = await alice.call('POST', '/analyze', { fileIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toContain('fileIds');
    const missing = await alice.call('POST', '/analyze', { fileIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toContain('00000000-0000-4000-8000-000000000000');
  });

  it('refuses a file whose upload is not confirmed', async () => {
    const started = await alice.call('POST', '/upload', { fileName: 'pending.csv', fileType: 'csv' });
    const res = await alice.call('POST', '/analyze', { fileIds: [started.json.fileId] });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('pending.csv');
  });
});

describe('preferences', () => {
  it('answers defaults until set, per user', async () => {
    const all = await alice.call('GET', '/preferences');
    expect(all.status).toBe(200);
    expect(all.json.preferences.ai_settings).toMatchObject({ enabled: false, useFileTypePrompts: true, outputColumn: 'AI_Analysis' });
    expect(all.json.preferences.ai_settings.model).toContain('haiku');
    expect(all.json.preferences.holiday_calendar).toEqual({ country: 'US', timeZone: 'UTC' });
  });

  it('stores validated settings for the caller only', async () => {
    const put = await alice.call('PUT', '/preferences/ai_settings', {
      preferenceType: 'ai_settings',
      preferences: { enabled: true, globalPrompt: 'Explain the risk', fileTypePrompts: { SM20: 'Look at {User}' } },
    });
    expect(put.status).toBe(200);
    const mine = await alice.call('GET', '/preferences/ai_settings');
    expect(mine.json).toMatchObject({
      preferenceType: 'ai_settings',
      preferences: { enabled: true, globalPrompt: 'Explain the risk', fileTypePrompts: { SM20: 'Look at {User}' }, outputColumn: 'AI_Analysis' },
    });
    const theirs = await mallory.call('GET', '/preferences/ai_settings');
    expect(theirs.json.preferences.enabled).toBe(false);
    await alice.call('PUT', '/preferences/ai_settings', { preferenceType: 'ai_settings', preferences: { enabled: false } });
  });

  it('rejects over-long prompts, unknown types and bad calendars with a message', async () => {
    const long = await alice.call('PUT', '/preferences/ai_settings', { preferenceType: 'ai_settings', preferences: { globalPrompt: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toContain('2000');
    const unknown = await alice.call('PUT', '/preferences/colours', { preferenceType: 'colours', preferences: {} });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toContain('ai_settings');
    const badCountry = await alice.call('PUT', '/preferences/holiday_calendar', { preferenceType: 'holiday_calendar', preferences: { country: 'XX' } });
    expect(badCountry.status).toBe(400);
    expect(badCountry.json.error.message).toContain('XX');
  });

  it('uses the holiday calendar in the next analysis', async () => {
    const put = await alice.call('PUT', '/preferences/holiday_calendar', { preferenceType: 'holiday_calendar', preferences: { country: 'de', region: 'by' } });
    expect(put.json.preferences).toEqual({ country: 'DE', region: 'BY', timeZone: 'UTC' });
    const [fileId] = await uploadAll(alice, [{ name: 'sm20-de.csv', bytes: text(sm20Csv(50)) }]);
    const id = await startAnalysis(alice, [fileId!]);
    const result = await waitForAnalysis(alice, id);
    expect(result.status).toBe('completed');
    expect(result.holidayCalendar).toEqual({ country: 'DE', region: 'BY' });
  });
});

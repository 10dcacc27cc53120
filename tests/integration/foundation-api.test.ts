/**
 * The router on the real local stack: authentication, CSRF bound to the user, admin checks,
 * and clear 4xx answers to bad input. No mocks: tokens come from the local user pool.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '@app/functions/http/router.ts';
import { RULE_CATALOGUE } from '@app/core/rules/index.ts';
import { ADMIN_REQUIRED } from '@app/functions/http/errors.ts';
import { keys } from '@app/functions/services/keys.ts';
import { signInWithAmplify } from '../support/auth.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { putMasterEntries } from '@app/functions/services/master/master-store.ts';

let stack: TestStack;
let alice: TestClient;
let bob: TestClient;
let admin: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
  alice = await stack.signIn(stack.user.email, stack.user.password);
  admin = await stack.signIn(stack.admin.email, stack.admin.password);
  bob = await stack.createUser('bob@test.local', 'Bob-Pass-123!');
});

afterAll(async () => {
  await stack?.stop();
});

describe('authentication', () => {
  it('answers 401 "Authentication required" without a token or with a forged one', async () => {
    const none = await alice.call('GET', '/files', undefined, {}, { auth: false });
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Authentication required' } });
    const [h, p] = alice.idToken.split('.');
    const forged = await alice.call('GET', '/files', undefined, { authorization: `Bearer ${h}.${p}.AAAA` }, { auth: false });
    expect(forged.status).toBe(401);
    expect(forged.json.error.message).toBe('Authentication required');
    const basic = await alice.call('GET', '/files', undefined, { authorization: 'Basic abc' }, { auth: false });
    expect(basic.status).toBe(401);
  });

  it("accepts an ID token from Amplify's SRP sign-in through the server's /cognito mount", async () => {
    const config = (await (await fetch(`${stack.url}/config.json`)).json()) as Record<string, string>;
    const session = await signInWithAmplify({
      userPoolId: config.userPoolId!,
      clientId: config.userPoolClientId!,
      endpoint: config.userPoolEndpoint!,
      email: stack.admin.email,
      password: stack.admin.password,
      totpSecret: stack.admin.totpSecret,
    });
    expect(session.groups).toContain('admins');
    const res = await fetch(`${config.apiUrl}/files`, { headers: { authorization: `Bearer ${session.idToken}` } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ files: [] });
  });

  it('serves GET /csrf-token to a signed-in user', async () => {
    const res = await alice.call('GET', '/csrf-token');
    expect(res.status).toBe(200);
    expect(res.json.expires_in).toBe(3600);
    expect(res.json.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
  });
});

describe('CSRF', () => {
  const upload = { fileName: 'sm20.csv', fileType: 'csv' };

  it('refuses a mutating call without X-CSRF-Token and creates nothing', async () => {
    const res = await alice.call('POST', '/upload', upload, {}, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('CSRF');
    expect(res.json.error.message).toMatch(/CSRF token is missing/);
    expect((await alice.call('GET', '/files')).json.files).toEqual([]);
  });

  it("refuses another user's token and a garbled one", async () => {
    const bobs = await bob.csrf();
    const res = await alice.call('POST', '/upload', upload, { 'x-csrf-token': bobs }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.json.error.message).toMatch(/CSRF token is invalid/);
    const garbled = await alice.call('POST', '/upload', upload, { 'x-csrf-token': 'abc' }, { csrf: false });
    expect(garbled.status).toBe(403);
    expect((await alice.call('GET', '/files')).json.files).toEqual([]);
  });

  it("accepts the caller's own token", async () => {
    const token = await alice.csrf();
    const res = await alice.call('POST', '/upload', upload, { 'x-csrf-token': token }, { csrf: false });
    expect(res.status).toBe(200);
    await alice.call('DELETE', '/files', { fileId: res.json.fileId });
  });
});

describe('admin routes', () => {
  it('are refused to regular users with the spec message and allowed to admins', async () => {
    const api = createApi(stack.services, (r) =>
      r.route('GET', '/admin-probe', { access: 'admin' }, async ({ caller }) => ({ status: 200, body: { sub: caller.sub } })),
    );
    const request = (token: string) => api.handle({ method: 'GET', path: '/admin-probe', headers: { authorization: `Bearer ${token}` }, query: {} });
    const refused = await request(alice.idToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: { code: 'FORBIDDEN', message: ADMIN_REQUIRED } });
    const allowed = await request(admin.idToken);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toEqual({ sub: admin.sub });
  });

  it('turns an unexpected failure into 500 "Internal error" without details', async () => {
    const api = createApi(stack.services, (r) =>
      r.route('GET', '/boom', { access: 'user' }, async () => {
        throw new Error('secret database detail');
      }),
    );
    const res = await api.handle({ method: 'GET', path: '/boom', headers: { authorization: `Bearer ${alice.idToken}` }, query: {} });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: { code: 'INTERNAL', message: 'Internal error' } });
    const logged = stack.logs.find((l) => l.level === 'error' && l.data?.path === '/boom');
    expect(logged?.data?.error).toBe('secret database detail');
  });
});

describe('bad input gets a clear 4xx', () => {
  it('malformed JSON → 400', async () => {
    const res = await alice.call('POST', '/upload', undefined, {}, { rawBody: '{"fileName": "a.csv",' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Request body must be valid JSON');
  });

  it('missing and wrongly typed fields → 400 naming the field', async () => {
    const missing = await alice.call('POST', '/upload', { fileType: 'csv' });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toContain('fileName is required');
    const wrongType = await alice.call('POST', '/upload', { fileName: 42, fileType: 'csv' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error.message).toContain('fileName');
    const badEnum = await alice.call('POST', '/upload', { fileName: 'a.csv', fileType: 'pdf' });
    expect(badEnum.status).toBe(400);
    expect(badEnum.json.error.message).toContain('fileType');
    const notObject = await alice.call('PUT', '/files', [1, 2]);
    expect(notObject.status).toBe(400);
  });

  it('a file type outside csv/xls/xlsx/txt → 400 with the spec message', async () => {
    const res = await alice.call('POST', '/upload', { fileName: 'payload.exe', fileType: 'csv' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('payload.exe: Invalid file type. Please use CSV, TSV, TXT or Excel files');
  });

  it('unknown route → 404 JSON, wrong method → 405 with Allow', async () => {
    const unknown = await alice.call('GET', '/no-such-thing');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('NOT_FOUND');
    const wrong = await alice.call('PATCH', '/files', {});
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('DELETE, GET, PUT');
  });

  it('a body over 6 MB → 413', async () => {
    const res = await alice.call('POST', '/upload', undefined, {}, { rawBody: JSON.stringify({ fileName: 'x'.repeat(6 * 1024 * 1024 + 10) }) });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('TOO_LARGE');
  });

  it("answers CORS preflight for the headers the browser sends, for the web app's own origin only", async () => {
    const res = await fetch(`${stack.apiUrl}/files`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, X-CSRF-Token');
    expect(res.headers.get('access-control-allow-origin')).toBe(stack.url);
  });
});

describe('local server', () => {
  it('serves /config.json with what the browser needs', async () => {
    const res = await fetch(`${stack.url}/config.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      apiUrl: `${stack.url}/prod`,
      region: 'us-east-1',
      userPoolId: stack.local.config.userPoolId,
      userPoolClientId: stack.local.config.userPoolClientId,
      userPoolEndpoint: `${stack.url}/cognito`,
    });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('GET /system-info counts master entries and only active high-risk entries', async () => {
    const before = (await alice.call('GET', '/system-info')).json;
    const put = (pk: string, sk: string, extra: Record<string, unknown> = {}) =>
      stack.services.ddb.send(new PutCommand({ TableName: stack.services.config.tableName, Item: { pk, sk, ...extra } }));
    // Master entries live in one partition per name prefix (services/master/master-kinds.ts).
    await putMasterEntries(stack.services, 'table', [{ id: 'ZZTEST1', description: 'x' }]);
    await putMasterEntries(stack.services, 'tcode', [{ id: 'ZZT1', description: 'x' }, { id: 'ZZT2', description: 'y' }]);
    await put(keys.riskTable, 'ZZRISK1', { active: true });
    await put(keys.riskTable, 'ZZRISK2', { active: false });
    await put(keys.riskTcode, 'ZZRISKT', { active: true });
    const res = await alice.call('GET', '/system-info');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      flagCount: 10,
      detectionRules: RULE_CATALOGUE.length,
      version: stack.local.config.version,
      mode: 'local',
      masterTables: before.masterTables + 1,
      masterTcodes: before.masterTcodes + 2,
      highRiskTables: before.highRiskTables + 1,
      highRiskTcodes: before.highRiskTcodes + 1,
    });
    expect(res.json.flagNames).toContain('DEBUG_FLAG');
  });
});

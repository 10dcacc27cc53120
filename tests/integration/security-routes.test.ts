/**
 * Access control of every API route, driven by the route table itself: a route registered
 * without an entry in ACCESS below fails the first test, so nobody can add an endpoint without
 * saying who may call it and how its objects are isolated. Each property is then checked on the
 * real local stack: 401 without a token, 403 on mutating calls without the caller's own CSRF
 * token, 403 for non-admins on admin routes, 404 for another user's objects — and no state change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REQUIRED, AUTH_REQUIRED } from '@app/functions/http/errors.ts';
import { registerAllRoutes } from '@app/functions/http/routes/index.ts';
import type { Access, RouteOptions } from '@app/functions/http/types.ts';
import { issueCsrfToken } from '@app/functions/services/csrf.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

/** Objects the calls below refer to: alice's, made in beforeAll. */
interface Fixture {
  fileId: string;
  analysisId: string;
  requestId: string;
  findingId: string;
  suppressionId: string;
  caseId: string;
  /** A case review's job (GET /results/{id}/review-jobs/{jobId}). */
  jobId: string;
}

/**
 * How each route is isolated:
 * - `object`: addresses one of the caller's objects by id; another user's id must be a 404.
 * - `caller`: answers or changes only the caller's own data (partition = sub), no id to guess.
 * - `shared`: reference data, admin data or the public form; no per-user data involved.
 */
type Isolation = 'object' | 'caller' | 'shared';

interface Expectation {
  access: Access;
  isolation: Isolation;
  /** A well-formed call, so only the property under test can make it fail. */
  call: (f: Fixture) => { path: string; body?: unknown };
}

const RISK_ROW = 'ZSEC_TEST';
const IN_90_DAYS = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);

const ACCESS: Record<string, Expectation> = {
  'GET /csrf-token': { access: 'user', isolation: 'caller', call: () => ({ path: '/csrf-token' }) },
  'POST /upload': { access: 'user', isolation: 'caller', call: () => ({ path: '/upload', body: { fileName: 'x.csv', fileType: 'csv' } }) },
  'PUT /files': { access: 'user', isolation: 'object', call: (f) => ({ path: '/files', body: { fileId: f.fileId, status: 'ready' } }) },
  'GET /files': { access: 'user', isolation: 'caller', call: () => ({ path: '/files' }) },
  'DELETE /files': { access: 'user', isolation: 'object', call: (f) => ({ path: '/files', body: { fileId: f.fileId } }) },
  'POST /request-access': {
    access: 'public',
    isolation: 'shared',
    call: () => ({ path: '/request-access', body: { firstName: 'A', lastName: 'B', email: 'ab@example.com', organization: 'O', jobTitle: 'J', reason: 'R' } }),
  },
  'GET /access-requests': { access: 'admin', isolation: 'shared', call: () => ({ path: '/access-requests' }) },
  'POST /access-requests/{id}/approve': { access: 'admin', isolation: 'shared', call: (f) => ({ path: `/access-requests/${f.requestId}/approve` }) },
  'POST /access-requests/{id}/reject': { access: 'admin', isolation: 'shared', call: (f) => ({ path: `/access-requests/${f.requestId}/reject`, body: { reason: 'no' } }) },
  'POST /analyze': { access: 'user', isolation: 'object', call: (f) => ({ path: '/analyze', body: { fileIds: [f.fileId] } }) },
  'GET /results': { access: 'user', isolation: 'caller', call: () => ({ path: '/results' }) },
  'GET /results/{id}': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}` }) },
  'GET /results/{id}/patterns': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/patterns` }) },
  'DELETE /results/{id}': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}` }) },
  'POST /flag-details': { access: 'user', isolation: 'object', call: (f) => ({ path: '/flag-details', body: { analysisId: f.analysisId, flagName: 'DEBUG_FLAG' } }) },
  'GET /preferences': { access: 'user', isolation: 'caller', call: () => ({ path: '/preferences' }) },
  'GET /preferences/{type}': { access: 'user', isolation: 'caller', call: () => ({ path: '/preferences/holiday_calendar' }) },
  'PUT /preferences/{type}': {
    access: 'user',
    isolation: 'caller',
    call: () => ({ path: '/preferences/holiday_calendar', body: { preferences: { country: 'FR' } } }),
  },
  'GET /risk-tables': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-tables' }) },
  'POST /risk-tables': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-tables', body: { tableId: RISK_ROW, category: 'Security' } }) },
  'PUT /risk-tables/{id}': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-tables/USR02', body: { category: 'Harmless' } }) },
  'DELETE /risk-tables/{id}': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-tables/USR02' }) },
  'GET /risk-tcodes': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-tcodes' }) },
  'POST /risk-tcodes': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-tcodes', body: { tcodeId: RISK_ROW, category: 'Security' } }) },
  'PUT /risk-tcodes/{id}': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-tcodes/SU01', body: { category: 'Harmless' } }) },
  'DELETE /risk-tcodes/{id}': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-tcodes/SU01' }) },
  'GET /risk-categories': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-categories' }) },
  'GET /risk-audit-log': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-audit-log' }) },
  'POST /risk-import': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-import', body: { type: 'tcodes', csvContent: `TCODE,CATEGORY\n${RISK_ROW},Security\n` } }) },
  'GET /risk-export': { access: 'admin', isolation: 'shared', call: () => ({ path: '/risk-export' }) },
  'GET /master-tables/search': { access: 'user', isolation: 'shared', call: () => ({ path: '/master-tables/search?q=USR' }) },
  'GET /master-tcodes/search': { access: 'user', isolation: 'shared', call: () => ({ path: '/master-tcodes/search?q=SU' }) },
  'POST /master-import': { access: 'admin', isolation: 'shared', call: () => ({ path: '/master-import', body: { type: 'tcodes', csvContent: 'TCODE,TTEXT\nZZSEC,x\n' } }) },
  'GET /master-import/jobs/{jobId}': { access: 'admin', isolation: 'shared', call: () => ({ path: '/master-import/jobs/00000000-0000-4000-8000-000000000000' }) },
  'GET /system-info': { access: 'user', isolation: 'shared', call: () => ({ path: '/system-info' }) },
  'GET /ai/models': { access: 'user', isolation: 'shared', call: () => ({ path: '/ai/models' }) },
  'POST /imports/upload': { access: 'admin', isolation: 'shared', call: () => ({ path: '/imports/upload', body: { fileName: 'TSTCT.csv' } }) },
  'GET /openapi.json': { access: 'public', isolation: 'shared', call: () => ({ path: '/openapi.json' }) },
  'GET /watchlists/{list}': { access: 'admin', isolation: 'shared', call: () => ({ path: '/watchlists/privileged-users' }) },
  'POST /watchlists/{list}': {
    access: 'admin',
    isolation: 'shared',
    call: () => ({ path: '/watchlists/privileged-users', body: { id: RISK_ROW, kind: 'standard' } }),
  },
  'PUT /watchlists/{list}/{id}': { access: 'admin', isolation: 'shared', call: () => ({ path: '/watchlists/privileged-users/DDIC', body: { kind: 'emergency' } }) },
  'DELETE /watchlists/{list}/{id}': { access: 'admin', isolation: 'shared', call: () => ({ path: '/watchlists/sensitive-profiles/SAP_ALL' }) },
  'POST /watchlists/{list}/import': {
    access: 'admin',
    isolation: 'shared',
    call: () => ({ path: '/watchlists/sensitive-programs/import', body: { csvContent: `NAME,KIND\n${RISK_ROW},report\n` } }),
  },
  'GET /watchlists/{list}/export': { access: 'admin', isolation: 'shared', call: () => ({ path: '/watchlists/sensitive-programs/export' }) },
  'GET /detection-thresholds': { access: 'admin', isolation: 'shared', call: () => ({ path: '/detection-thresholds' }) },
  'PUT /detection-thresholds': {
    access: 'admin',
    isolation: 'shared',
    call: () => ({
      path: '/detection-thresholds',
      body: { businessHours: { start: '08:00', end: '18:00', days: [1, 2, 3, 4, 5] }, changeVolume: 10, burst: { count: 5, minutes: 10 }, bruteForceMinutes: 30, massDownload: { count: 10, minutes: 60 }, openingHours: 8 },
    }),
  },
  'GET /rules': { access: 'user', isolation: 'shared', call: () => ({ path: '/rules' }) },
  'GET /results/{id}/findings': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/findings` }) },
  'GET /results/{id}/findings/export': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/findings/export?format=csv` }) },
  'POST /results/{id}/findings/export': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/findings/export`, body: { format: 'csv' } }) },
  'GET /results/{id}/timeline': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/timeline?user=ALICE` }) },
  'GET /results/{id}/findings/{findingId}': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/findings/${f.findingId}` }) },
  'PUT /results/{id}/findings/{findingId}/review': {
    access: 'user',
    isolation: 'object',
    call: (f) => ({ path: `/results/${f.analysisId}/findings/${f.findingId}/review`, body: { status: 'escalated', comment: 'x' } }),
  },
  'PUT /results/{id}/findings/review': {
    access: 'user',
    isolation: 'object',
    call: (f) => ({ path: `/results/${f.analysisId}/findings/review`, body: { findingIds: [f.findingId], status: 'escalated' } }),
  },
  'PUT /results/{id}/findings/review-by-filter': {
    access: 'user',
    isolation: 'object',
    call: (f) => ({ path: `/results/${f.analysisId}/findings/review-by-filter`, body: { filter: { caseId: f.caseId }, expected: 1, status: 'escalated' } }),
  },
  'GET /results/{id}/cases': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/cases` }) },
  'GET /results/{id}/cases/{caseId}': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/cases/${f.caseId}` }) },
  'PUT /results/{id}/cases/{caseId}/review': {
    access: 'user',
    isolation: 'object',
    call: (f) => ({ path: `/results/${f.analysisId}/cases/${f.caseId}/review`, body: { status: 'escalated', scope: 'open' } }),
  },
  'GET /results/{id}/review-jobs/{jobId}': { access: 'user', isolation: 'object', call: (f) => ({ path: `/results/${f.analysisId}/review-jobs/${f.jobId}` }) },
  'GET /suppressions': { access: 'user', isolation: 'caller', call: () => ({ path: '/suppressions' }) },
  'POST /suppressions': {
    access: 'user',
    isolation: 'caller',
    call: () => ({ path: '/suppressions', body: { rule: 'PAT-MASS-DOWNLOAD', user: 'BOB', reason: 'Nightly export job', expiresAt: IN_90_DAYS } }),
  },
  'PUT /suppressions/{id}': { access: 'user', isolation: 'object', call: (f) => ({ path: `/suppressions/${f.suppressionId}`, body: { expire: true } }) },
  'DELETE /suppressions/{id}': { access: 'user', isolation: 'object', call: (f) => ({ path: `/suppressions/${f.suppressionId}` }) },
};

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

function registeredRoutes(): { key: string; method: string; options: RouteOptions }[] {
  const routes: { key: string; method: string; options: RouteOptions }[] = [];
  registerAllRoutes({ route: (method, pattern, options) => void routes.push({ key: `${method.toUpperCase()} ${pattern}`, method: method.toUpperCase(), options }) });
  return routes;
}

const ROUTES = registeredRoutes();
const entries = (filter: (e: Expectation, method: string) => boolean) =>
  Object.entries(ACCESS)
    .map(([key, e]) => ({ key, method: key.split(' ')[0]!, e }))
    .filter(({ e, method }) => filter(e, method));

let stack: TestStack;
let admin: TestClient;
let alice: TestClient;
let mallory: TestClient;
let fixture: Fixture;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
  [admin, alice, mallory] = await Promise.all([
    stack.signIn(stack.admin.email, stack.admin.password),
    stack.signIn(stack.user.email, stack.user.password),
    stack.createUser('mallory@test.local', 'Mallory-Pass-123!'),
  ]);
  const [fileId] = (await uploadAll(alice, [{ name: 'sm20.csv', bytes: text(sm20Csv(60)) }])) as [string];
  const analysisId = await startAnalysis(alice, [fileId]);
  expect((await waitForAnalysis(alice, analysisId)).status).toBe('completed');
  const submitted = await alice.call('POST', '/request-access', ACCESS['POST /request-access']!.call({} as Fixture).body, {}, { auth: false });
  expect(submitted.status).toBe(201);
  const findings = await alice.call('GET', `/results/${analysisId}/findings`);
  expect(findings.json.findings.length).toBeGreaterThan(0);
  const suppression = await alice.call('POST', '/suppressions', { rule: 'PAT-SELF-AUTHORIZATION', user: 'ALICE', reason: 'Own test user', expiresAt: IN_90_DAYS });
  expect(suppression.status).toBe(201);
  const cases = await alice.call('GET', `/results/${analysisId}/cases`);
  // A case review (status open: the members stay open) whose job the job route reads.
  const job = await alice.call('PUT', `/results/${analysisId}/cases/${cases.json.cases[0].id}/review`, { status: 'open' });
  expect([200, 202], job.text).toContain(job.status);
  fixture = {
    fileId,
    analysisId,
    requestId: submitted.json.requestId,
    findingId: findings.json.findings[0].findingId,
    suppressionId: suppression.json.suppression.suppressionId,
    caseId: cases.json.cases[0].id,
    jobId: job.json.job.jobId,
  };
  expect((await alice.call('PUT', '/preferences/holiday_calendar', { preferences: { country: 'DE' } })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

/** Everything the calls could change: alice's data as alice, the shared data as the admin. */
async function snapshot() {
  const reads: [TestClient, string][] = [
    [alice, '/files'],
    [alice, '/results'],
    [alice, `/results/${fixture.analysisId}`],
    [alice, '/preferences'],
    [alice, `/results/${fixture.analysisId}/findings?limit=200`],
    [alice, `/results/${fixture.analysisId}/findings/${fixture.findingId}`],
    [alice, '/suppressions'],
    [mallory, '/files'],
    [mallory, '/suppressions'],
    [mallory, '/results'],
    [mallory, '/preferences'],
    [admin, '/risk-tables'],
    [admin, '/risk-tcodes'],
    [admin, '/risk-categories'],
    [admin, '/risk-audit-log?limit=1000'],
    [admin, '/access-requests'],
    [admin, '/master-tcodes/search?q=ZZSEC'],
    [admin, '/watchlists/privileged-users'],
    [admin, '/watchlists/sensitive-profiles'],
    [admin, '/watchlists/sensitive-programs'],
    [admin, '/detection-thresholds'],
  ];
  const out: Record<string, unknown> = {};
  for (const [client, path] of reads) {
    const res = await client.call('GET', path);
    expect(res.status, path).toBe(200);
    // Download URLs are freshly signed on every read; the objects behind them are what matter.
    out[`${client.email} ${path}`] = JSON.parse(res.text.replace(/"(excelDownloadUrl|csvDownloadUrl|downloadUrl)":"[^"]*"/g, '"$1":"…"'));
  }
  return out;
}

describe('the route table', () => {
  it('has an access expectation for every registered route, and each matches the route options', () => {
    const registered = ROUTES.map((r) => r.key).sort();
    expect(registered, 'a new route needs an entry in ACCESS (security-routes.test.ts)').toEqual(Object.keys(ACCESS).sort());
    for (const r of ROUTES) {
      expect(r.options.access, r.key).toBe(ACCESS[r.key]!.access);
      // No route opts out of CSRF: a mutating signed-in call always needs the token.
      expect(r.options.csrf, r.key).not.toBe(false);
    }
  });
});

describe('authentication', () => {
  it(`answers 401 "${AUTH_REQUIRED}" on every non-public route without a token or with a garbled one`, async () => {
    const before = await snapshot();
    for (const { key, method, e } of entries((e) => e.access !== 'public')) {
      const { path, body } = e.call(fixture);
      const variants: Record<string, string>[] = [{}, { authorization: 'Bearer not.a.jwt' }, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }];
      for (const headers of variants) {
        const res = await alice.call(method, path, body, headers, { auth: false });
        expect(res.status, key).toBe(401);
        expect(res.json, key).toEqual({ error: { code: 'UNAUTHENTICATED', message: AUTH_REQUIRED } });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('serves the public request-access form without a token', async () => {
    const res = await alice.call('POST', '/request-access', { ...ACCESS['POST /request-access']!.call(fixture).body as object, email: 'public@example.com' }, {}, { auth: false });
    expect(res.status).toBe(201);
  });
});

describe('CSRF on every mutating signed-in route', () => {
  const mutating = entries((e, method) => e.access !== 'public' && MUTATING.has(method));

  it('covers the mutating routes', () => {
    expect(mutating.length).toBeGreaterThanOrEqual(15);
  });

  it('refuses a missing, foreign, expired or garbled token with 403 and changes nothing', async () => {
    const before = await snapshot();
    const secret = stack.services.config.secret;
    for (const { key, method, e } of mutating) {
      // The admin calls admin routes, alice the others, so the token is the only thing wrong.
      const caller = e.access === 'admin' ? admin : alice;
      const other = caller === admin ? alice : mallory;
      const tokens: [string, Record<string, string>][] = [
        ['missing', {}],
        ["another user's", { 'x-csrf-token': await other.csrf() }],
        ['expired', { 'x-csrf-token': issueCsrfToken(secret, caller.sub, Date.now() - 2 * 3600_000).token }],
        ['signed with another secret', { 'x-csrf-token': issueCsrfToken('not-the-secret', caller.sub).token }],
        ['garbled', { 'x-csrf-token': '9999999999.abc' }],
      ];
      const { path, body } = e.call(fixture);
      for (const [what, headers] of tokens) {
        const res = await caller.call(method, path, body, headers, { csrf: false });
        expect(res.status, `${key} with a ${what} token`).toBe(403);
        expect(res.json.error.code, `${key} with a ${what} token`).toBe('CSRF');
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('does not ask for a token on reads', async () => {
    for (const { key, e } of entries((e, method) => e.access === 'user' && method === 'GET')) {
      const res = await alice.call('GET', e.call(fixture).path);
      expect(res.status, key).toBe(200);
    }
  });
});

describe('administrator routes', () => {
  it(`answer 403 "${ADMIN_REQUIRED}" to a signed-in non-admin with a valid CSRF token, changing nothing`, async () => {
    const before = await snapshot();
    const adminRoutes = entries((e) => e.access === 'admin');
    expect(adminRoutes.length).toBe(ROUTES.filter((r) => r.options.access === 'admin').length);
    for (const { key, method, e } of adminRoutes) {
      const { path, body } = e.call(fixture);
      const res = await alice.call(method, path, body);
      expect(res.status, key).toBe(403);
      expect(res.json, key).toEqual({ error: { code: 'FORBIDDEN', message: ADMIN_REQUIRED } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('ignore a forged cognito:groups claim (the signature no longer matches)', async () => {
    const [h, p, s] = alice.idToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['admins'] })).toString('base64url')}.${s}`;
    const res = await alice.call('GET', '/risk-tables', undefined, { authorization: `Bearer ${forged}` }, { auth: false });
    expect(res.status).toBe(401);
  });
});

describe("another user's objects", () => {
  it('are a 404 on every object route, and alice keeps them unchanged', async () => {
    const before = await snapshot();
    const objectRoutes = entries((e) => e.isolation === 'object');
    expect(objectRoutes.map((r) => r.key).sort()).toEqual(
      [
        'DELETE /files',
        'DELETE /results/{id}',
        'GET /results/{id}',
        'GET /results/{id}/patterns',
        'POST /analyze',
        'POST /flag-details',
        'PUT /files',
        'GET /results/{id}/findings',
        'GET /results/{id}/findings/{findingId}',
        'GET /results/{id}/findings/export',
        'POST /results/{id}/findings/export',
        'GET /results/{id}/timeline',
        'PUT /results/{id}/findings/{findingId}/review',
        'PUT /results/{id}/findings/review',
        'PUT /results/{id}/findings/review-by-filter',
        'GET /results/{id}/cases',
        'GET /results/{id}/cases/{caseId}',
        'PUT /results/{id}/cases/{caseId}/review',
        'GET /results/{id}/review-jobs/{jobId}',
        'PUT /suppressions/{id}',
        'DELETE /suppressions/{id}',
      ].sort(),
    );
    for (const { key, method, e } of objectRoutes) {
      const { path, body } = e.call(fixture);
      const res = await mallory.call(method, path, body);
      expect(res.status, key).toBe(404);
      expect(res.json.error.code, key).toBe('NOT_FOUND');
      // The answer must not hint at alice's data.
      expect(res.text, key).not.toContain(alice.sub);
      expect(res.text, key).not.toContain('sm20.csv');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('never show up in caller-scoped answers, and caller-scoped writes stay with the caller', async () => {
    const callerRoutes = entries((e, method) => e.isolation === 'caller' && method === 'GET');
    expect(callerRoutes.length).toBeGreaterThanOrEqual(5);
    for (const { key, e } of callerRoutes) {
      const res = await mallory.call('GET', e.call(fixture).path);
      expect(res.status, key).toBe(200);
      for (const secret of [alice.sub, fixture.fileId, fixture.analysisId, 'sm20.csv', '"DE"']) expect(res.text, key).not.toContain(secret);
    }
    // A write by mallory with alice's sub in the body lands in mallory's partition only.
    const put = await mallory.call('PUT', '/preferences/holiday_calendar', { preferenceType: 'holiday_calendar', userId: alice.sub, preferences: { country: 'GB' } });
    expect(put.status).toBe(200);
    expect((await alice.call('GET', '/preferences/holiday_calendar')).json.preferences.country).toBe('DE');
    expect((await mallory.call('GET', '/preferences/holiday_calendar')).json.preferences.country).toBe('GB');
    // DELETE /files ignores a userId in the body: the caller's sub decides.
    const del = await mallory.call('DELETE', '/files', { fileId: fixture.fileId, userId: alice.sub });
    expect(del.status).toBe(404);
    expect((await alice.call('GET', '/files')).json.files.map((f: { fileId: string }) => f.fileId)).toContain(fixture.fileId);
  });

  it("are refused too when the id arrives in the query string", async () => {
    const res = await mallory.call('DELETE', `/files?fileId=${fixture.fileId}`);
    expect(res.status).toBe(404);
    expect((await alice.call('GET', '/files')).json.files).toHaveLength(1);
  });
});

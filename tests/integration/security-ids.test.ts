/**
 * Issue 26, items 2 and 3: every route of the route table, called with long, odd and
 * traversal-shaped ids in each path parameter and in the id fields of bodies, answers 400 or 404
 * and never reaches storage with them (a 1,100-character analysis id gave 500 from the table store
 * on the review routes; an import key ending in `..` gave 500 from the blob store).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '@app/functions/http/router.ts';
import { registerAllRoutes } from '@app/functions/http/routes/index.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';

const HOSTILE: [string, string][] = [
  ['1,100 characters', 'a'.repeat(1_100)],
  ['10,000 characters', 'b'.repeat(10_000)],
  ['300 two-byte characters', 'é'.repeat(300)],
  ['..', '..'],
  ['.', '.'],
  ['traversal', '../../../etc/passwd'],
  ['backslash traversal', '..\\..\\secret'],
  ['NUL', 'a\u0000b'],
  ['CR LF', 'a\r\nb'],
  ['key separator', 'x#REVIEW#y'],
  ['blank', ' '],
  ['lone surrogate', 'a\ud800b'],
  ['emoji', '😀'.repeat(60)],
];

/** A well-formed value for each parameter name, so the hostile one is the only fault. */
const GOOD: Record<string, string> = { list: 'privileged-users', type: 'holiday_calendar', findingId: '0123456789abcdef0123' };
function good(pattern: string, name: string): string {
  if (GOOD[name]) return GOOD[name]!;
  if (name === 'id' && /^\/(risk-tables|risk-tcodes|watchlists)/.test(pattern)) return 'SU01';
  return randomUUID();
}

/** A lone surrogate has no UTF-8 form: its CESU-8 bytes, which decodeURIComponent refuses. */
function encodeSegment(value: string): string {
  if (value === '.' || value === '..') return value;
  return value.includes('\ud800') ? encodeURIComponent(value.replace('\ud800', '')).replace('a', 'a%ED%A0%80') : encodeURIComponent(value);
}

function routeTable(): { method: string; pattern: string }[] {
  const routes: { method: string; pattern: string }[] = [];
  registerAllRoutes({ route: (method, pattern) => void routes.push({ method: method.toUpperCase(), pattern }) });
  return routes;
}

let stack: TestStack;
let admin: TestClient;
let api: Api;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
  admin = await stack.signIn(stack.admin.email, stack.admin.password);
  api = createApi(stack.services);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/**
 * The router as API Gateway's Lambda handler calls it: the raw path, `.` and `..` segments and
 * their `%2E` forms included (fetch and the local server's URL parser would resolve them first).
 */
async function rawCall(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { authorization: `Bearer ${admin.idToken}` };
  if (method !== 'GET') headers['x-csrf-token'] = await admin.csrf();
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await api.handle({ method, path, headers, query: {}, body: body === undefined ? undefined : JSON.stringify(body), sourceIp: '127.0.0.1' });
  return { status: res.status, text: JSON.stringify(res.body ?? res.rawBody ?? '') };
}

function expectRefused(status: number, what: string): void {
  expect([400, 404], what).toContain(status);
}

describe('hostile ids on every route', () => {
  const withParams = routeTable().filter((r) => r.pattern.includes('{'));

  it('the route table has routes with path parameters to walk', () => {
    expect(withParams.length).toBeGreaterThanOrEqual(15);
  });

  it('answers 400 or 404 for a hostile value in every path parameter, never 5xx', async () => {
    let calls = 0;
    for (const { method, pattern } of withParams) {
      const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const name of names) {
        for (const [label, value] of HOSTILE) {
          const path = pattern.replace(/\{(\w+)\}/g, (_, n: string) => (n === name ? encodeSegment(value) : encodeURIComponent(good(pattern, n))));
          const res = await rawCall(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
          expectRefused(res.status, `${method} ${pattern} with ${label} as {${name}}: ${res.text.slice(0, 200)}`);
          calls++;
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
    expect(stack.logs.filter((l) => l.level === 'error')).toEqual([]);
  }, 120_000);

  it('answers 400 or 404 for hostile ids in the id fields of bodies and query strings', async () => {
    const analysisId = randomUUID();
    const bodies: [string, string, (v: string) => unknown][] = [
      ['PUT', '/files', (v) => ({ fileId: v, status: 'ready' })],
      ['DELETE', '/files', (v) => ({ fileId: v })],
      ['POST', '/analyze', (v) => ({ fileIds: [v] })],
      ['POST', '/flag-details', (v) => ({ analysisId: v, flagName: 'DEBUG_ACTIVITY' })],
      ['PUT', `/results/${analysisId}/findings/review`, (v) => ({ findingIds: [v], status: 'open' })],
      ['POST', '/master-import', (v) => ({ type: 'tcodes', key: v })],
      ['POST', '/risk-import', (v) => ({ type: 'tcodes', key: v })],
      ['POST', '/watchlists/privileged-users/import', (v) => ({ key: v })],
    ];
    for (const [method, path, body] of bodies) {
      for (const [label, value] of HOSTILE) {
        const res = await admin.call(method, path, body(value));
        expectRefused(res.status, `${method} ${path} with ${label}: ${res.text.slice(0, 200)}`);
      }
    }
    const query = await admin.call('DELETE', `/files?fileId=${encodeURIComponent('a'.repeat(1_100))}`);
    expectRefused(query.status, 'DELETE /files?fileId=…');
    expect(stack.logs.filter((l) => l.level === 'error')).toEqual([]);
  }, 120_000);

  it('answers 400 for an import key whose last name is .. or . (issue 26, item 3)', async () => {
    for (const last of ['..', '.', '...']) {
      const key = `admin/imports/${admin.sub}/${randomUUID()}/${last}`;
      for (const [path, body] of [
        ['/master-import', { type: 'tcodes', key }],
        ['/risk-import', { type: 'tcodes', key }],
        ['/watchlists/privileged-users/import', { key }],
      ] as const) {
        const res = await admin.call('POST', path, body);
        if (last === '...') expectRefused(res.status, `${path} ${last}`);
        else {
          expect(res.status, `${path} ${last}: ${res.text}`).toBe(400);
          expect(res.json.error.message).toContain('key must be one returned by POST /imports/upload');
        }
      }
    }
    expect(stack.logs.filter((l) => l.level === 'error')).toEqual([]);
  });

  it('names the problem for a long analysis id on the review routes', async () => {
    const long = 'a'.repeat(1_100);
    for (const path of [`/results/${long}/findings`, `/results/${long}/findings/export`, `/results/${long}/timeline?user=X`]) {
      const res = await admin.call('GET', path);
      expect(res.status).toBe(400);
      expect(res.json.error).toEqual({ code: 'BAD_REQUEST', message: 'Invalid analysis ID in the path: must be an analysisId returned by POST /analyze' });
    }
  });
});

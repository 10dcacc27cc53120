/**
 * The one public write: the request-access form. Field limits hold at the boundary, markup is
 * stored and listed as inert text in a JSON answer, the client cannot choose server-side fields,
 * and the per-address rate limit cannot be dodged with a forged X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITED_MESSAGE, REQUEST_ACCESS_LIMIT } from '@app/functions/http/routes/access-requests.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let admin: TestClient;
let sent = 0;

const FORM = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', organization: 'Engines Ltd', jobTitle: 'Analyst', reason: 'Audit work' };

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true });
  admin = await stack.signIn(stack.admin.email, stack.admin.password);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

async function submit(body: unknown, headers: Record<string, string> = {}) {
  sent++;
  const res = await fetch(`${stack.apiUrl}/request-access`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any, headers: res.headers };
}

async function listed(): Promise<any[]> {
  const res = await admin.call('GET', '/access-requests');
  expect(res.status).toBe(200);
  return res.json.requests;
}

describe('request-access', () => {
  it('accepts each field at its limit and refuses one character more, naming the field', async () => {
    const limits: [keyof typeof FORM | 'phoneNumber', number, string][] = [
      ['firstName', 100, 'x'],
      ['lastName', 100, 'x'],
      ['organization', 200, 'x'],
      ['jobTitle', 200, 'x'],
      ['reason', 2000, 'x'],
      ['phoneNumber', 40, '1'],
    ];
    for (const [field, max, ch] of limits) {
      const over = await submit({ ...FORM, [field]: ch.repeat(max + 1) });
      expect(over.status, field).toBe(400);
      expect(over.json.error.message, field).toContain(field);
    }
    const atLimit = await submit({ ...FORM, email: 'limits@example.com', firstName: 'f'.repeat(100), reason: 'r'.repeat(2000), phoneNumber: '1'.repeat(40) });
    expect(atLimit.status).toBe(201);
    const longEmail = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect((await submit({ ...FORM, email: longEmail })).status).toBe(400);
  });

  it('keeps markup as inert text in a JSON answer, for the form and the admin listing', async () => {
    const hostile = {
      ...FORM,
      email: 'markup@example.com',
      firstName: '<img src=x onerror=alert(1)>',
      organization: '"><script>alert(document.cookie)</script>',
      reason: '<b>urgent</b>\n=HYPERLINK("http://evil")\n{{constructor.constructor("alert(1)")()}}',
    };
    const res = await submit(hostile);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const list = await admin.call('GET', '/access-requests');
    expect(list.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const stored = list.json.requests.find((r: { email: string }) => r.email === 'markup@example.com');
    // Stored exactly as typed: escaping is the renderer's job (React text nodes), never lossy input filtering.
    expect(stored).toMatchObject({ firstName: hostile.firstName, organization: hostile.organization, reason: hostile.reason, status: 'pending' });
  });

  it('refuses control characters that could forge lines in logs or e-mails', async () => {
    for (const [field, value] of [['firstName', 'Ada\r\nBcc: x@evil.example'], ['organization', 'Org\u0000'], ['reason', 'ok\u001b[31m red']] as const) {
      const res = await submit({ ...FORM, [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.json.error.message, field).toContain(field);
    }
  });

  it('ignores server-side fields sent by the client', async () => {
    const res = await submit({ ...FORM, email: 'sneaky@example.com', status: 'approved', requestId: 'chosen-id', reviewedBy: 'admin', createdAt: '2000-01-01T00:00:00.000Z' });
    expect(res.status).toBe(201);
    expect(res.json.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const stored = (await listed()).find((r) => r.email === 'sneaky@example.com');
    expect(stored.status).toBe('pending');
    expect(stored.requestId).toBe(res.json.requestId);
    expect(stored.reviewedBy).toBeUndefined();
    expect(stored.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('rate-limits per connection address; a forged X-Forwarded-For does not reset the count', async () => {
    const before = (await listed()).length;
    const statuses: number[] = [];
    for (let i = sent; i < REQUEST_ACCESS_LIMIT.limit + 3; i++) {
      statuses.push((await submit({ ...FORM, email: `bulk${i}@example.com` }, { 'x-forwarded-for': `203.0.113.${i}` })).status);
    }
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    const limited = await submit({ ...FORM, email: 'late@example.com' }, { 'x-forwarded-for': '198.51.100.7' });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({ code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE });
    expect(limited.headers.get('retry-after')).toBe('600');
    const after = await listed();
    expect(after.some((r) => r.email === 'late@example.com')).toBe(false);
    expect(after.length - before).toBe(statuses.filter((s) => s === 201).length);
  });
});

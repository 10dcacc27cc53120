import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_REQUIRED } from '@app/functions/http/errors.ts';
import type { TestClient } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

describe('administrator routes refuse everyone else and change nothing', () => {
  let admin: TestClient;
  let user: TestClient;
  let requestId: string;

  signedInStack((s) => ({ admin, user } = s), { admin: true });
  beforeAll(async () => {
    const submitted = await user.call(
      'POST',
      '/request-access',
      { firstName: 'P', lastName: 'Q', email: 'pq@example.com', organization: 'O', jobTitle: 'J', reason: 'R' },
      {},
      { auth: false },
    );
    requestId = submitted.json.requestId;
  });
  /** Everything an admin route could change, read as the admin. */
  async function snapshot() {
    const [tables, tcodes, categories, audit, requests, master] = await Promise.all([
      admin.call('GET', '/risk-tables'),
      admin.call('GET', '/risk-tcodes'),
      admin.call('GET', '/risk-categories'),
      admin.call('GET', '/risk-audit-log?limit=1000'),
      admin.call('GET', '/access-requests'),
      admin.call('GET', '/master-tcodes/search?q=ZZ'),
    ]);
    return { tables: tables.json, tcodes: tcodes.json, categories: categories.json, audit: audit.json, requests: requests.json, master: master.json };
  }

  const adminCalls = (): [string, string, unknown?][] => [
    ['GET', '/risk-tables'],
    ['POST', '/risk-tables', { tableId: 'ZHACK', category: 'X' }],
    ['PUT', '/risk-tables/USR02', { category: 'Harmless' }],
    ['DELETE', '/risk-tables/USR02'],
    ['GET', '/risk-tcodes'],
    ['POST', '/risk-tcodes', { tcodeId: 'ZHACK', category: 'X' }],
    ['PUT', '/risk-tcodes/SU01', { category: 'Harmless' }],
    ['DELETE', '/risk-tcodes/SU01'],
    ['GET', '/risk-categories'],
    ['GET', '/risk-audit-log?limit=100'],
    ['POST', '/risk-import', { type: 'tcodes', csvContent: 'TCODE,CATEGORY\nZHACK,X\n' }],
    ['GET', '/risk-export'],
    ['POST', '/master-import', { type: 'tcodes', csvContent: 'TCODE,TTEXT\nZZHACK,x\n' }],
    ['GET', '/master-import/jobs/00000000-0000-4000-8000-000000000000'],
    ['GET', '/access-requests?status=pending'],
    ['POST', `/access-requests/${requestId}/approve`],
    ['POST', `/access-requests/${requestId}/reject`, { reason: 'no' }],
  ];

  it(`answers 403 "${ADMIN_REQUIRED}" on every admin route to a signed-in non-admin`, async () => {
    const before = await snapshot();
    expect(before.tables.tables.length).toBeGreaterThan(0);
    expect(before.requests.requests).toHaveLength(1);
    for (const [method, path, body] of adminCalls()) {
      const res = await user.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json, `${method} ${path}`).toEqual({ error: { code: 'FORBIDDEN', message: ADMIN_REQUIRED } });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401 without a token, and lets any signed-in user search the master lists', async () => {
    const before = await snapshot();
    for (const [method, path, body] of adminCalls()) {
      const res = await user.call(method, path, body, {}, { auth: false });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.json.error.message).toBe('Authentication required');
    }
    expect(await snapshot()).toEqual(before);
    const search = await user.call('GET', '/master-tables/search?q=US');
    expect(search.status).toBe(200);
    expect(search.json.results.map((r: { tableId: string }) => r.tableId)).toContain('USR02');
    expect((await user.call('GET', '/master-tables/search?q=US', undefined, {}, { auth: false })).status).toBe(401);
  });

  it('the same calls succeed for the administrator', async () => {
    for (const [method, path, body] of adminCalls()) {
      const res = await admin.call(method, path, body);
      // The reject after approve is a 409, an import job is accepted (202), a job id of no job is a 404; every call passes the admin check.
      expect([200, 201, 202, 404, 409], `${method} ${path}: ${res.text}`).toContain(res.status);
    }
    expect((await admin.call('GET', '/risk-tcodes?search=ZHACK')).json.tcodes).toHaveLength(1);
  });
});

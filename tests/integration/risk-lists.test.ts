import { describe, expect, it } from 'vitest';
import { loadDefaultLists } from '@app/core/lists/index.ts';
import { loadActiveLists } from '@app/functions/services/risk/active-lists.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

describe('high-risk lists: CRUD, soft delete, audit', () => {
  let stack: TestStack;
  let admin: TestClient;

  signedInStack((s) => ({ stack, admin } = s), { admin: true });

  it('is seeded from the engine defaults, added by system', async () => {
    const defaults = loadDefaultLists();
    const tables = await admin.call('GET', '/risk-tables');
    expect(tables.status).toBe(200);
    expect(tables.json.tables).toHaveLength(defaults.highRiskTables.length);
    const usr02 = tables.json.tables.find((t: { tableId: string }) => t.tableId === 'USR02');
    const expected = defaults.highRiskTables.find((t) => t.id === 'USR02')!;
    expect(usr02).toMatchObject({ tableId: 'USR02', category: expected.category, description: expected.description, addedBy: 'system', active: true });
    const tcodes = await admin.call('GET', '/risk-tcodes');
    expect(tcodes.json.tcodes).toHaveLength(defaults.highRiskTcodes.length);
    const categories = await admin.call('GET', '/risk-categories');
    const expectedCategories = [...new Set([...defaults.highRiskTables, ...defaults.highRiskTcodes].map((e) => e.category))].sort((a, b) =>
      a.localeCompare(b),
    );
    expect(categories.json.categories).toEqual(expectedCategories);
  });

  it('searches IDs by the upper-cased query and descriptions case-insensitively, filters by category', async () => {
    const byId = await admin.call('GET', '/risk-tcodes?search=su0&category=');
    const ids = byId.json.tcodes.map((t: { tcodeId: string }) => t.tcodeId);
    expect(ids).toContain('SU01');
    for (const t of byId.json.tcodes) expect(t.tcodeId.includes('SU0') || t.description.toLowerCase().includes('su0')).toBe(true);

    const byText = await admin.call('GET', '/risk-tables?search=UNIVERSAL%20JOURNAL');
    expect(byText.json.tables.map((t: { tableId: string }) => t.tableId)).toEqual(['ACDOCA']);

    const finance = await admin.call('GET', '/risk-tables?category=Finance');
    expect(finance.json.tables.length).toBeGreaterThan(0);
    expect(finance.json.tables.every((t: { category: string }) => t.category === 'Finance')).toBe(true);
    const none = await admin.call('GET', '/risk-tables?category=No%20Such%20Category');
    expect(none.json.tables).toEqual([]);
  });

  it('adds a table with the description from the master list, refuses a duplicate, audits the creation', async () => {
    const created = await admin.call('POST', '/risk-tables', { tableId: 'mara', category: 'Custom Finance' });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ tableId: 'MARA', category: 'Custom Finance', addedBy: admin.sub, active: true });
    expect(created.json.description).toBe('Material master: general data');

    const again = await admin.call('POST', '/risk-tables', { tableId: 'MARA', category: 'Other' });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('Table MARA is already in the high-risk list');

    const audit = await admin.call('GET', '/risk-audit-log?itemId=MARA');
    expect(audit.status).toBe(200);
    expect(audit.json.auditLog).toHaveLength(1);
    expect(audit.json.auditLog[0]).toMatchObject({
      action: 'CREATE',
      itemId: 'MARA',
      itemType: 'table',
      userId: admin.sub,
      previousValue: null,
      newValue: { tableId: 'MARA', category: 'Custom Finance', active: true },
    });
    // People by e-mail: the audit entry and Added By name the administrator, 'system' stays as it is.
    expect(audit.json.auditLog[0].userEmail).toBe(stack.admin.email);
    // The people the values name (addedBy, lastModifiedBy) by e-mail too (issue 27 item 7).
    expect(audit.json.auditLog[0].newValue.addedBy).toBe(admin.sub);
    expect(audit.json.auditLog[0].people).toEqual({ [admin.sub]: stack.admin.email });
    const listed = (await admin.call('GET', '/risk-tables?search=MARA')).json.tables[0];
    expect(listed).toMatchObject({ addedBy: admin.sub, addedByEmail: stack.admin.email, lastModifiedByEmail: stack.admin.email });
    const usr02 = (await admin.call('GET', '/risk-tables?search=USR02')).json.tables.find((t: { tableId: string }) => t.tableId === 'USR02');
    expect(usr02.addedBy).toBe('system');
    expect(usr02.addedByEmail).toBeUndefined();
    expect(audit.json.auditLog[0].auditId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(audit.json.auditLog[0].timestamp)).not.toBeNaN();

    const categories = await admin.call('GET', '/risk-categories');
    expect(categories.json.categories).toContain('Custom Finance');
  });

  it('updates the category and records previous and new values', async () => {
    await admin.call('POST', '/risk-tcodes', { tcodeId: 'ZFI_PAY', category: 'Treasury', description: 'Custom payment run' });
    const updated = await admin.call('PUT', '/risk-tcodes/ZFI_PAY', { category: 'Cash Management' });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ tcodeId: 'ZFI_PAY', category: 'Cash Management', description: 'Custom payment run', lastModifiedBy: admin.sub });
    const audit = await admin.call('GET', '/risk-audit-log?itemId=ZFI_PAY');
    expect(audit.json.auditLog.map((e: { action: string }) => e.action)).toEqual(['UPDATE', 'CREATE']);
    expect(audit.json.auditLog[0].previousValue).toMatchObject({ category: 'Treasury', description: 'Custom payment run' });
    expect(audit.json.auditLog[0].newValue).toMatchObject({ category: 'Cash Management', description: 'Custom payment run' });

    const missing = await admin.call('PUT', '/risk-tcodes/ZNOPE', { category: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe('Transaction code ZNOPE is not in the high-risk list');
  });

  it('handles namespaced IDs in the path', async () => {
    const created = await admin.call('POST', '/risk-tcodes', { tcodeId: '/iwfnd/maint_service', category: 'System Configuration' });
    expect(created.status).toBe(201);
    expect(created.json.tcodeId).toBe('/IWFND/MAINT_SERVICE');
    expect(created.json.description).toMatch(/OData/);
    const deleted = await admin.call('DELETE', `/risk-tcodes/${encodeURIComponent('/IWFND/MAINT_SERVICE')}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.active).toBe(false);
  });

  it('soft-deletes: gone from the list and from the analysis lists, kept in the audit log, re-addable', async () => {
    const before = await loadActiveLists(stack.services);
    expect(before.lists.highRiskTcodes.some((t) => t.id === 'SE16N')).toBe(true);

    const deleted = await admin.call('DELETE', '/risk-tcodes/SE16N');
    expect(deleted.status).toBe(200);
    expect(deleted.json).toMatchObject({ tcodeId: 'SE16N', active: false, lastModifiedBy: admin.sub });

    const list = await admin.call('GET', '/risk-tcodes?search=SE16N');
    expect(list.json.tcodes.map((t: { tcodeId: string }) => t.tcodeId)).not.toContain('SE16N');
    const after = await loadActiveLists(stack.services);
    expect(after.lists.highRiskTcodes.some((t) => t.id === 'SE16N')).toBe(false);
    expect(after.lists.highRiskTcodes).toHaveLength(before.lists.highRiskTcodes.length - 1);
    expect(Number(after.versions.tcodes)).toBeGreaterThan(Number(before.versions.tcodes));
    expect(after.versions.tables).toBe(before.versions.tables);
    expect(after.lists.sensitiveFields).toEqual(loadDefaultLists().sensitiveFields);

    const audit = await admin.call('GET', '/risk-audit-log?itemId=SE16N');
    expect(audit.json.auditLog[0]).toMatchObject({
      action: 'DELETE',
      itemType: 'tcode',
      previousValue: { tcodeId: 'SE16N', active: true },
      newValue: { tcodeId: 'SE16N', active: false },
    });

    const twice = await admin.call('DELETE', '/risk-tcodes/SE16N');
    expect(twice.status).toBe(404);

    const readded = await admin.call('POST', '/risk-tcodes', { tcodeId: 'SE16N', category: 'Table Maintenance' });
    expect(readded.status).toBe(201);
    expect(readded.json).toMatchObject({ active: true, addedBy: admin.sub, category: 'Table Maintenance' });
    const restored = await loadActiveLists(stack.services);
    expect(restored.lists.highRiskTcodes.find((t) => t.id === 'SE16N')?.category).toBe('Table Maintenance');
    const reAudit = await admin.call('GET', '/risk-audit-log?itemId=SE16N&limit=1');
    expect(reAudit.json.auditLog).toHaveLength(1);
    expect(reAudit.json.auditLog[0]).toMatchObject({ action: 'CREATE', previousValue: { active: false }, newValue: { active: true } });
  });

  it('lists the audit log newest first, filtered by user, limited', async () => {
    const all = await admin.call('GET', '/risk-audit-log');
    const stamps = all.json.auditLog.map((e: { timestamp: string }) => e.timestamp);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(all.json.auditLog.length).toBeGreaterThanOrEqual(7);
    const mine = await admin.call('GET', `/risk-audit-log?userId=${admin.sub}&limit=2`);
    expect(mine.json.auditLog).toHaveLength(2);
    expect(mine.json.auditLog.every((e: { userId: string }) => e.userId === admin.sub)).toBe(true);
    const nobody = await admin.call('GET', '/risk-audit-log?userId=someone-else');
    expect(nobody.json.auditLog).toEqual([]);
    const bad = await admin.call('GET', '/risk-audit-log?limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('limit');
  });

  it('validates IDs and categories with messages that say what is expected', async () => {
    const cases: [unknown, string][] = [
      [{ tableId: 'BAD ID', category: 'X' }, 'tableId'],
      [{ tableId: 'A'.repeat(31), category: 'X' }, 'tableId'],
      [{ tableId: 'USR\u000102', category: 'X' }, 'tableId'],
      [{ tableId: 'ZTAB1', category: '' }, 'category'],
      [{ tableId: 'ZTAB1', category: 'C'.repeat(61) }, 'category'],
      [{ category: 'X' }, 'tableId'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.call('POST', '/risk-tables', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.message).toContain(field);
    }
    const msg = (await admin.call('POST', '/risk-tables', { tableId: 'BAD ID', category: 'X' })).json.error.message;
    expect(msg).toContain('an SAP name of 1-30 characters');
    const list = await admin.call('GET', '/risk-tables?search=ZTAB1');
    expect(list.json.tables).toEqual([]);
  });
});

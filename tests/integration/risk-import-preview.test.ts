import { describe, expect, it } from 'vitest';
import type { TestClient } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

// Issue 27 item 6: a risk-list import shows what it would change before anything is written.
describe('risk-list import preview', () => {
  let admin: TestClient;
  const csv = ['TABNAME,CATEGORY,DDTEXT', 'USR02,Benutzerverwaltung,', 'ZAUDIT_LOG,user administration,Custom audit table', 'T000,Client Copy,'].join('\n');

  signedInStack((s) => ({ admin } = s), { admin: true });

  it('lists new, changed (old -> new per field) and unchanged entries and the categories matched, writing nothing', async () => {
    const before = (await admin.call('GET', '/risk-tables?search=USR02')).json.tables.find((t: { tableId: string }) => t.tableId === 'USR02');
    const t000 = (await admin.call('GET', '/risk-tables?search=T000')).json.tables.find((t: { tableId: string }) => t.tableId === 'T000');
    const res = await admin.call('POST', '/risk-import', { type: 'tables', csvContent: csv.replace('T000,Client Copy,', `T000,${t000.category},`), preview: true });
    expect(res.status, res.text).toBe(200);
    const p = res.json.preview;
    expect(p.added).toEqual([{ id: 'ZAUDIT_LOG', category: 'User Administration', description: 'Custom audit table' }]);
    expect(p.changed).toEqual([{ id: 'USR02', changes: [{ field: 'category', from: before.category, to: 'User Administration' }] }]);
    expect(p.unchanged).toEqual(['T000']);
    expect(p.categoriesMatched).toEqual(expect.arrayContaining([{ from: 'Benutzerverwaltung', to: 'User Administration' }, { from: 'user administration', to: 'User Administration' }]));
    expect(p.categoriesNew).toEqual([]);
    // Nothing written.
    const after = (await admin.call('GET', '/risk-tables?search=USR02')).json.tables.find((t: { tableId: string }) => t.tableId === 'USR02');
    expect(after.category).toBe(before.category);
    expect((await admin.call('GET', '/risk-tables?search=ZAUDIT_LOG')).json.tables).toEqual([]);
  });

  it('imports into the matched category (no "Benutzerverwaltung" beside "User Administration") and the audit log keeps the old value', async () => {
    const res = await admin.call('POST', '/risk-import', { type: 'tables', csvContent: csv });
    expect(res.status, res.text).toBe(200);
    const categories = (await admin.call('GET', '/risk-categories')).json.categories as string[];
    expect(categories).toContain('User Administration');
    expect(categories).not.toContain('Benutzerverwaltung');
    const usr02 = (await admin.call('GET', '/risk-tables?search=USR02')).json.tables.find((t: { tableId: string }) => t.tableId === 'USR02');
    expect(usr02.category).toBe('User Administration');
    const audit = (await admin.call('GET', '/risk-audit-log?itemId=USR02')).json.auditLog;
    expect(audit[0]).toMatchObject({ action: 'IMPORT', previousValue: { category: expect.not.stringMatching(/^User Administration$/) }, newValue: { category: 'User Administration' } });
  });
});

import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '@app/functions/services/keys.ts';
import { MERGE_MARKER_SK, mergeNearDuplicateCategories } from '@app/functions/services/risk/merge-categories.ts';
import { buildStoredItem } from '@app/functions/services/risk/risk-items.ts';
import { seedReferenceData } from '@app/functions/services/risk/seed.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

type AuditRow = { action: string; userId: string; previousValue: { category: string } | null; newValue: { category: string } | null };

// Issue 27 item 6: "User Administration" vs "User & Authorization" and "System Administration" vs
// "System Configuration" merged for good: stored entries migrated once (audited), reads, writes and
// imports folded.
describe('near-duplicate risk categories', () => {
  let stack: TestStack;
  let admin: TestClient;

  /** An entry as a database written before the merge holds it (bypassing the API, which folds). */
  async function storeRaw(kind: 'table' | 'tcode', id: string, category: string): Promise<void> {
    const item = { ...buildStoredItem(kind, { id, category: 'x', description: `${id} (old)` }, 'system', 'system'), category };
    await stack.services.ddb.send(new PutCommand({ TableName: stack.services.config.tableName, Item: item }));
  }
  const dropMarker = () => stack.services.ddb.send(new DeleteCommand({ TableName: stack.services.config.tableName, Key: { pk: keys.riskMeta, sk: MERGE_MARKER_SK } }));
  const audit = async (id: string) => (await admin.call('GET', `/risk-audit-log?itemId=${id}`)).json.auditLog as AuditRow[];
  const categoryOf = async (list: 'tables' | 'tcodes', id: string) =>
    ((await admin.call('GET', `/risk-${list}?search=${id}`)).json[list] as { tableId?: string; tcodeId?: string; category: string }[]).find((t) => (t.tableId ?? t.tcodeId) === id)?.category;

  signedInStack((s) => ({ stack, admin } = s), { admin: true });

  it('ships one of each: the categories list has neither "User & Authorization" nor "System Configuration"', async () => {
    const categories = (await admin.call('GET', '/risk-categories')).json.categories as string[];
    expect(categories).toEqual(expect.arrayContaining(['User Administration', 'System Administration']));
    expect(categories).not.toContain('User & Authorization');
    expect(categories).not.toContain('System Configuration');
    expect(await categoryOf('tables', 'AGR_USERS')).toBe('User Administration');
    expect(await categoryOf('tcodes', 'SCC4')).toBe('System Administration');
  });

  it('migrates stored entries once, each rename an UPDATE by system in the audit log, and keeps every entry', async () => {
    await storeRaw('table', 'AGR_1251', 'User & Authorization');
    await storeRaw('tcode', 'SM59', 'System Configuration');
    await storeRaw('table', 'ZMYTAB', 'system configuration');
    await dropMarker();
    await seedReferenceData(stack.services);
    expect(await categoryOf('tables', 'AGR_1251')).toBe('User Administration');
    expect(await categoryOf('tcodes', 'SM59')).toBe('System Administration');
    expect(await categoryOf('tables', 'ZMYTAB')).toBe('System Administration');
    expect((await audit('AGR_1251'))[0]).toMatchObject({ action: 'UPDATE', userId: 'system', previousValue: { category: 'User & Authorization' }, newValue: { category: 'User Administration' } });
    expect((await audit('SM59'))[0]).toMatchObject({ action: 'UPDATE', previousValue: { category: 'System Configuration' }, newValue: { category: 'System Administration' } });
    // Idempotent: a second run (marker present, or even lost) renames nothing and writes no entry.
    await seedReferenceData(stack.services);
    await dropMarker();
    expect(await mergeNearDuplicateCategories(stack.services, 'system')).toBe(0);
    expect((await audit('AGR_1251')).filter((e) => e.action === 'UPDATE')).toHaveLength(1);
    const description = ((await admin.call('GET', '/risk-tables?search=AGR_1251')).json.tables as { description: string }[])[0]?.description;
    expect(description).toBe('AGR_1251 (old)');
  });

  it('two migrations at once rename each entry once and lose none', async () => {
    const ids = ['AGR_1016', 'AGR_AGRS', 'AGR_DEFINE', 'USR04', 'USR05', 'T000', 'NRIV'];
    for (const id of ids) await storeRaw('table', id, id.startsWith('AGR') || id.startsWith('USR') ? 'User & Authorization' : 'System Configuration');
    const before = ((await admin.call('GET', '/risk-tables')).json.tables as unknown[]).length;
    await dropMarker();
    const [a, b] = await Promise.all([mergeNearDuplicateCategories(stack.services, 'system'), mergeNearDuplicateCategories(stack.services, 'system')]);
    expect(a + b).toBe(ids.length);
    expect(((await admin.call('GET', '/risk-tables')).json.tables as unknown[]).length).toBe(before);
    for (const id of ids) {
      const updates = (await audit(id)).filter((e) => e.action === 'UPDATE' && e.userId === 'system');
      expect(updates, id).toHaveLength(1);
      expect(await categoryOf('tables', id)).toBe(id.startsWith('T000') || id === 'NRIV' ? 'System Administration' : 'User Administration');
    }
  });

  it('shows an entry not yet migrated under the canonical name, and the filter by either name finds it', async () => {
    await storeRaw('tcode', 'SMGW', 'System Configuration');
    const categories = (await admin.call('GET', '/risk-categories')).json.categories as string[];
    expect(categories).not.toContain('System Configuration');
    expect(await categoryOf('tcodes', 'SMGW')).toBe('System Administration');
    const filtered = (await admin.call('GET', `/risk-tcodes?category=${encodeURIComponent('System Configuration')}`)).json.tcodes as { tcodeId: string }[];
    expect(filtered.map((t) => t.tcodeId)).toContain('SMGW');
    expect(filtered.map((t) => t.tcodeId)).toContain('SCC4');
  });

  it('files an alias under the canonical name when an administrator creates or edits an entry', async () => {
    expect((await admin.call('POST', '/risk-tables', { tableId: 'ZUSERS', category: 'User & Authorization' })).status).toBe(201);
    expect(await categoryOf('tables', 'ZUSERS')).toBe('User Administration');
    expect((await admin.call('PUT', '/risk-tcodes/SM59', { category: 'system configuration' })).status).toBe(200);
    expect(await categoryOf('tcodes', 'SM59')).toBe('System Administration');
  });

  it('imports fold the variants: preview and import', async () => {
    const csv = ['TCODE,CATEGORY,DESCRIPTION', 'ZSU01,User & Authorization,Custom user maintenance', 'ZRZ10,System Configuration,Custom profile parameters'].join('\n');
    const preview = (await admin.call('POST', '/risk-import', { type: 'tcodes', csvContent: csv, preview: true })).json.preview;
    expect(preview.added).toEqual([
      { id: 'ZSU01', category: 'User Administration', description: 'Custom user maintenance' },
      { id: 'ZRZ10', category: 'System Administration', description: 'Custom profile parameters' },
    ]);
    expect(preview.categoriesMatched).toEqual(expect.arrayContaining([{ from: 'User & Authorization', to: 'User Administration' }, { from: 'System Configuration', to: 'System Administration' }]));
    expect(preview.categoriesNew).toEqual([]);
    expect((await admin.call('POST', '/risk-import', { type: 'tcodes', csvContent: csv })).status).toBe(200);
    expect(await categoryOf('tcodes', 'ZSU01')).toBe('User Administration');
    expect(await categoryOf('tcodes', 'ZRZ10')).toBe('System Administration');
    const categories = (await admin.call('GET', '/risk-categories')).json.categories as string[];
    expect(categories.filter((c) => /^(User|System) /.test(c)).sort()).toEqual(['System Administration', 'User Administration']);
  });
});

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { loadDefaultLists, loadMasterLists } from '@app/core/lists/index.ts';
import { keys } from '@app/functions/services/keys.ts';
import { loadActiveLists } from '@app/functions/services/risk/active-lists.ts';
import { ensureSeeded, isSeeded, SEED_MARKER_SK, seedReferenceData } from '@app/functions/services/risk/seed.ts';
import { CATEGORY_ALIASES, MERGE_MARKER_SK } from '@app/functions/services/risk/merge-categories.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

describe('seeding of the reference data', () => {
  let stack: TestStack;
  let admin: TestClient;

  signedInStack((s) => ({ stack, admin } = s), { admin: true, stack: { inMemory: false } });

  it('seeds the risk and master lists once, on first start', async () => {
    expect(await isSeeded(stack.services)).toBe(true);
    const { lists } = await loadActiveLists(stack.services);
    const defaults = loadDefaultLists();
    expect(lists.highRiskTcodes).toEqual(defaults.highRiskTcodes);
    expect(lists.highRiskTables).toEqual(defaults.highRiskTables);
    // One category list: no near-duplicate names across tables and tcodes.
    const categories = (await admin.call('GET', '/risk-categories')).json.categories as string[];
    for (const alias of Object.keys(CATEGORY_ALIASES)) expect(categories).not.toContain(alias);
    expect(categories).toEqual(expect.arrayContaining(['Finance', 'Payment & Banking', 'Job Scheduling']));
    expect(lists.events).toEqual(defaults.events);
    const master = loadMasterLists();
    const oneTable = master.tables[master.tables.length - 1]!;
    const found = await admin.call('GET', `/master-tables/search?q=${encodeURIComponent(oneTable.id)}`);
    expect(found.json.results[0]).toEqual({ tableId: oneTable.id, description: oneTable.description });
  });

  it("never undoes an administrator's change when it runs again, after a restart or a lost marker", async () => {
    expect((await admin.call('DELETE', '/risk-tcodes/SU01')).status).toBe(200);
    expect((await admin.call('PUT', '/risk-tables/USR02', { category: 'Changed by admin' })).status).toBe(200);

    await stack.restart();
    admin = await stack.signIn(stack.admin.email, stack.admin.password);
    // Simulate a crash between writing the items and the marker: seeding runs in full again.
    await stack.services.ddb.send(
      new DeleteCommand({ TableName: stack.services.config.tableName, Key: { pk: keys.riskMeta, sk: SEED_MARKER_SK } }),
    );
    expect(await isSeeded(stack.services)).toBe(false);
    await seedReferenceData(stack.services);
    expect(await isSeeded(stack.services)).toBe(true);

    const { lists } = await loadActiveLists(stack.services);
    expect(lists.highRiskTcodes.some((t) => t.id === 'SU01')).toBe(false);
    expect(lists.highRiskTcodes).toHaveLength(loadDefaultLists().highRiskTcodes.length - 1);
    expect(lists.highRiskTables.find((t) => t.id === 'USR02')?.category).toBe('Changed by admin');
    const audit = await admin.call('GET', '/risk-audit-log?itemId=SU01');
    expect(audit.json.auditLog.map((e: { action: string }) => e.action)).toEqual(['DELETE']);
  });

  it('merges near-duplicate categories of an existing database once, each change in the audit log', async () => {
    // A database seeded before the merge: an item still under the old name, no merge marker.
    const fb01 = (await stack.services.ddb.send(new GetCommand({ TableName: stack.services.config.tableName, Key: { pk: keys.riskTcode, sk: 'FB01' } }))).Item!;
    await stack.services.ddb.send(new PutCommand({ TableName: stack.services.config.tableName, Item: { ...fb01, category: 'Financial Posting' } }));
    await stack.services.ddb.send(new DeleteCommand({ TableName: stack.services.config.tableName, Key: { pk: keys.riskMeta, sk: MERGE_MARKER_SK } }));
    await seedReferenceData(stack.services);
    const { lists } = await loadActiveLists(stack.services);
    expect(lists.highRiskTcodes.find((t) => t.id === 'FB01')?.category).toBe('Finance');
    const audit = (await admin.call('GET', '/risk-audit-log?itemId=FB01')).json.auditLog as { action: string; userId: string; previousValue: { category: string }; newValue: { category: string } }[];
    expect(audit[0]).toMatchObject({ action: 'UPDATE', userId: 'system', previousValue: { category: 'Financial Posting' }, newValue: { category: 'Finance' } });
    // Merged for good (issue 27): an alias an administrator types later is filed under the canonical name.
    expect((await admin.call('PUT', '/risk-tcodes/FB01', { category: 'Financial Posting' })).status).toBe(200);
    await seedReferenceData(stack.services);
    expect((await loadActiveLists(stack.services)).lists.highRiskTcodes.find((t) => t.id === 'FB01')?.category).toBe('Finance');
  });

  it('ensureSeeded is one shared promise per services container', async () => {
    const first = ensureSeeded(stack.services);
    expect(ensureSeeded(stack.services)).toBe(first);
    await first;
  });
});

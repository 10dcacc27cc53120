/**
 * First-start seeding of the administrators' lists (from the engine's default lists, added by
 * 'system') and of the master lists (from packages/core/data/master). Idempotent: a marker item
 * under RISK#META records completion, and risk items are written only where none exists, so a
 * re-run after a crash never undoes an administrator's change.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { loadDefaultLists, loadMasterLists } from '@app/core/lists/index.ts';
import type { RiskListEntry } from '@app/core';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import type { MasterKind } from '../master/master-kinds.ts';
import { putMasterEntries } from '../master/master-store.ts';
import { bumpListVersion } from './list-version.ts';
import { mergeNearDuplicateCategories } from './merge-categories.ts';
import { buildStoredItem } from './risk-items.ts';
import type { RiskKind } from './risk-kinds.ts';
import { oncePerServices } from './once-per-services.ts';
import { normaliseSapId } from './sap-ids.ts';

export const SEED_MARKER_SK = 'SEEDED';
export const SYSTEM_USER = 'system';

export async function seedReferenceData(services: Services): Promise<void> {
  if (!(await isSeeded(services))) await seedOnce(services);
  await shardMasterLists(services);
  await mergeNearDuplicateCategories(services, SYSTEM_USER);
}

async function seedOnce(services: Services): Promise<void> {
  const defaults = loadDefaultLists();
  const master = loadMasterLists();
  await Promise.all([
    seedRiskList(services, 'table', defaults.highRiskTables),
    seedRiskList(services, 'tcode', defaults.highRiskTcodes),
    seedMasterList(services, 'table', master.tables),
    seedMasterList(services, 'tcode', master.tcodes),
  ]);
  await bumpListVersion(services, 'table');
  await bumpListVersion(services, 'tcode');
  await services.ddb.send(
    new PutCommand({
      TableName: services.config.tableName,
      Item: {
        pk: keys.riskMeta,
        sk: SEED_MARKER_SK,
        seededAt: new Date().toISOString(),
        counts: {
          tables: defaults.highRiskTables.length,
          tcodes: defaults.highRiskTcodes.length,
          masterTables: master.tables.length,
          masterTcodes: master.tcodes.length,
        },
      },
    }),
  );
  services.log.info('Seeded reference data', {
    tables: defaults.highRiskTables.length,
    tcodes: defaults.highRiskTcodes.length,
    masterTables: master.tables.length,
    masterTcodes: master.tcodes.length,
  });
}

/**
 * Seeds once per services container; later calls cost nothing. On AWS this runs lazily on the
 * first list call or analysis; a failed attempt is forgotten so the next call retries.
 */
export const ensureSeeded = oncePerServices(seedReferenceData);

export async function isSeeded(services: Services): Promise<boolean> {
  const res = await services.ddb.send(
    new GetCommand({
      TableName: services.config.tableName,
      Key: { pk: keys.riskMeta, sk: SEED_MARKER_SK },
      ConsistentRead: true,
    }),
  );
  return res.Item !== undefined;
}

async function seedRiskList(services: Services, kind: RiskKind, entries: RiskListEntry[]): Promise<void> {
  const items = entries.map((e) =>
    buildStoredItem(kind, { id: e.id, category: e.category, description: e.description }, SYSTEM_USER, SYSTEM_USER),
  );
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await services.ddb.send(
          new PutCommand({ TableName: services.config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
        );
      } catch (e) {
        if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function seedMasterList(services: Services, kind: MasterKind, entries: { id: string; description: string }[]): Promise<void> {
  await putMasterEntries(
    services,
    kind,
    entries.map((e) => ({ id: normaliseSapId(e.id), description: e.description })).filter((e): e is { id: string; description: string } => e.id !== undefined),
  );
}

/**
 * Master entries moved from one partition per list to one per name prefix (master-kinds.ts). A
 * table seeded before holds the shipped lists under the old keys: they are written again under
 * the new ones, once (marker MASTER_SHARDED). Entries an administrator imported before must be
 * imported again (docs/risk-management.md).
 */
export const MASTER_SHARDED_SK = 'MASTER_SHARDED';

async function shardMasterLists(services: Services): Promise<void> {
  const marker = await services.ddb.send(new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.riskMeta, sk: MASTER_SHARDED_SK }, ConsistentRead: true }));
  if (marker.Item) return;
  const master = loadMasterLists();
  await Promise.all([seedMasterList(services, 'table', master.tables), seedMasterList(services, 'tcode', master.tcodes)]);
  await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item: { pk: keys.riskMeta, sk: MASTER_SHARDED_SK, at: new Date().toISOString() } }));
}

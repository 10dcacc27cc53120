/**
 * One category list across both high-risk lists: the default tables and tcodes used different
 * names for the same thing (Finance / Financial Posting, Payment / Payment & Banking, Jobs / Job
 * Scheduling). The defaults load with one name (core lists); an existing database is merged once, each
 * change an ordinary UPDATE by 'system', so the audit log shows what was renamed.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CATEGORY_ALIASES, canonicalCategory } from '@app/core/lists/index.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { queryAllRiskItems, updateRiskItem } from './risk-items.ts';
import type { RiskKind } from './risk-kinds.ts';

export { CATEGORY_ALIASES, canonicalCategory };

export const MERGE_MARKER_SK = 'CATEGORIES_MERGED_V1';

/** Renames aliased categories of active items once per database; returns how many items changed. */
export async function mergeNearDuplicateCategories(services: Services, systemUser: string): Promise<number> {
  const marker = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.riskMeta, sk: MERGE_MARKER_SK }, ConsistentRead: true }),
  );
  if (marker.Item) return 0;
  let changed = 0;
  for (const kind of ['table', 'tcode'] as RiskKind[]) {
    for (const item of await queryAllRiskItems(services, kind)) {
      const category = canonicalCategory(item.category);
      if (!item.active || category === item.category) continue;
      await updateRiskItem(services, kind, systemUser, { id: item.sk, category });
      changed++;
    }
  }
  await services.ddb.send(
    new PutCommand({ TableName: services.config.tableName, Item: { pk: keys.riskMeta, sk: MERGE_MARKER_SK, mergedAt: new Date().toISOString(), changed } }),
  );
  if (changed > 0) services.log.info('Merged near-duplicate risk categories', { changed });
  return changed;
}

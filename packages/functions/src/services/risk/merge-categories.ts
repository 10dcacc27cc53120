/**
 * One category list across both high-risk lists: the default tables and tcodes used different
 * names for the same thing (Finance / Financial Posting, Payment / Payment & Banking, Jobs / Job
 * Scheduling; issue 27: User Administration / User & Authorization, System Administration / System
 * Configuration). The defaults ship with one name (core lists, category-aliases.ts); every write
 * files an alias under its canonical name (risk-items.ts, risk-import.ts) and every read shows it
 * so; an existing database is migrated once per marker version, each rename an ordinary
 * conditional UPDATE by 'system', so the audit log shows what was renamed (old -> new category).
 *
 * Safe with parallel requests (two Lambdas starting at once): each rename is conditional on the
 * item being unchanged since it was read; when it changed meanwhile (an administrator's edit, or the
 * other migration), the item is read again and renamed only if it still carries an alias. An
 * entry is never written from a stale copy, so no administrator's change is lost, and an item is
 * renamed (and audited) once.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CATEGORY_ALIASES, canonicalCategory } from '@app/core/lists/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { getRiskItem, queryAllRiskItems, updateRiskItem } from './risk-items.ts';
import type { RiskKind } from './risk-kinds.ts';

export { CATEGORY_ALIASES, canonicalCategory };

/** V1 merged the aliases of issue 15; V2 (issue 27) adds User & Authorization and System Configuration. */
export const MERGE_MARKER_SK = 'CATEGORIES_MERGED_V2';

/** Renames aliased categories of active items once per database; returns how many items changed. */
export async function mergeNearDuplicateCategories(services: Services, systemUser: string): Promise<number> {
  const marker = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.riskMeta, sk: MERGE_MARKER_SK }, ConsistentRead: true }),
  );
  if (marker.Item) return 0;
  let changed = 0;
  const renamed: Record<string, string> = {};
  for (const kind of ['table', 'tcode'] as RiskKind[]) {
    for (const item of await queryAllRiskItems(services, kind)) {
      if (!item.active || canonicalCategory(item.category) === item.category) continue;
      const from = await renameOne(services, kind, item.sk, systemUser);
      if (from !== undefined) {
        changed++;
        renamed[from] = canonicalCategory(from);
      }
    }
  }
  await services.ddb.send(
    new PutCommand({ TableName: services.config.tableName, Item: { pk: keys.riskMeta, sk: MERGE_MARKER_SK, mergedAt: new Date().toISOString(), changed, renamed } }),
  );
  if (changed > 0) services.log.info('Merged near-duplicate risk categories', { changed, renamed });
  return changed;
}

/** Renames one item's aliased category; returns the old name, or undefined when nothing was left to rename. */
async function renameOne(services: Services, kind: RiskKind, id: string, systemUser: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await getRiskItem(services, kind, id);
    if (!current?.active) return undefined;
    const category = canonicalCategory(current.category);
    if (category === current.category) return undefined;
    try {
      // Conditional on lastModified as read just now (updateRiskItem): a concurrent change wins and we look again.
      await updateRiskItem(services, kind, systemUser, { id, category }, current);
      return current.category;
    } catch (e) {
      if (!(e instanceof VisibleError) || (e.code !== 'CONFLICT' && e.code !== 'NOT_FOUND')) throw e;
    }
  }
  return undefined;
}

/**
 * Create, read, update and soft-delete of the high-risk tables and transaction codes. Every
 * change is a conditional write (dynalite has no transactions), bumps the list version and
 * writes one audit entry with the previous and new value.
 */
import { canonicalCategory } from '@app/core/lists/index.ts';
import { VisibleError } from '../../http/errors.ts';
import type { Services } from '../types.ts';
import { lookupMasterDescription } from '../master/master-lookup.ts';
import { getListItem, matchesListSearch, putConditionally, queryListPartition } from './admin-items.ts';
import { writeAudit } from './audit-log.ts';
import { bumpListVersion } from './list-version.ts';
import { RISK_KINDS, toApiItem, type RiskItem, type RiskKind, type StoredRiskItem } from './risk-kinds.ts';

export interface RiskItemInput {
  id: string;
  category: string;
  description?: string;
}

/**
 * Every stored item of a list, active or not, in ID order. Strongly consistent, so a list read
 * right after a change (the screen refetches at once) and an analysis starting just after an
 * edit both see it.
 */
export function queryAllRiskItems(services: Services, kind: RiskKind): Promise<StoredRiskItem[]> {
  return queryListPartition<StoredRiskItem>(services, RISK_KINDS[kind].pk);
}

/**
 * Active items, filtered like the spec's local list search: the ID matches the upper-cased
 * query, or the description matches case-insensitively; category by equality. Categories are
 * shown by their canonical name (an entry stored under an alias the migration has not reached
 * yet still lists under one name: issue 27).
 */
export async function listRiskItems(
  services: Services,
  kind: RiskKind,
  filter: { search?: string; category?: string } = {},
): Promise<RiskItem[]> {
  const items = await queryAllRiskItems(services, kind);
  const category = filter.category ? canonicalCategory(filter.category) : undefined;
  return items
    .filter((item) => item.active)
    .map((item) => ({ ...item, category: canonicalCategory(item.category) }))
    .filter((item) => !category || item.category === category)
    .filter((item) => matchesListSearch(item.sk, item.description, filter.search))
    .map(toApiItem);
}

export function getRiskItem(services: Services, kind: RiskKind, id: string): Promise<StoredRiskItem | undefined> {
  return getListItem<StoredRiskItem>(services, RISK_KINDS[kind].pk, id);
}

export function buildStoredItem(kind: RiskKind, input: Required<RiskItemInput>, addedBy: string, modifiedBy: string): StoredRiskItem {
  const info = RISK_KINDS[kind];
  return {
    pk: info.pk,
    sk: input.id,
    [info.idField]: input.id,
    category: canonicalCategory(input.category),
    description: input.description,
    addedBy,
    lastModified: new Date().toISOString(),
    lastModifiedBy: modifiedBy,
    active: true,
  };
}

/** Adds an item, or reactivates a soft-deleted one; 409 when an active one exists. */
export async function createRiskItem(services: Services, kind: RiskKind, userId: string, input: RiskItemInput): Promise<RiskItem> {
  const info = RISK_KINDS[kind];
  const existing = await getRiskItem(services, kind, input.id);
  if (existing?.active) {
    throw new VisibleError('CONFLICT', `${info.noun} ${input.id} is already in the high-risk list`);
  }
  const description = input.description || (await lookupMasterDescription(services, kind, input.id));
  const item = buildStoredItem(kind, { ...input, description }, userId, userId);
  await putConditionally(
    services,
    item,
    existing ? 'active = :false' : 'attribute_not_exists(pk)',
    existing ? { ':false': false } : undefined,
    `${info.noun} ${input.id} was changed by someone else at the same time; reload and try again`,
  );
  await bumpListVersion(services, kind);
  await writeAudit(services, {
    action: 'CREATE',
    itemId: input.id,
    itemType: kind,
    userId,
    previousValue: existing ? toApiItem(existing) : null,
    newValue: toApiItem(item),
  });
  return toApiItem(item);
}

/**
 * Changes category (and description) of an active item; 404 when there is none, 409 when it
 * changed since `seen` (or since it was read here). A category alias is filed under its canonical name.
 */
export async function updateRiskItem(services: Services, kind: RiskKind, userId: string, input: RiskItemInput, seen?: StoredRiskItem): Promise<RiskItem> {
  const existing = seen?.active ? seen : await requireActive(services, kind, input.id);
  const description =
    input.description === undefined
      ? existing.description
      : input.description || (await lookupMasterDescription(services, kind, input.id));
  const item: StoredRiskItem = {
    ...existing,
    category: canonicalCategory(input.category),
    description,
    lastModified: new Date().toISOString(),
    lastModifiedBy: userId,
  };
  await putConditionally(
    services,
    item,
    'active = :true AND lastModified = :seen',
    { ':true': true, ':seen': existing.lastModified },
    `${RISK_KINDS[kind].noun} ${input.id} was changed by someone else at the same time; reload and try again`,
  );
  await bumpListVersion(services, kind);
  await writeAudit(services, {
    action: 'UPDATE',
    itemId: input.id,
    itemType: kind,
    userId,
    previousValue: toApiItem(existing),
    newValue: toApiItem(item),
  });
  return toApiItem(item);
}

/** Soft delete: the item stays (for the audit trail) but stops driving detection. */
export async function deleteRiskItem(services: Services, kind: RiskKind, userId: string, id: string): Promise<RiskItem> {
  const existing = await requireActive(services, kind, id);
  const item: StoredRiskItem = { ...existing, active: false, lastModified: new Date().toISOString(), lastModifiedBy: userId };
  await putConditionally(
    services,
    item,
    'active = :true',
    { ':true': true },
    `${RISK_KINDS[kind].noun} ${id} is not in the high-risk list`,
  );
  await bumpListVersion(services, kind);
  await writeAudit(services, {
    action: 'DELETE',
    itemId: id,
    itemType: kind,
    userId,
    previousValue: toApiItem(existing),
    newValue: toApiItem(item),
  });
  return toApiItem(item);
}

async function requireActive(services: Services, kind: RiskKind, id: string): Promise<StoredRiskItem> {
  const existing = await getRiskItem(services, kind, id);
  if (!existing?.active) throw new VisibleError('NOT_FOUND', `${RISK_KINDS[kind].noun} ${id} is not in the high-risk list`);
  return existing;
}

/** Distinct categories of both lists' active items by their canonical names, sorted. */
export async function listRiskCategories(services: Services): Promise<string[]> {
  const [tables, tcodes] = await Promise.all([queryAllRiskItems(services, 'table'), queryAllRiskItems(services, 'tcode')]);
  const categories = new Set<string>();
  for (const item of [...tables, ...tcodes]) if (item.active) categories.add(canonicalCategory(item.category));
  return [...categories].sort((a, b) => a.localeCompare(b));
}

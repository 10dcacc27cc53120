/**
 * Create, read, update and soft-delete of watchlist entries, the same way as the high-risk
 * lists: every change is a conditional write, bumps the list version and writes one audit entry
 * with the previous and new value.
 */
import { VisibleError } from '../../http/errors.ts';
import type { Services } from '../types.ts';
import { getListItem, matchesListSearch, putConditionally, queryListPartition } from '../risk/admin-items.ts';
import { writeAudit } from '../risk/audit-log.ts';
import { bumpVersionCounter } from '../risk/list-version.ts';
import { WATCHLISTS, toApiEntry, type StoredWatchlistEntry, type WatchlistEntry, type WatchlistName } from './watchlist-kinds.ts';

export interface WatchlistInput {
  id: string;
  /** Required for lists with kinds on create; kept as it was when absent on update. */
  kind?: string;
  description?: string;
}

/** Every stored entry of a list, active or not, in ID order (strongly consistent, like the risk lists). */
export function queryAllWatchlistEntries(services: Services, name: WatchlistName): Promise<StoredWatchlistEntry[]> {
  return queryListPartition<StoredWatchlistEntry>(services, WATCHLISTS[name].pk);
}

/** Active entries; `search` matches the ID (upper-cased) or the description (case ignored); `kind` by equality. */
export async function listWatchlistEntries(
  services: Services,
  name: WatchlistName,
  filter: { search?: string; kind?: string } = {},
): Promise<WatchlistEntry[]> {
  const entries = await queryAllWatchlistEntries(services, name);
  return entries
    .filter((e) => e.active)
    .filter((e) => !filter.kind || e.kind === filter.kind)
    .filter((e) => matchesListSearch(e.sk, e.description, filter.search))
    .map(toApiEntry);
}

function getEntry(services: Services, name: WatchlistName, id: string): Promise<StoredWatchlistEntry | undefined> {
  return getListItem<StoredWatchlistEntry>(services, WATCHLISTS[name].pk, id);
}

export function buildStoredEntry(
  name: WatchlistName,
  input: { id: string; kind?: string; description: string },
  addedBy: string,
  modifiedBy: string,
): StoredWatchlistEntry {
  const info = WATCHLISTS[name];
  return {
    pk: info.pk,
    sk: input.id,
    id: input.id,
    ...(info.kinds.length > 0 ? { kind: input.kind ?? info.kinds[0]! } : {}),
    description: input.description,
    addedBy,
    lastModified: new Date().toISOString(),
    lastModifiedBy: modifiedBy,
    active: true,
  };
}

/** Adds an entry, or reactivates a soft-deleted one; 409 when an active one exists. */
export async function createWatchlistEntry(services: Services, name: WatchlistName, userId: string, input: WatchlistInput): Promise<WatchlistEntry> {
  const info = WATCHLISTS[name];
  if (info.kinds.length > 0 && !input.kind) {
    throw new VisibleError('BAD_REQUEST', `kind is required: one of ${info.kinds.join(', ')}`);
  }
  const existing = await getEntry(services, name, input.id);
  if (existing?.active) throw new VisibleError('CONFLICT', `${info.noun} ${input.id} is already in ${info.listName}`);
  const entry = buildStoredEntry(name, { id: input.id, kind: input.kind, description: input.description ?? '' }, userId, userId);
  await putConditionally(
    services,
    entry,
    existing ? 'active = :false' : 'attribute_not_exists(pk)',
    existing ? { ':false': false } : undefined,
    `${info.noun} ${input.id} was changed by someone else at the same time; reload and try again`,
  );
  await recordChange(services, name, userId, 'CREATE', existing, entry);
  return toApiEntry(entry);
}

/** Changes kind and/or description of an active entry; 404 when there is none. */
export async function updateWatchlistEntry(services: Services, name: WatchlistName, userId: string, input: WatchlistInput): Promise<WatchlistEntry> {
  const existing = await requireActive(services, name, input.id);
  const entry: StoredWatchlistEntry = {
    ...existing,
    ...(existing.kind !== undefined && input.kind ? { kind: input.kind } : {}),
    description: input.description ?? existing.description,
    lastModified: new Date().toISOString(),
    lastModifiedBy: userId,
  };
  await putConditionally(
    services,
    entry,
    'active = :true AND lastModified = :seen',
    { ':true': true, ':seen': existing.lastModified },
    `${WATCHLISTS[name].noun} ${input.id} was changed by someone else at the same time; reload and try again`,
  );
  await recordChange(services, name, userId, 'UPDATE', existing, entry);
  return toApiEntry(entry);
}

/** Soft delete: the entry stays for the audit trail but stops driving detection. */
export async function deleteWatchlistEntry(services: Services, name: WatchlistName, userId: string, id: string): Promise<WatchlistEntry> {
  const existing = await requireActive(services, name, id);
  const entry: StoredWatchlistEntry = { ...existing, active: false, lastModified: new Date().toISOString(), lastModifiedBy: userId };
  await putConditionally(services, entry, 'active = :true', { ':true': true }, `${WATCHLISTS[name].noun} ${id} is not in ${WATCHLISTS[name].listName}`);
  await recordChange(services, name, userId, 'DELETE', existing, entry);
  return toApiEntry(entry);
}

async function recordChange(
  services: Services,
  name: WatchlistName,
  userId: string,
  action: 'CREATE' | 'UPDATE' | 'DELETE',
  previous: StoredWatchlistEntry | undefined,
  next: StoredWatchlistEntry,
): Promise<void> {
  const info = WATCHLISTS[name];
  await bumpVersionCounter(services, info.versionSk);
  await writeAudit(services, {
    action,
    itemId: next.id,
    itemType: info.auditType,
    userId,
    previousValue: previous ? toApiEntry(previous) : null,
    newValue: toApiEntry(next),
  });
}

async function requireActive(services: Services, name: WatchlistName, id: string): Promise<StoredWatchlistEntry> {
  const existing = await getEntry(services, name, id);
  if (!existing?.active) throw new VisibleError('NOT_FOUND', `${WATCHLISTS[name].noun} ${id} is not in ${WATCHLISTS[name].listName}`);
  return existing;
}

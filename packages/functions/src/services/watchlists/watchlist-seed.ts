/**
 * First-use seeding of the watchlists from the engine's default lists (added by 'system'). A
 * marker of its own under RISK#META per group of lists, so a system seeded before a list existed
 * (the watchlists of v2; the sensitive roles of detection v3) gets it on its next call; entries
 * are written only where none exists, so a re-run after a crash never undoes an administrator's
 * change.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { loadDefaultLists } from '@app/core/lists/index.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { bumpVersionCounter } from '../risk/list-version.ts';
import { oncePerServices } from '../risk/once-per-services.ts';
import { SYSTEM_USER } from '../risk/seed.ts';
import { buildStoredEntry } from './watchlist-items.ts';
import { WATCHLISTS, WATCHLIST_NAMES, type StoredWatchlistEntry, type WatchlistName } from './watchlist-kinds.ts';

export const WATCHLIST_SEED_MARKER_SK = 'SEEDED#WATCHLISTS';

/**
 * The lists each marker stands for, from the lists' seed markers (core WATCHLISTS): the lists of v2
 * share `SEEDED#WATCHLISTS`, a list added later has a marker of its own.
 */
function seedGroups(): { marker: string; names: WatchlistName[] }[] {
  const groups = new Map<string, WatchlistName[]>();
  for (const name of WATCHLIST_NAMES) {
    const marker = WATCHLISTS[name].list.seedMarker;
    groups.set(marker, [...(groups.get(marker) ?? []), name]);
  }
  return [...groups].map(([marker, names]) => ({ marker, names }));
}

/** The shipped default entries of each watchlist, as stored items. */
export function defaultWatchlistEntries(): Record<WatchlistName, StoredWatchlistEntry[]> {
  const defaults = loadDefaultLists();
  return Object.fromEntries(
    WATCHLIST_NAMES.map((name) => {
      const list = WATCHLISTS[name].list;
      return [name, list.toRows(defaults[list.key] ?? []).map((row) => buildStoredEntry(name, row, SYSTEM_USER, SYSTEM_USER))];
    }),
  ) as Record<WatchlistName, StoredWatchlistEntry[]>;
}

export async function seedWatchlists(services: Services): Promise<void> {
  for (const group of seedGroups()) await seedGroup(services, group.marker, group.names);
}

async function seedGroup(services: Services, marker: string, names: WatchlistName[]): Promise<void> {
  if (await isMarked(services, marker)) return;
  const defaults = defaultWatchlistEntries();
  await Promise.all(names.map((name) => putMissing(services, defaults[name])));
  await Promise.all(names.map((name) => bumpVersionCounter(services, WATCHLISTS[name].versionSk)));
  const counts = Object.fromEntries(names.map((name) => [name, defaults[name].length]));
  await services.ddb.send(
    new PutCommand({
      TableName: services.config.tableName,
      Item: { pk: keys.riskMeta, sk: marker, seededAt: new Date().toISOString(), counts },
    }),
  );
  services.log.info('Seeded detection watchlists', counts);
}

/** Seeds once per services container; a failed attempt is forgotten so the next call retries. */
export const ensureWatchlistsSeeded = oncePerServices(seedWatchlists);

async function isMarked(services: Services, marker: string): Promise<boolean> {
  const res = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.riskMeta, sk: marker }, ConsistentRead: true }),
  );
  return res.Item !== undefined;
}

async function putMissing(services: Services, entries: StoredWatchlistEntry[]): Promise<void> {
  for (const entry of entries) {
    try {
      await services.ddb.send(
        new PutCommand({ TableName: services.config.tableName, Item: entry, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    } catch (e) {
      if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
    }
  }
}

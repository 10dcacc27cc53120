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
import { WATCHLISTS, type StoredWatchlistEntry, type WatchlistName } from './watchlist-kinds.ts';

export const WATCHLIST_SEED_MARKER_SK = 'SEEDED#WATCHLISTS';

/** The lists each marker stands for (a list added later gets a marker of its own). */
const SEED_GROUPS: { marker: string; names: WatchlistName[] }[] = [
  { marker: WATCHLIST_SEED_MARKER_SK, names: ['privileged-users', 'sensitive-profiles', 'sensitive-programs'] },
  { marker: 'SEEDED#WATCHLISTS#SENSITIVE_ROLES', names: ['sensitive-roles'] },
];

/** The shipped default entries of each watchlist, as stored items. */
export function defaultWatchlistEntries(): Record<WatchlistName, StoredWatchlistEntry[]> {
  const defaults = loadDefaultLists();
  const build = (name: WatchlistName, rows: { id: string; kind?: string; description: string }[]) =>
    rows.map((row) => buildStoredEntry(name, row, SYSTEM_USER, SYSTEM_USER));
  return {
    'privileged-users': build('privileged-users', defaults.privilegedUsers.map((u) => ({ id: u.user, kind: u.kind, description: u.description }))),
    'sensitive-profiles': build('sensitive-profiles', defaults.sensitiveProfiles.map((p) => ({ id: p.profile, description: p.description }))),
    'sensitive-roles': build('sensitive-roles', (defaults.sensitiveRoles ?? []).map((r) => ({ id: r.role, description: r.description }))),
    'sensitive-programs': build('sensitive-programs', defaults.sensitivePrograms.map((p) => ({ id: p.name, kind: p.kind, description: p.description }))),
  };
}

export async function seedWatchlists(services: Services): Promise<void> {
  for (const group of SEED_GROUPS) await seedGroup(services, group.marker, group.names);
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

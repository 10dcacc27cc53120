/**
 * What detection uses at the start of an analysis: the administrators' ACTIVE entries (a
 * soft-deleted entry stops driving detection) of the high-risk lists and the watchlists, the
 * detection thresholds, plus the engine's default sensitive fields, object classes and SAL events.
 */
import { canonicalCategory, loadDefaultLists } from '@app/core/lists/index.ts';
import type { DetectionLists, DetectionThresholds, RiskListEntry } from '@app/core';
import type { Services } from '../types.ts';
import { readThresholds, readThresholdsVersion } from '../watchlists/thresholds.ts';
import { queryAllWatchlistEntries } from '../watchlists/watchlist-items.ts';
import { WATCHLISTS, WATCHLIST_NAMES, type WatchlistEntry, type WatchlistInfo, type WatchlistName } from '../watchlists/watchlist-kinds.ts';
import { ensureWatchlistsSeeded } from '../watchlists/watchlist-seed.ts';
import { readListVersion, readVersionCounter } from './list-version.ts';
import { queryAllRiskItems } from './risk-items.ts';
import type { RiskKind } from './risk-kinds.ts';
import { ensureSeeded } from './seed.ts';

/**
 * Version counters at load time; an analysis records them to say which lists and settings it used.
 * One per watchlist under its `DetectionLists` field (`sensitiveRoles`); a list added later is absent
 * in analyses started before it existed.
 */
export type ListVersions = { tcodes: string; tables: string; thresholds: string } & { [K in WatchlistInfo['list']['key']]?: string };

export interface ActiveLists {
  lists: DetectionLists;
  thresholds: DetectionThresholds;
  versions: ListVersions;
}

export async function loadActiveLists(services: Services): Promise<ActiveLists> {
  await Promise.all([ensureSeeded(services), ensureWatchlistsSeeded(services)]);
  // Versions first: a change landing during the reads then shows up as a newer version later.
  const [tables, tcodes, thresholdsVersion, ...watchVersions] = await Promise.all([
    readListVersion(services, 'table').then(String),
    readListVersion(services, 'tcode').then(String),
    readThresholdsVersion(services).then(String),
    ...WATCHLIST_NAMES.map((name) => readVersionCounter(services, WATCHLISTS[name].versionSk).then(String)),
  ]);
  const [highRiskTables, highRiskTcodes, thresholds, ...watchEntries] = await Promise.all([
    activeEntries(services, 'table'),
    activeEntries(services, 'tcode'),
    readThresholds(services),
    ...WATCHLIST_NAMES.map((name) => activeWatchlist(services, name)),
  ]);
  const defaults = loadDefaultLists();
  const watchlists = Object.fromEntries(WATCHLIST_NAMES.map((name, i) => [WATCHLISTS[name].list.key, WATCHLISTS[name].list.fromRows(watchEntries[i] as WatchlistEntry[])]));
  const versions = Object.fromEntries(WATCHLIST_NAMES.map((name, i) => [WATCHLISTS[name].list.key, watchVersions[i] as string]));
  return {
    lists: { ...defaults, highRiskTables, highRiskTcodes, ...(watchlists as Partial<DetectionLists>) },
    thresholds: (thresholds as Awaited<ReturnType<typeof readThresholds>>).thresholds,
    versions: { tables, tcodes, ...versions, thresholds: thresholdsVersion },
  };
}

async function activeEntries(services: Services, kind: RiskKind): Promise<RiskListEntry[]> {
  const items = await queryAllRiskItems(services, kind);
  return items.filter((i) => i.active).map((i) => ({ id: i.sk, category: canonicalCategory(i.category), description: i.description }));
}

async function activeWatchlist(services: Services, name: WatchlistName): Promise<WatchlistEntry[]> {
  return (await queryAllWatchlistEntries(services, name)).filter((e) => e.active);
}

/**
 * What detection uses at the start of an analysis: the administrators' ACTIVE entries (a
 * soft-deleted entry stops driving detection) of the high-risk lists and the watchlists, the
 * detection thresholds, plus the engine's default sensitive fields, object classes and SAL events.
 */
import { canonicalCategory, loadDefaultLists } from '@app/core/lists/index.ts';
import type { DetectionLists, DetectionThresholds, RiskListEntry, SensitiveProfile, SensitiveProgram, SensitiveRole, WatchlistUser } from '@app/core';
import type { Services } from '../types.ts';
import { readThresholds, readThresholdsVersion } from '../watchlists/thresholds.ts';
import { queryAllWatchlistEntries } from '../watchlists/watchlist-items.ts';
import { WATCHLISTS, type WatchlistEntry, type WatchlistName } from '../watchlists/watchlist-kinds.ts';
import { ensureWatchlistsSeeded } from '../watchlists/watchlist-seed.ts';
import { readListVersion, readVersionCounter } from './list-version.ts';
import { queryAllRiskItems } from './risk-items.ts';
import type { RiskKind } from './risk-kinds.ts';
import { ensureSeeded } from './seed.ts';

/** Version counters at load time; an analysis records them to say which lists and settings it used. */
export interface ListVersions {
  tcodes: string;
  tables: string;
  privilegedUsers: string;
  sensitiveProfiles: string;
  /** Absent in analyses started before the sensitive roles existed. */
  sensitiveRoles?: string;
  sensitivePrograms: string;
  thresholds: string;
}

export interface ActiveLists {
  lists: DetectionLists;
  thresholds: DetectionThresholds;
  versions: ListVersions;
}

export async function loadActiveLists(services: Services): Promise<ActiveLists> {
  await Promise.all([ensureSeeded(services), ensureWatchlistsSeeded(services)]);
  // Versions first: a change landing during the reads then shows up as a newer version later.
  const watchVersion = (name: WatchlistName) => readVersionCounter(services, WATCHLISTS[name].versionSk).then(String);
  const [tables, tcodes, privilegedUsers, sensitiveProfiles, sensitiveRoles, sensitivePrograms, thresholdsVersion] = await Promise.all([
    readListVersion(services, 'table').then(String),
    readListVersion(services, 'tcode').then(String),
    watchVersion('privileged-users'),
    watchVersion('sensitive-profiles'),
    watchVersion('sensitive-roles'),
    watchVersion('sensitive-programs'),
    readThresholdsVersion(services).then(String),
  ]);
  const [highRiskTables, highRiskTcodes, users, profiles, roles, programs, thresholds] = await Promise.all([
    activeEntries(services, 'table'),
    activeEntries(services, 'tcode'),
    activeWatchlist(services, 'privileged-users'),
    activeWatchlist(services, 'sensitive-profiles'),
    activeWatchlist(services, 'sensitive-roles'),
    activeWatchlist(services, 'sensitive-programs'),
    readThresholds(services),
  ]);
  const defaults = loadDefaultLists();
  return {
    lists: {
      ...defaults,
      highRiskTables,
      highRiskTcodes,
      privilegedUsers: users.map((e): WatchlistUser => ({ user: e.id, kind: e.kind === 'emergency' ? 'emergency' : 'standard', description: e.description })),
      sensitiveProfiles: profiles.map((e): SensitiveProfile => ({ profile: e.id, description: e.description })),
      sensitiveRoles: roles.map((e): SensitiveRole => ({ role: e.id, description: e.description })),
      sensitivePrograms: programs.map((e): SensitiveProgram => ({ name: e.id, kind: e.kind ?? 'report', description: e.description })),
    },
    thresholds: thresholds.thresholds,
    versions: { tables, tcodes, privilegedUsers, sensitiveProfiles, sensitiveRoles, sensitivePrograms, thresholds: thresholdsVersion },
  };
}

async function activeEntries(services: Services, kind: RiskKind): Promise<RiskListEntry[]> {
  const items = await queryAllRiskItems(services, kind);
  return items.filter((i) => i.active).map((i) => ({ id: i.sk, category: canonicalCategory(i.category), description: i.description }));
}

async function activeWatchlist(services: Services, name: WatchlistName): Promise<WatchlistEntry[]> {
  return (await queryAllWatchlistEntries(services, name)).filter((e) => e.active);
}

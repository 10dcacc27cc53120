/**
 * What detection uses at the start of an analysis: the administrators' ACTIVE entries (a
 * soft-deleted entry stops driving detection) plus the engine's default sensitive fields,
 * object classes and SAL events.
 */
import { loadDefaultLists } from '@app/core/lists/index.ts';
import type { DetectionLists, RiskListEntry } from '@app/core';
import type { Services } from '../types.ts';
import { readListVersion } from './list-version.ts';
import { queryAllRiskItems } from './risk-items.ts';
import type { RiskKind } from './risk-kinds.ts';
import { ensureSeeded } from './seed.ts';

export interface ActiveLists {
  lists: DetectionLists;
  /** List version counters at load time; an analysis records them to say which lists it used. */
  versions: { tcodes: string; tables: string };
}

export async function loadActiveLists(services: Services): Promise<ActiveLists> {
  await ensureSeeded(services);
  // Versions first: a change landing during the reads then shows up as a newer version later.
  const [tablesVersion, tcodesVersion] = await Promise.all([
    readListVersion(services, 'table'),
    readListVersion(services, 'tcode'),
  ]);
  const [highRiskTables, highRiskTcodes] = await Promise.all([activeEntries(services, 'table'), activeEntries(services, 'tcode')]);
  const defaults = loadDefaultLists();
  return {
    lists: { ...defaults, highRiskTables, highRiskTcodes },
    versions: { tables: String(tablesVersion), tcodes: String(tcodesVersion) },
  };
}

async function activeEntries(services: Services, kind: RiskKind): Promise<RiskListEntry[]> {
  const items = await queryAllRiskItems(services, kind);
  return items.filter((i) => i.active).map((i) => ({ id: i.sk, category: i.category, description: i.description }));
}

import { createHolidayChecker, type HolidayChecker } from '../holidays/index.ts';
import { loadDefaultLists } from '../lists/load-lists.ts';
import { WATCHLISTS, type CompiledLists } from '../lists/watchlist-table.ts';
import { completeThresholds } from '../rules/detection-settings.ts';
import type { DetectionLists, DetectionThresholds, EngineSettings, SalEvent } from '../model/index.ts';
import { createNetworkCheck, type NetworkCheck } from './networks.ts';
import type { Watchlist } from './watchlist.ts';

/**
 * The lists compiled for lookups on the hot path. The lists of the lists table (WATCHLISTS,
 * lists/watchlist-table.ts) each under its key, as its line's `compile` makes it: `privilegedUsers`
 * (a Watchlist, also as `watchlist`), `sensitiveProfiles` and `sensitivePrograms` (upper-cased sets),
 * `sensitiveRoles` (a NameList, `*` prefixes), `paymentTcodes` (an upper-cased set).
 */
export interface FlagContext extends CompiledLists {
  highRiskTcodes: Map<string, string>;
  highRiskTables: Map<string, string>;
  sensitiveFields: Set<string>;
  sensitiveObjectClasses: Set<string>;
  events: Map<string, SalEvent>;
  holidayOf: HolidayChecker;
  /** Standard (SAP*, DDIC …) and emergency (FF_* …) users of the privileged-users watchlist (`privilegedUsers`). */
  watchlist: Watchlist;
  /** The organisation's networks (UNEXPECTED_NETWORK_LOGON). */
  networks: NetworkCheck;
  thresholds: DetectionThresholds;
  /** IANA time zone of the analysis. */
  timeZone: string;
}

/** Object class names from product-spec.md that still match next to the real ones (DECISIONS.md 3). */
const SPEC_OBJECT_CLASSES = ['BKPF', 'BSEG', 'DEBO', 'BENUTZER', 'PROFIL'];

export function createFlagContext(lists: DetectionLists, settings?: EngineSettings, options: { validateHolidays?: boolean } = {}): FlagContext {
  // A snapshot taken before a list existed lacks it: its default list applies then.
  const defaults = WATCHLISTS.every((l) => lists[l.key] !== undefined) ? undefined : loadDefaultLists();
  const compiled = Object.fromEntries(WATCHLISTS.map((l) => [l.key, l.compile((lists[l.key] ?? defaults![l.key] ?? []) as never)])) as CompiledLists;
  const thresholds = completeThresholds(settings?.thresholds);
  return {
    highRiskTcodes: new Map(lists.highRiskTcodes.map((e) => [e.id.trim().toUpperCase(), e.category])),
    highRiskTables: new Map(lists.highRiskTables.map((e) => [e.id.trim().toUpperCase(), e.category])),
    sensitiveFields: new Set(lists.sensitiveFields.map((f) => f.trim().toUpperCase())),
    sensitiveObjectClasses: new Set([...lists.sensitiveObjectClasses.map((c) => c.trim().toUpperCase()), ...SPEC_OBJECT_CLASSES]),
    events: new Map(lists.events.map((e) => [e.event.toUpperCase(), e])),
    holidayOf: createHolidayChecker(settings?.holidays, { validate: options.validateHolidays }),
    ...compiled,
    watchlist: compiled.privilegedUsers,
    networks: createNetworkCheck(thresholds.networks),
    thresholds,
    timeZone: settings?.timeZone || 'UTC',
  };
}

import { createHolidayChecker, type HolidayChecker } from '../holidays/index.ts';
import { loadDefaultLists } from '../lists/load-lists.ts';
import { completeThresholds } from '../rules/detection-settings.ts';
import type { DetectionLists, DetectionThresholds, EngineSettings, SalEvent } from '../model/index.ts';
import { createNetworkCheck, type NetworkCheck } from './networks.ts';
import { createNameList, createWatchlist, type NameList, type Watchlist } from './watchlist.ts';

/** The lists compiled for lookups on the hot path. */
export interface FlagContext {
  highRiskTcodes: Map<string, string>;
  highRiskTables: Map<string, string>;
  sensitiveFields: Set<string>;
  sensitiveObjectClasses: Set<string>;
  events: Map<string, SalEvent>;
  holidayOf: HolidayChecker;
  /** Standard (SAP*, DDIC …) and emergency (FF_* …) users of the privileged-users watchlist. */
  watchlist: Watchlist;
  /** Upper-cased profile names of the sensitive-profiles watchlist. */
  sensitiveProfiles: Set<string>;
  /** Upper-cased program and function-module names of the sensitive-programs watchlist. */
  sensitivePrograms: Set<string>;
  /** The sensitive-roles watchlist (`*` prefixes). */
  sensitiveRoles: NameList;
  /** Upper-cased payment transactions (BANK_CHANGE_THEN_PAYMENT). */
  paymentTcodes: Set<string>;
  /** The organisation's networks (UNEXPECTED_NETWORK_LOGON). */
  networks: NetworkCheck;
  thresholds: DetectionThresholds;
  /** IANA time zone of the analysis. */
  timeZone: string;
}

/** Object class names from product-spec.md that still match next to the real ones (DECISIONS.md 3). */
const SPEC_OBJECT_CLASSES = ['BKPF', 'BSEG', 'DEBO', 'BENUTZER', 'PROFIL'];

export function createFlagContext(lists: DetectionLists, settings?: EngineSettings, options: { validateHolidays?: boolean } = {}): FlagContext {
  // A snapshot taken before the watchlists existed carries none: the defaults apply then.
  const defaults = lists.privilegedUsers && lists.sensitiveProfiles && lists.sensitivePrograms && lists.sensitiveRoles && lists.paymentTcodes ? undefined : loadDefaultLists();
  const privileged = lists.privilegedUsers ?? defaults!.privilegedUsers;
  const profiles = lists.sensitiveProfiles ?? defaults!.sensitiveProfiles;
  const programs = lists.sensitivePrograms ?? defaults!.sensitivePrograms;
  const roles = lists.sensitiveRoles ?? defaults!.sensitiveRoles ?? [];
  const payments = lists.paymentTcodes ?? defaults!.paymentTcodes ?? [];
  const thresholds = completeThresholds(settings?.thresholds);
  return {
    highRiskTcodes: new Map(lists.highRiskTcodes.map((e) => [e.id.trim().toUpperCase(), e.category])),
    highRiskTables: new Map(lists.highRiskTables.map((e) => [e.id.trim().toUpperCase(), e.category])),
    sensitiveFields: new Set(lists.sensitiveFields.map((f) => f.trim().toUpperCase())),
    sensitiveObjectClasses: new Set([...lists.sensitiveObjectClasses.map((c) => c.trim().toUpperCase()), ...SPEC_OBJECT_CLASSES]),
    events: new Map(lists.events.map((e) => [e.event.toUpperCase(), e])),
    holidayOf: createHolidayChecker(settings?.holidays, { validate: options.validateHolidays }),
    watchlist: createWatchlist(privileged),
    sensitiveProfiles: new Set(profiles.map((p) => p.profile.trim().toUpperCase())),
    sensitivePrograms: new Set(programs.map((p) => p.name.trim().toUpperCase())),
    sensitiveRoles: createNameList(roles.map((r) => r.role)),
    paymentTcodes: new Set(payments.map((p) => p.tcode.trim().toUpperCase())),
    networks: createNetworkCheck(thresholds.networks),
    thresholds,
    timeZone: settings?.timeZone || 'UTC',
  };
}

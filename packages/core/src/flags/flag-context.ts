import { createHolidayChecker, type HolidayChecker } from '../holidays/index.ts';
import type { DetectionLists, EngineSettings, SalEvent } from '../model/index.ts';

/** The lists compiled for lookups on the hot path. */
export interface FlagContext {
  highRiskTcodes: Map<string, string>;
  highRiskTables: Map<string, string>;
  sensitiveFields: Set<string>;
  sensitiveObjectClasses: Set<string>;
  events: Map<string, SalEvent>;
  holidayOf: HolidayChecker;
}

/** Object class names from product-spec.md that still match next to the real ones (DECISIONS.md 3). */
const SPEC_OBJECT_CLASSES = ['BKPF', 'BSEG', 'DEBO', 'BENUTZER', 'PROFIL'];

export function createFlagContext(lists: DetectionLists, settings?: EngineSettings, options: { validateHolidays?: boolean } = {}): FlagContext {
  return {
    highRiskTcodes: new Map(lists.highRiskTcodes.map((e) => [e.id.trim().toUpperCase(), e.category])),
    highRiskTables: new Map(lists.highRiskTables.map((e) => [e.id.trim().toUpperCase(), e.category])),
    sensitiveFields: new Set(lists.sensitiveFields.map((f) => f.trim().toUpperCase())),
    sensitiveObjectClasses: new Set([...lists.sensitiveObjectClasses.map((c) => c.trim().toUpperCase()), ...SPEC_OBJECT_CLASSES]),
    events: new Map(lists.events.map((e) => [e.event.toUpperCase(), e])),
    holidayOf: createHolidayChecker(settings?.holidays, { validate: options.validateHolidays }),
  };
}

import type Holidays from 'date-holidays';
import { EngineError } from '../errors/index.ts';
import type { HolidayCalendar } from '../model/index.ts';
import { holidayLibrary } from './holiday-library.ts';
import { defaultHolidayCache, type HolidayYearCache } from './holiday-year-cache.ts';

/** Public holidays per year ("2026" → [["2026-07-03", "Independence Day"], ...]), as a checker computed them. */
export type HolidayYears = Record<string, [isoDate: string, name: string][]>;

/**
 * Returns the holiday's name for an ISO date "YYYY-MM-DD", or undefined on a working day.
 * `years` gives the years computed so far and `seed` takes years computed elsewhere (a task
 * worker gets the main thread's, so it need not load the calendar library itself).
 */
export type HolidayChecker = ((isoDate: string) => string | undefined) & {
  years?: () => HolidayYears;
  seed?: (years: HolidayYears | undefined) => void;
};

export const DEFAULT_HOLIDAYS: HolidayCalendar = { country: 'US' };

export interface HolidayCheckerOptions {
  /** false: the calendar was checked already (a task worker's copy); the library then loads only for a year not seeded. */
  validate?: boolean;
  /** Years computed in earlier runs (holiday-year-cache.ts); default: the project's cache folder, null: none. */
  cache?: HolidayYearCache | null;
}

/**
 * Public holidays of a country (and optional region) from `date-holidays`; each year is
 * computed once, then looked up by date string (the hot path runs this per change record).
 * @example createHolidayChecker({ country: 'US' })('2026-07-04') // "Independence Day"
 */
export function createHolidayChecker(calendar: HolidayCalendar = DEFAULT_HOLIDAYS, options: HolidayCheckerOptions = {}): HolidayChecker {
  const country = calendar.country.trim().toUpperCase();
  const region = calendar.region?.trim().toUpperCase() || undefined;
  if (options.validate !== false) {
    const probe = new (holidayLibrary())();
    if (!probe.getCountries()[country]) {
      throw new EngineError('BAD_LIST', `unknown holiday country "${calendar.country}"; expected an ISO code such as US or DE`);
    }
    if (region && !probe.getStates(country)?.[region]) {
      throw new EngineError('BAD_LIST', `unknown holiday region "${calendar.region}" for ${country}; expected e.g. ${Object.keys(probe.getStates(country) ?? {}).slice(0, 3).join(', ') || 'no regions'}`);
    }
  }
  let holidays: Holidays | undefined;
  // Looked up at the first year not seeded: a seeded task worker never needs it.
  let cache = options.cache;
  const calendarKey = region ? `${country}-${region}` : country;
  const byYear = new Map<string, Map<string, string>>();
  const check: HolidayChecker = (isoDate) => {
    const year = isoDate.slice(0, 4);
    let days = byYear.get(year);
    if (!days) {
      days = new Map();
      const y = Number(year);
      // Only a year the library computes is looked up in the cache (no file answers for another).
      if (Number.isInteger(y) && y > 1900 && y < 3000) {
        if (cache === undefined) cache = defaultHolidayCache();
        const cached = cache?.get(calendarKey, year);
        if (cached) days = new Map(cached);
        else {
          if (!holidays) {
            const Library = holidayLibrary();
            holidays = region ? new Library(country, region) : new Library(country);
          }
          for (const h of holidays.getHolidays(y)) {
            if (h.type === 'public' && !days.has(h.date.slice(0, 10))) days.set(h.date.slice(0, 10), h.name);
          }
          cache?.set(calendarKey, year, [...days]);
        }
      }
      byYear.set(year, days);
    }
    return days.get(isoDate.slice(0, 10));
  };
  check.years = () => Object.fromEntries([...byYear].map(([year, days]) => [year, [...days]]));
  check.seed = (years) => {
    for (const [year, days] of Object.entries(years ?? {})) if (!byYear.has(year)) byYear.set(year, new Map(days));
  };
  return check;
}

/** Parses the CLI form "CC" or "CC-REGION" (e.g. "DE-BY"). */
export function parseHolidaySpec(spec: string): HolidayCalendar {
  const [country, region] = spec.split('-', 2);
  return region ? { country: country!, region } : { country: country! };
}

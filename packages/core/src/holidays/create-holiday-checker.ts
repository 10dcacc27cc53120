import Holidays from 'date-holidays';
import { EngineError } from '../errors/index.ts';
import type { HolidayCalendar } from '../model/index.ts';

/** Returns the holiday's name for an ISO date "YYYY-MM-DD", or undefined on a working day. */
export type HolidayChecker = (isoDate: string) => string | undefined;

export const DEFAULT_HOLIDAYS: HolidayCalendar = { country: 'US' };

/**
 * Public holidays of a country (and optional region) from `date-holidays`; each year is
 * computed once, then looked up by date string (the hot path runs this per change record).
 * @example createHolidayChecker({ country: 'US' })('2026-07-04') // "Independence Day"
 */
export function createHolidayChecker(calendar: HolidayCalendar = DEFAULT_HOLIDAYS): HolidayChecker {
  const country = calendar.country.trim().toUpperCase();
  const region = calendar.region?.trim().toUpperCase() || undefined;
  const probe = new Holidays();
  if (!probe.getCountries()[country]) {
    throw new EngineError('BAD_LIST', `unknown holiday country "${calendar.country}"; expected an ISO code such as US or DE`);
  }
  if (region && !probe.getStates(country)?.[region]) {
    throw new EngineError('BAD_LIST', `unknown holiday region "${calendar.region}" for ${country}; expected e.g. ${Object.keys(probe.getStates(country) ?? {}).slice(0, 3).join(', ') || 'no regions'}`);
  }
  const holidays = region ? new Holidays(country, region) : new Holidays(country);
  const byYear = new Map<string, Map<string, string>>();
  return (isoDate) => {
    const year = isoDate.slice(0, 4);
    let days = byYear.get(year);
    if (!days) {
      days = new Map();
      const y = Number(year);
      if (Number.isInteger(y) && y > 1900 && y < 3000) {
        for (const h of holidays.getHolidays(y)) {
          if (h.type === 'public' && !days.has(h.date.slice(0, 10))) days.set(h.date.slice(0, 10), h.name);
        }
      }
      byYear.set(year, days);
    }
    return days.get(isoDate.slice(0, 10));
  };
}

/** Parses the CLI form "CC" or "CC-REGION" (e.g. "DE-BY"). */
export function parseHolidaySpec(spec: string): HolidayCalendar {
  const [country, region] = spec.split('-', 2);
  return region ? { country: country!, region } : { country: country! };
}

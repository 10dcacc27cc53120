import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** One year's public holidays of a calendar, as a checker keeps them: [ISO date, name]. */
export type HolidayDays = [isoDate: string, name: string][];

/** Years computed by the holiday library, kept between runs. */
export interface HolidayYearCache {
  get(calendar: string, year: string): HolidayDays | undefined;
  set(calendar: string, year: string, days: HolidayDays): void;
}

/** Calendar keys and years that can name a file ("US", "DE-BY"; "2026"): anything else is not cached. */
const SAFE_CALENDAR = /^[A-Z0-9]{1,8}(?:-[A-Z0-9]{1,12})?$/;
const SAFE_YEAR = /^\d{4}$/;

/**
 * A year of holidays in a folder, one JSON file per library version, calendar and year. Computing
 * a year with the library takes 20–30 ms on a fresh thread (its rules are interpreted through
 * moment-timezone), and every CLI run computes the years of its files before step 1 hands out
 * its first part; read back, a year takes well under a millisecond. A file that cannot be read or
 * does not hold that year's dates is ignored and the year computed again; a folder that cannot be
 * written leaves the cache empty.
 */
export function folderHolidayCache(dir: string, libraryVersion: string): HolidayYearCache {
  const fileOf = (calendar: string, year: string) => (SAFE_CALENDAR.test(calendar) && SAFE_YEAR.test(year) ? join(dir, `${libraryVersion}-${calendar}-${year}.json`) : undefined);
  return {
    get(calendar, year) {
      const file = fileOf(calendar, year);
      if (!file) return undefined;
      try {
        const days = JSON.parse(readFileSync(file, 'utf8')) as unknown;
        return isYear(days, year) ? days : undefined;
      } catch {
        return undefined;
      }
    },
    set(calendar, year, days) {
      const file = fileOf(calendar, year);
      if (!file) return;
      try {
        mkdirSync(dir, { recursive: true });
        // Under a temporary name of this thread's, then renamed: a concurrent run or worker never reads half a file.
        const temp = `${file}.${process.pid}-${threadId}.tmp`;
        writeFileSync(temp, JSON.stringify(days));
        renameSync(temp, file);
      } catch {
        // Read-only or missing folder: the year is computed again next time.
      }
    },
  };
}

function isYear(days: unknown, year: string): days is HolidayDays {
  return Array.isArray(days) && days.every((d) => Array.isArray(d) && d.length === 2 && typeof d[0] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d[0]) && d[0].startsWith(`${year}-`) && typeof d[1] === 'string');
}

let shared: HolidayYearCache | null | undefined;

/**
 * The cache beside the project's other caches, in node_modules/.cache/sap-analyzer/holidays
 * (engine/pool/bundle-cache.js keeps the engine's bundles there), keyed by the installed library's
 * version; null where the library's package cannot be found (a bundled deployment).
 */
export function defaultHolidayCache(): HolidayYearCache | null {
  if (shared !== undefined) return shared;
  try {
    const manifest = createRequire(import.meta.url).resolve('date-holidays/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    shared = folderHolidayCache(join(dirname(dirname(manifest)), '.cache', 'sap-analyzer', 'holidays'), version);
  } catch {
    shared = null;
  }
  return shared;
}

import { createRequire } from 'node:module';
import type Holidays from 'date-holidays';

let library: typeof Holidays | undefined;

/**
 * holiday-library.ts as the task worker's bundle has it: the library is loaded at its first use
 * (about 0.1 s), which a worker seeded with the years it needs (HolidayChecker.seed) never reaches.
 */
export function holidayLibrary(): typeof Holidays {
  library ??= createRequire(import.meta.url)('date-holidays') as typeof Holidays;
  return library;
}

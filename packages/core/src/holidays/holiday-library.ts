import Holidays from 'date-holidays';

/**
 * The holiday calendar library. Loading it is most of a task worker's start-up, so the worker's
 * bundle puts holiday-library-lazy.ts in this module's place (task-worker-bundle.ts).
 */
export function holidayLibrary(): typeof Holidays {
  return Holidays;
}

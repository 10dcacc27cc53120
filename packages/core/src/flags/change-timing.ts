import type { HolidayChecker } from '../holidays/index.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Why a change at this date/time is outside working time, or undefined when it is inside. Day facts are cached per date. */
export function createTimingCheck(holidayOf: HolidayChecker, reasons = true): (isoDate: string, time: string) => string | undefined {
  const dayReasons = new Map<string, string | null>();
  const reasonForDay = (isoDate: string): string | null => {
    let reason = dayReasons.get(isoDate);
    if (reason === undefined) {
      const d = new Date(`${isoDate}T00:00:00Z`);
      const weekday = d.getUTCDay();
      const holiday = Number.isNaN(weekday) ? undefined : holidayOf(isoDate);
      if (Number.isNaN(weekday)) reason = null;
      else if (weekday === 0 || weekday === 6) reason = `Change on a ${WEEKDAYS[weekday]} (${isoDate})`;
      else if (holiday) reason = `Change on holiday ${holiday} (${isoDate})`;
      else reason = null;
      dayReasons.set(isoDate, reason);
    }
    return reason;
  };
  return (isoDate, time) => {
    if (time.length >= 5) {
      const hour = (time.charCodeAt(0) - 48) * 10 + (time.charCodeAt(1) - 48);
      if (hour < 7) return reasons ? `Change at ${time} (before 07:00)` : '';
      if (hour >= 19) return reasons ? `Change at ${time} (at or after 19:00)` : '';
    }
    return isoDate.length === 10 ? (reasonForDay(isoDate) ?? undefined) : undefined;
  };
}

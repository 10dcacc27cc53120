import type { HolidayChecker } from '../holidays/index.ts';
import { BUSINESS_HOURS } from '../rules/record/timing-rules.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "HH:MM" as seconds of the day. */
function secondsOf(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 3600 + Number(m) * 60;
}

/**
 * Why a change at this date/time is outside business hours (default 07:00–19:00, Monday to Friday),
 * or undefined when it is inside. Day facts are cached per date.
 */
export function createTimingCheck(holidayOf: HolidayChecker, reasons = true, hours: { readonly start: string; readonly end: string; readonly days: readonly number[] } = BUSINESS_HOURS.default): (isoDate: string, time: string) => string | undefined {
  const start = secondsOf(hours.start);
  const end = secondsOf(hours.end);
  // Monday = 1 … Sunday = 7 in the settings; getUTCDay() counts Sunday as 0.
  const workday = new Set(hours.days.map((d) => d % 7));
  const dayReasons = new Map<string, string | null>();
  // Records come in runs of one day: its answer without a lookup.
  let lastDay = '';
  let lastReason: string | null = null;
  const reasonForDay = (isoDate: string): string | null => {
    if (isoDate === lastDay) return lastReason;
    let reason = dayReasons.get(isoDate);
    if (reason === undefined) {
      const d = new Date(`${isoDate}T00:00:00Z`);
      const weekday = d.getUTCDay();
      const holiday = Number.isNaN(weekday) ? undefined : holidayOf(isoDate);
      if (Number.isNaN(weekday)) reason = null;
      else if (!workday.has(weekday)) reason = `Change on a ${WEEKDAYS[weekday]} (${isoDate})`;
      else if (holiday) reason = `Change on holiday ${holiday} (${isoDate})`;
      else reason = null;
      dayReasons.set(isoDate, reason);
    }
    lastDay = isoDate;
    lastReason = reason;
    return reason;
  };
  return (isoDate, time) => {
    if (time.length >= 5) {
      const seconds = ((time.charCodeAt(0) - 48) * 10 + (time.charCodeAt(1) - 48)) * 3600 + ((time.charCodeAt(3) - 48) * 10 + (time.charCodeAt(4) - 48)) * 60;
      if (seconds < start) return reasons ? `Change at ${time} (before ${hours.start})` : '';
      if (seconds >= end) return reasons ? `Change at ${time} (at or after ${hours.end})` : '';
    }
    return isoDate.length === 10 ? (reasonForDay(isoDate) ?? undefined) : undefined;
  };
}

/**
 * Time zones for date-time cells that carry one (`2025-03-14T20:03:11.771Z`, `… +01:00`): the
 * value is converted to the analysis time zone before any time rule reads it (DETECTION.md 1).
 */

const SUFFIX = /\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\s*(Z|[+-]\d{2}:?\d{2})$/i;

/** Seconds east of UTC a date-time's own suffix states (`Z` 0, `+01:00` 3600), or undefined without one. */
export function zoneSuffixSeconds(value: string): number | undefined {
  const c = value.charCodeAt(value.length - 1);
  // Quick exit: a value ending in neither Z nor a digit carries no zone.
  if (c !== 90 && c !== 122 && (c < 48 || c > 57)) return undefined;
  const m = SUFFIX.exec(value);
  if (!m) return undefined;
  const z = m[1]!;
  if (z === 'Z' || z === 'z') return 0;
  const digits = z.replace(':', '');
  const sign = digits[0] === '-' ? -1 : 1;
  return sign * (Number(digits.slice(1, 3)) * 3600 + Number(digits.slice(3, 5)) * 60);
}

/** True when Intl knows the IANA name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Offset (seconds east of UTC) of `timeZone` at a UTC instant, cached per hour (offsets change on
 * the hour or half hour at most; a 30-minute change is caught as the hour's cache is per instant hour).
 */
export function createZoneOffset(timeZone: string): (utcSeconds: number) => number {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return () => 0;
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const byQuarter = new Map<number, number>();
  return (utcSeconds) => {
    const quarter = Math.floor(utcSeconds / 900);
    let offset = byQuarter.get(quarter);
    if (offset === undefined) {
      const at = quarter * 900;
      const p = Object.fromEntries(format.formatToParts(new Date(at * 1000)).map((x) => [x.type, x.value]));
      const local = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) / 1000;
      offset = local - at;
      if (byQuarter.size > 50_000) byQuarter.clear();
      byQuarter.set(quarter, offset);
    }
    return offset;
  };
}

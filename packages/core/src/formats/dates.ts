import type { DateOrder } from './types.ts';

const DMY_LIKE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?:$|[ T,])/;
const ISO_LIKE = /^(\d{4})([-./])(\d{1,2})\2(\d{1,2})(?:$|[ T,])/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\d{6})?$/;
/** SAP timestamps YYYYMMDDHHMMSS (e.g. RSAU SLGDATTIM). */
const STAMP = /^\d{8}(\d{6})$/;
const SERIAL = /^(\d{1,7})(?:\.\d+)?$/;
/** Excel's day 0 (1899-12-30 absorbs Excel's phantom 1900-02-29). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

function formatDate(y: number, m: number, d: number): string | undefined {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1) return undefined;
  const probe = new Date(Date.UTC(y, m - 1, d));
  if (probe.getUTCMonth() !== m - 1) return undefined; // 31.02. and friends
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;
}

function expandYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}

/**
 * 'YYYY-MM-DD' or undefined. Handles DD.MM.YYYY, MM/DD/YYYY, M/D/YYYY, YYYY-MM-DD, YYYYMMDD(HHMMSS) and
 * Excel serials; a trailing time part ("2024-03-01 10:00", "2024-03-01T10:00:00Z") is ignored.
 * @example normaliseDate('03/04/2024', 'MDY') // '2024-03-04'
 */
export function normaliseDate(value: string, order: DateOrder): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  let m = ISO_LIKE.exec(v);
  if (m) return formatDate(Number(m[1]), Number(m[3]), Number(m[4]));
  m = COMPACT.exec(v);
  if (m) return formatDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DMY_LIKE.exec(v);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const y = expandYear(m[4]!);
    // A first part above 12 can only be a day, a second part above 12 only a day too.
    if (a > 12) return formatDate(y, b, a);
    if (b > 12) return formatDate(y, a, b);
    return order === 'MDY' ? formatDate(y, a, b) : formatDate(y, b, a);
  }
  m = SERIAL.exec(v);
  if (m) {
    const serial = Number(m[1]);
    if (serial < 1 || serial > 2_958_465) return undefined;
    const d = new Date(EXCEL_EPOCH_MS + serial * DAY_MS);
    return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return undefined;
}

const CLOCK = /(?:^|[ T])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?\s*([AaPp][Mm])?(?:$|Z|[+-]\d{2}:?\d{2}$|\s)/;
const COMPACT_TIME = /^\d{1,6}$/;
const FRACTION = /^\d*\.\d+$/;

function formatTime(h: number, m: number, s: number): string | undefined {
  if (h > 23 || m > 59 || s > 59) return undefined;
  return `${pad2(h)}:${pad2(m)}:${pad2(s)}`;
}

/**
 * 'HH:MM:SS' or undefined. Handles HH:MM:SS, H:MM:SS, HH:MM, 12-hour AM/PM, HHMMSS, YYYYMMDDHHMMSS (also with
 * leading zeros lost by Excel, "93000"), Excel day fractions and date-time values.
 * @example normaliseTime('93000') // '09:30:00'
 */
export function normaliseTime(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  const m = CLOCK.exec(v);
  if (m) {
    let h = Number(m[1]);
    const ampm = m[4]?.toLowerCase();
    if (ampm) {
      if (h < 1 || h > 12) return undefined;
      h = (h % 12) + (ampm === 'pm' ? 12 : 0);
    }
    return formatTime(h, Number(m[2]), Number(m[3] ?? '0'));
  }
  const stamp = STAMP.exec(v);
  if (stamp) return normaliseTime(stamp[1]!);
  if (COMPACT_TIME.test(v)) {
    const p = v.padStart(6, '0');
    return formatTime(Number(p.slice(0, 2)), Number(p.slice(2, 4)), Number(p.slice(4, 6)));
  }
  if (FRACTION.test(v)) {
    const fraction = Number(v) % 1;
    const seconds = Math.round(fraction * 86_400) % 86_400;
    return formatTime(Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60);
  }
  return undefined;
}

/**
 * Decides day/month order from a file's date values: a first part above 12 means day-first, a
 * second part above 12 month-first; otherwise `.` means day-first and `/` month-first.
 */
export function decideDateOrder(values: Iterable<string>): DateOrder {
  let dotted = 0;
  let slashed = 0;
  let iso = 0;
  for (const raw of values) {
    const v = raw.trim();
    const m = DMY_LIKE.exec(v);
    if (m) {
      if (Number(m[1]) > 12) return 'DMY';
      if (Number(m[3]) > 12) return 'MDY';
      if (m[2] === '/') slashed++;
      else dotted++;
    } else if (ISO_LIKE.test(v) || COMPACT.test(v)) iso++;
  }
  if (dotted === 0 && slashed === 0) return iso > 0 ? 'YMD' : 'DMY';
  return slashed > dotted ? 'MDY' : 'DMY';
}

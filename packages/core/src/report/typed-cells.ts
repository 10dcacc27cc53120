/**
 * What a sheet cell is in Excel: text, a date/time (a serial number with a date format) or a
 * number. The byte writer (row-bytes.ts) and the string writer (rowXml) both decide here, so
 * they stay byte-equal.
 */

/** How a column's cells are written: always text, ISO dates and times as Excel dates, plain numbers as numbers. */
export const TEXT = 0;
export const TEMPORAL = 1;
export const NUMERIC = 2;
/**
 * A text the workbook's shared-string table holds, the cell's value being its index (decimal): for
 * a column of few distinct texts of the product's own (a pattern's kind, its explanation), written
 * once instead of on every row. Only ByteRows.xmlRow reads it.
 */
export const SHARED = 3;
export type ColumnKind = typeof TEXT | typeof TEMPORAL | typeof NUMERIC | typeof SHARED;

/** cellXfs ids (xlsx-styles.ts) of the date formats. */
export const STYLE_DATE = 6;
export const STYLE_TIME = 7;
export const STYLE_DATETIME = 8;

/** Excel's day 0 is 1899-12-30 (it absorbs the phantom 1900-02-29); earlier dates stay text. */
const EPOCH_DAYS = daysFromCivil(1899, 12, 30);
const FIRST_SERIAL = daysFromCivil(1900, 3, 1) - EPOCH_DAYS;

/** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function digit(v: string, i: number): number {
  const c = v.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1000;
}

/** Excel serial day of 'YYYY-MM-DD' at `at`, or -1. */
function serialDay(v: string, at: number): number {
  if (v.charCodeAt(at + 4) !== 45 || v.charCodeAt(at + 7) !== 45) return -1;
  const y = digit(v, at) * 1000 + digit(v, at + 1) * 100 + digit(v, at + 2) * 10 + digit(v, at + 3);
  const m = digit(v, at + 5) * 10 + digit(v, at + 6);
  const d = digit(v, at + 8) * 10 + digit(v, at + 9);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > DAYS_IN_MONTH[m - 1]!) return -1;
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return -1;
  const serial = daysFromCivil(y, m, d) - EPOCH_DAYS;
  return serial >= FIRST_SERIAL ? serial : -1;
}

/** Seconds of the day of 'HH:MM:SS' at `at`, or -1. */
function daySeconds(v: string, at: number): number {
  if (v.charCodeAt(at + 2) !== 58 || v.charCodeAt(at + 5) !== 58) return -1;
  const h = digit(v, at) * 10 + digit(v, at + 1);
  const m = digit(v, at + 3) * 10 + digit(v, at + 4);
  const s = digit(v, at + 6) * 10 + digit(v, at + 7);
  if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 59) return -1;
  return h * 3600 + m * 60 + s;
}

/**
 * The date style of an ISO date 'YYYY-MM-DD', time 'HH:MM:SS' or date-time 'YYYY-MM-DD HH:MM:SS'
 * (as the engine normalises them), 0 for any other text.
 */
export function temporalStyle(v: string): number {
  switch (v.length) {
    case 10:
      return serialDay(v, 0) >= 0 ? STYLE_DATE : 0;
    case 8:
      return daySeconds(v, 0) >= 0 ? STYLE_TIME : 0;
    case 19:
      return v.charCodeAt(10) === 32 && serialDay(v, 0) >= 0 && daySeconds(v, 11) >= 0 ? STYLE_DATETIME : 0;
    default:
      return 0;
  }
}

/** Fractions of a day as Excel reads them back, by second of the day (made once each, on first use). */
const fractions: (string | undefined)[] = [];
function fractionText(seconds: number): string {
  return (fractions[seconds] ??= String(seconds / 86_400).slice(1)); // ".5", without the leading 0
}

/**
 * The serial number text of a value temporalStyle gave `style` for: whole days for a date, the
 * fraction of a day for a time, both for a date-time.
 * @example temporalValue('2025-03-05', STYLE_DATE) // '45721'
 */
export function temporalValue(v: string, style: number): string {
  if (style === STYLE_TIME) {
    const s = daySeconds(v, 0);
    return s === 0 ? '0' : `0${fractionText(s)}`;
  }
  const day = String(serialDay(v, 0));
  if (style === STYLE_DATE) return day;
  const s = daySeconds(v, 11);
  return s === 0 ? day : day + fractionText(s);
}

/** Writes the ASCII digits of a non-negative integer at `p`; returns the end. */
function putInteger(buf: Uint8Array, p: number, n: number): number {
  let digits = 1;
  for (let r = n; r >= 10; r = Math.floor(r / 10)) digits++;
  for (let d = p + digits - 1, r = n; d >= p; d--, r = Math.floor(r / 10)) buf[d] = 48 + (r % 10);
  return p + digits;
}

/**
 * The fraction text of each second of the day as bytes (".5" for noon, nothing for midnight), made
 * on first use: a flat table, where the strings in a sparse array cost about a microsecond a lookup.
 */
const FRACTION_WIDTH = 24;
const fractionBytes = new Uint8Array(86_400 * FRACTION_WIDTH);
/** Length + 1 of each second's fraction bytes; 0 while not made. */
const fractionLength = new Uint8Array(86_400);

function putFraction(buf: Uint8Array, p: number, seconds: number): number {
  const at = seconds * FRACTION_WIDTH;
  let n = fractionLength[seconds]! - 1;
  if (n < 0) {
    const t = seconds === 0 ? '' : fractionText(seconds);
    for (let i = 0; i < t.length; i++) fractionBytes[at + i] = t.charCodeAt(i);
    fractionLength[seconds] = t.length + 1;
    n = t.length;
  }
  for (let i = 0; i < n; i++) buf[p + i] = fractionBytes[at + i]!;
  return p + n;
}

/** The serial day of the last date part read (dates repeat from row to row): its text and its digits. */
let lastDate = '';
const lastDayDigits = new Uint8Array(8);
let lastDayLength = 0;

/** True when `v` starts with the date part last read. */
function isLastDate(v: string): boolean {
  const d = lastDate;
  if (d.length !== 10) return false;
  for (let i = 0; i < 10; i++) if (v.charCodeAt(i) !== d.charCodeAt(i)) return false;
  return true;
}

/** The serial day of the date part of `v` (checked: a valid ISO date from 1900-03-01 on) as digits at `p`, or -1. */
function putDay(buf: Uint8Array, p: number, v: string): number {
  if (!isLastDate(v)) {
    const day = serialDay(v, 0);
    if (day < 0) return -1;
    lastDayLength = putInteger(lastDayDigits, 0, day);
    lastDate = v.length === 10 ? v : v.slice(0, 10);
  }
  for (let i = 0; i < lastDayLength; i++) buf[p + i] = lastDayDigits[i]!;
  return p + lastDayLength;
}

/** ` s="N"><v>` for a date style N (6, 7 or 8), before the serial. */
function putOpen(buf: Uint8Array, p: number, style: number): number {
  buf[p] = 32;
  buf[p + 1] = 115;
  buf[p + 2] = 61;
  buf[p + 3] = 34;
  buf[p + 4] = 48 + style;
  buf[p + 5] = 34;
  buf[p + 6] = 62;
  buf[p + 7] = 60;
  buf[p + 8] = 118;
  buf[p + 9] = 62;
  return p + 10;
}

/** `</v></c>` after the serial. */
function putClose(buf: Uint8Array, p: number): number {
  buf[p] = 60;
  buf[p + 1] = 47;
  buf[p + 2] = 118;
  buf[p + 3] = 62;
  buf[p + 4] = 60;
  buf[p + 5] = 47;
  buf[p + 6] = 99;
  buf[p + 7] = 62;
  return p + 8;
}

/**
 * The rest of a typed date/time cell after its reference, ` s="N"><v>SERIAL</v></c>` (the bytes of
 * temporalStyle and temporalValue), written at `p` in one pass over `v`; returns the end, or -1,
 * having written nothing that counts, when `v` is not an ISO date, time or date-time. The byte
 * writer's path: no strings made, the date part read once per distinct date.
 */
export function putTemporalCell(buf: Uint8Array, p: number, v: string): number {
  switch (v.length) {
    case 10: {
      const end = putDay(buf, p + 10, v);
      if (end < 0) return -1;
      putOpen(buf, p, STYLE_DATE);
      return putClose(buf, end);
    }
    case 8: {
      const s = daySeconds(v, 0);
      if (s < 0) return -1;
      putOpen(buf, p, STYLE_TIME);
      buf[p + 10] = 48;
      return putClose(buf, putFraction(buf, p + 11, s));
    }
    case 19: {
      if (v.charCodeAt(10) !== 32) return -1;
      const s = daySeconds(v, 11);
      if (s < 0) return -1;
      const end = putDay(buf, p + 10, v);
      if (end < 0) return -1;
      putOpen(buf, p, STYLE_DATETIME);
      return putClose(buf, putFraction(buf, end, s));
    }
    default:
      return -1;
  }
}

/**
 * True for a plain decimal Excel keeps exactly: optional minus, no leading zeros, at most 15
 * digits, an optional fraction. "0042" (a key with its zeros) or "1e5" stay text.
 */
export function isPlainNumber(v: string): boolean {
  const n = v.length;
  let i = v.charCodeAt(0) === 45 ? 1 : 0;
  if (i >= n) return false;
  const first = v.charCodeAt(i);
  if (first < 48 || first > 57) return false;
  if (first === 48 && i + 1 < n && v.charCodeAt(i + 1) !== 46) return false;
  let digits = 0;
  let dot = false;
  for (; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && !dot && i + 1 < n) dot = true;
    else return false;
  }
  return digits <= 15;
}

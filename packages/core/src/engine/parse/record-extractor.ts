import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { memoOf } from '../../flags/memo.ts';
import { splitVariables } from '../../flags/sm20-events.ts';
import { normaliseDate, normaliseTime } from '../../formats/dates.ts';
import { createZoneOffset, zoneSuffixSeconds } from '../../formats/time-zone.ts';
import type { DateOrder } from '../../formats/types.ts';
import { FILE_FORMATS } from '../../formats/file-formats.ts';
import { RECORD_FIELDS, type RecordField } from '../../formats/file-format.ts';
import type { FileType } from '../../model/index.ts';

type Canonical = Partial<Record<string, number>>;

/** Date normaliser remembering its last answer: consecutive rows mostly share a date. */
export function cachedDate(order: DateOrder): (v: string) => string {
  let lastIn = '';
  let lastOut = '';
  return (v) => {
    if (v !== lastIn) {
      lastIn = v;
      lastOut = normaliseDate(v, order) ?? '';
    }
    return lastOut;
  };
}

const digitAt = (v: string, i: number) => v.charCodeAt(i) - 48;

/**
 * Time normaliser for the usual 'HH:MM:SS' and 'HHMMSS' cells without regexes, answering one shared
 * string per second of the day (facts keep millions of times: shared strings are far less to collect).
 */
export function timeReader(): (v: string) => string {
  const bySecond: (string | undefined)[] = new Array(86_400);
  return (v) => {
    const n = v.length;
    const colons = n === 8 && v.charCodeAt(2) === 58 && v.charCodeAt(5) === 58;
    if (colons || n === 6) {
      const k = colons ? 1 : 0;
      const a = digitAt(v, 0), b = digitAt(v, 1), c = digitAt(v, 2 + k), d = digitAt(v, 3 + k), e = digitAt(v, 4 + 2 * k), f = digitAt(v, 5 + 2 * k);
      if (a >= 0 && a <= 9 && b >= 0 && b <= 9 && c >= 0 && c <= 9 && d >= 0 && d <= 9 && e >= 0 && e <= 9 && f >= 0 && f <= 9) {
        const h = a * 10 + b, m = c * 10 + d, s = e * 10 + f;
        if (h <= 23 && m <= 59 && s <= 59) {
          const second = h * 3600 + m * 60 + s;
          return (bySecond[second] ??= colons ? v : `${v.slice(0, 2)}:${v.slice(2, 4)}:${v.slice(4, 6)}`);
        }
        if (colons) return v; // as written: an 'HH:MM:SS' cell is taken as it is
      }
    }
    return normaliseTime(v) ?? '';
  };
}

/**
 * A record's date and time from its date and time cells (ISO date, 'HH:MM:SS'); a date-time in one
 * cell (the date column, or a time column such as Splunk's `_time`) gives both. A value with `Z` or
 * an offset is converted to the analysis time zone. `read` sets `date` and `time`.
 */
export class DateTimeReader {
  date = '';
  time = '';
  private readonly toIsoDate: (v: string) => string;
  private readonly fastTime = timeReader();
  private readonly zoneOffset: (utcSeconds: number) => number;
  private lastZoned = '';
  private lastZonedDate = '';
  private lastZonedTime = '';

  constructor(order: DateOrder, timeZone = 'UTC') {
    this.toIsoDate = cachedDate(order);
    this.zoneOffset = createZoneOffset(timeZone);
  }

  read(d: string, t: string): void {
    if (t === '' && d.length > 10) return this.readStamp(d);
    if (d === '' && t.length > 10) return this.readStamp(t);
    this.date = d === '' ? '' : this.toIsoDate(d);
    this.time = t !== '' ? this.fastTime(t) : '';
  }

  /** A date and time in one cell, converted when it names its zone. */
  private readStamp(v: string): void {
    if (v === this.lastZoned) {
      this.date = this.lastZonedDate;
      this.time = this.lastZonedTime;
      return;
    }
    this.date = this.toIsoDate(v);
    this.time = normaliseTime(v) ?? '';
    const own = this.date !== '' && this.time !== '' ? zoneSuffixSeconds(v) : undefined;
    if (own !== undefined) {
      const [y, mo, day] = [+this.date.slice(0, 4), +this.date.slice(5, 7), +this.date.slice(8, 10)];
      const utc = Date.UTC(y, mo - 1, day, +this.time.slice(0, 2), +this.time.slice(3, 5), +this.time.slice(6, 8)) / 1000 - own;
      const local = new Date((utc + this.zoneOffset(utc)) * 1000).toISOString();
      this.date = local.slice(0, 10);
      this.time = local.slice(11, 19);
    }
    this.lastZoned = v;
    this.lastZonedDate = this.date;
    this.lastZonedTime = this.time;
  }
}

/** Where each field flagging reads is in a row of this file type (-1: not there, or not a field of the type). */
export type RecordColumns = Record<RecordField, number>;

/** The row position of each record field, from the type's record columns (formats/<type>/index.ts `record`). */
export function recordColumns(fileType: FileType, canonical: Canonical): RecordColumns {
  const named = FILE_FORMATS[fileType].record.columns;
  const at = (field: RecordField) => {
    const column = named[field];
    return column === undefined ? -1 : (canonical[column] ?? -1);
  };
  return Object.fromEntries(RECORD_FIELDS.map((f) => [f, at(f)])) as RecordColumns;
}

/**
 * Builds the row -> CanonicalRecord filler for one opened file. Column positions are looked up
 * once; per row only the cells flagging reads are copied and dates/times normalised.
 */
export function createRecordExtractor(fileType: FileType, canonical: Canonical, dateOrder: DateOrder, timeZone = 'UTC'): (row: string[], rec: CanonicalRecord) => void {
  const get = (row: string[], i: number) => (i >= 0 ? (row[i] ?? '') : '');
  const dateTime = new DateTimeReader(dateOrder, timeZone);
  const upper = memoOf((s: string) => s.toUpperCase());
  const {
    user: iUser, date: iDate, time: iTime, tcode: iTcode, terminal: iTerminal, event: iEvent, message: iMessage, program: iProgram,
    var1: iVar1, var2: iVar2, var3: iVar3, objectclas: iClass, objectid: iObjectId, changenr: iChangenr, tabname: iTab, fname: iField,
    peer: iPeer, tabkey: iTabkey, chngind: iChngind, valueNew: iValueNew, valueOld: iValueOld,
  } = recordColumns(fileType, canonical);
  const shape = FILE_FORMATS[fileType].record.shape;
  return (row, rec) => {
    rec.user = get(row, iUser);
    rec.userInitial = rec.user === '' ? 0 : rec.user.charCodeAt(0);
    dateTime.read(get(row, iDate), get(row, iTime));
    rec.date = dateTime.date;
    rec.time = dateTime.time;
    rec.tcode = get(row, iTcode);
    if (shape === 'events') {
      rec.terminal = get(row, iTerminal);
      rec.event = upper(get(row, iEvent));
      rec.message = get(row, iMessage);
      rec.program = get(row, iProgram);
      rec.var1 = get(row, iVar1);
      rec.var2 = get(row, iVar2);
      rec.var3 = get(row, iVar3);
      rec.peer = get(row, iPeer);
      splitVariables(rec);
    } else if (shape === 'documents') {
      rec.objectclas = get(row, iClass);
      rec.objectid = get(row, iObjectId);
      rec.changenr = get(row, iChangenr);
      rec.tabname = get(row, iTab);
      rec.fname = get(row, iField);
      rec.tabkey = get(row, iTabkey);
      rec.chngind = get(row, iChngind);
      rec.valueNew = get(row, iValueNew);
      rec.valueOld = get(row, iValueOld);
    }
  };
}

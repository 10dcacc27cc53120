import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { memoOf } from '../../flags/memo.ts';
import { variablesInOne } from '../../flags/sm20-events.ts';
import type { RowScanner } from '../../formats/row-scanner.ts';
import type { DateOrder } from '../../formats/types.ts';
import { FILE_FORMATS } from '../../formats/file-formats.ts';
import type { RecordField, RecordShape } from '../../formats/file-format.ts';
import type { FileType } from '../../model/index.ts';
import { DateTimeReader, recordColumns, type RecordColumns } from './record-extractor.ts';
import type { DictColumnBuilder } from '../../facts/column-builders.ts';
import { peerAddress } from './declared-facts.ts';
import { toEpoch } from '../../facts/file-facts.ts';

type Canonical = Partial<Record<string, number>>;

/**
 * Substrings that CanonicalRecord.maybeDebugText stands for: each text rules/debug-rules.ts searches
 * (mentionsDebug: 'ebug' or 'EBUG'; hasCodeEdit: '->') holds one. 'bug' rather than 'ebug': the raw
 * text is searched from each match of the first character, and 'e' is the commonest letter (three
 * searches of 100 MB of SM20 took 81 ms with 'ebug'/'EBUG', 18 ms with 'bug'/'BUG').
 */
export const DEBUG_TEXT_PATTERNS = ['bug', 'BUG', '->'];

/** Most short values kept by code (bounded memory on any input). */
const SHORT_LIMIT = 20_000;

// Slots of ViewRecord.texts, and the bits of `got` for what has been read (texts: 1 << slot).
const USER = 0, TERMINAL = 1, MESSAGE = 2, PROGRAM = 3, PEER = 4, TABKEY = 5, CHNGIND = 6, VALUE_NEW = 7, VALUE_OLD = 8;

/** The fields `load` reads of every row, per record shape (the others on demand); `none` reads whole rows (tickets). */
const EAGER: Record<RecordShape, readonly RecordField[] | undefined> = {
  events: ['tcode', 'event'],
  documents: ['tcode', 'objectclas', 'objectid', 'changenr', 'tabname', 'fname'],
  none: undefined,
};
const DATE = 1 << 10, VAR1 = 1 << 11, VAR2 = 1 << 12, VAR3 = 1 << 13;

/**
 * A CanonicalRecord over the row a RowScanner shows: the same values createRecordExtractor gives
 * (record-extractor.ts), but a cell becomes a string only when flagging or the facts read it.
 * Most SM20 records are read for their event and transaction code alone. `load` per row.
 */
export class ViewRecord implements CanonicalRecord {
  readonly fileType: FileType;
  event = '';
  tcode = '';
  objectclas = '';
  objectid = '';
  changenr = '';
  tabname = '';
  fname = '';
  maybeDebugText = true;

  private row!: RowScanner;
  /** Lazy fields already read for this row (bits above). */
  private got = 0;
  /** User, terminal, message and program once read (slots below). */
  private readonly texts = ['', '', '', '', '', '', '', '', ''];
  private _date = '';
  private _time = '';
  private _var1 = '';
  private _var2 = '';
  private _var3 = '';

  private readonly col: RecordColumns;
  /** How records of the file type are read (its home's record shape), as booleans for the per-row test. */
  private readonly events: boolean;
  private readonly documents: boolean;
  private readonly eager: readonly RecordField[] | undefined;
  private readonly dateTime: DateTimeReader;
  private readonly upper = memoOf((s: string) => s.toUpperCase());
  // Short cells by their code (RowScanner.cellCode): one string per distinct value, no slice per row.
  private readonly byCode = new CodeTable();
  private readonly upperByCode = new CodeTable();
  /** maybeDebugText from the row's raw text (RowScanner.mayContainAny); not when the delimiter is part of a pattern. */
  private readonly debugShortcut: boolean;

  readonly joined: boolean;

  constructor(fileType: FileType, canonical: Canonical, dateOrder: DateOrder, delimiter: string, timeZone = 'UTC', joined = false) {
    this.fileType = fileType;
    this.joined = joined;
    this.col = recordColumns(fileType, canonical);
    const shape = FILE_FORMATS[fileType].record.shape;
    this.events = shape === 'events';
    this.documents = shape === 'documents';
    this.eager = EAGER[shape];
    this.dateTime = new DateTimeReader(dateOrder, timeZone);
    this.debugShortcut = !DEBUG_TEXT_PATTERNS.some((p) => p.includes(delimiter));
  }

  /** Cells `load` reads of every row (RowScanner need not split a row further unless asked). */
  get eagerCells(): number {
    const used = this.eager === undefined ? [Number.MAX_SAFE_INTEGER - 1] : this.eager.map((f) => this.col[f]);
    return Math.max(0, ...used) + 1;
  }

  /** Reads the scanner's present row: the fields every record of this type needs, the rest on demand. */
  load(row: RowScanner): void {
    this.row = row;
    this.got = 0;
    this.tcode = this.short(this.col.tcode, false);
    if (this.events) {
      this.event = this.short(this.col.event, true);
      this.maybeDebugText = !this.debugShortcut || row.mayContainAny();
    } else if (this.documents) {
      this.objectclas = this.short(this.col.objectclas, false);
      this.objectid = row.cell(this.col.objectid);
      this.changenr = row.cell(this.col.changenr);
      this.tabname = this.short(this.col.tabname, false);
      this.fname = this.short(this.col.fname, false);
    }
  }

  /** Cell i of the present row (upper-cased when `up`), shared per distinct short value. */
  private short(i: number, up: boolean): string {
    const code = this.row.cellCode(i);
    if (code === 0) return '';
    if (code < 0) return up ? this.upper(this.row.cell(i)) : this.row.cell(i);
    const table = up ? this.upperByCode : this.byCode;
    const s = table.get(code);
    return s !== undefined ? s : this.newShort(table, i, up, code);
  }

  /** A short cell whose code `table` does not hold yet (its string made once). */
  private newShort(table: CodeTable, i: number, up: boolean, code: number): string {
    if (table.size >= SHORT_LIMIT) table.clear();
    let s = this.row.cell(i);
    if (up) s = s.toUpperCase();
    table.set(code, s);
    return s;
  }

  get user(): string {
    return this.text(USER, this.col.user);
  }

  get date(): string {
    this.readDateTime();
    return this._date;
  }

  get time(): string {
    this.readDateTime();
    return this._time;
  }

  get userInitial(): number {
    if ((this.got & (1 << USER)) !== 0) return this.texts[USER] === '' ? 0 : this.texts[USER]!.charCodeAt(0);
    return this.row.cellInitial(this.col.user);
  }

  get peer(): string {
    return this.text(PEER, this.col.peer);
  }

  get tabkey(): string {
    return this.text(TABKEY, this.col.tabkey);
  }

  get chngind(): string {
    return this.text(CHNGIND, this.col.chngind);
  }

  get valueNew(): string {
    return this.text(VALUE_NEW, this.col.valueNew);
  }

  get valueOld(): string {
    return this.text(VALUE_OLD, this.col.valueOld);
  }

  get terminal(): string {
    return this.text(TERMINAL, this.col.terminal);
  }

  get message(): string {
    return this.text(MESSAGE, this.col.message);
  }

  get program(): string {
    return this.text(PROGRAM, this.col.program);
  }

  // The last date cell `epoch` read, and its day's start (null: no date).
  private dayCell = '';
  private dayStart: number | null = null;

  /**
   * toEpoch(this.date, this.time) (NaN when the date is not one), null when the date is empty: what
   * step 1's facts keep of a record's moment. For the usual plain 'HH:MM:SS' time cell, the time is
   * read in place and the day once per distinct date cell: no string per row (a quarter of an SM20
   * export's rows are logons, each with its moment).
   */
  epoch(): number | null {
    const row = this.row;
    const col = this.col;
    if (col.time >= 0 && row.span(col.time) && row.spanEnd - row.spanStart === 8) {
      // 'HH:MM:SS' read in place (written out: the CLI's V8 flags leave little inlining budget for helpers).
      const t = row.rowText;
      const i = row.spanStart;
      const h1 = t.charCodeAt(i) - 48, h2 = t.charCodeAt(i + 1) - 48, m1 = t.charCodeAt(i + 3) - 48, m2 = t.charCodeAt(i + 4) - 48, s1 = t.charCodeAt(i + 6) - 48, s2 = t.charCodeAt(i + 7) - 48;
      const h = h1 * 10 + h2;
      if (
        t.charCodeAt(i + 2) === 58 && t.charCodeAt(i + 5) === 58 && h1 >= 0 && h2 >= 0 && h2 <= 9 && h <= 23 && m1 >= 0 && m1 <= 5 && m2 >= 0 && m2 <= 9 && s1 >= 0 && s1 <= 5 && s2 >= 0 && s2 <= 9 &&
        // A time cell besides the date: the date is the date cell's alone (DateTimeReader.read).
        row.span(col.date) && row.spanEnd > row.spanStart
      ) {
        const from = row.spanStart;
        const n = row.spanEnd - from;
        const day = this.dayCell;
        let same = day.length === n;
        for (let k = n - 1; same && k >= 0; k--) same = day.charCodeAt(k) === t.charCodeAt(from + k);
        if (!same) this.newDay(t, from, from + n);
        return this.dayStart === null ? null : this.dayStart + h * 3600 + (m1 * 10 + m2) * 60 + s1 * 10 + s2;
      }
    }
    return this.epochOfStrings();
  }

  /** A date cell unlike the last one `epoch` read: its day, as the strings' path makes it (once per day, not per row). */
  private newDay(t: string, from: number, to: number): void {
    this.dayCell = t.slice(from, to);
    this.readDateTime();
    this.dayStart = this._date === '' ? null : (toEpoch(this._date, '') ?? Number.NaN);
  }

  /** `epoch` from the date and time strings (cells quoted or padded, a date-time in one cell, other time formats). */
  private epochOfStrings(): number | null {
    const date = this.date;
    return date === '' ? null : (toEpoch(date, this.time) ?? Number.NaN);
  }

  /** `to.push(this.user)`, the cell read in place when it is plain (DictColumnBuilder.pushSlice): no string per row. */
  pushUser(to: DictColumnBuilder): void {
    this.pushCell(USER, this.col.user, to, false);
  }

  /** `to.push(this.terminal)`, read in place as `pushUser`. */
  pushTerminal(to: DictColumnBuilder): void {
    this.pushCell(TERMINAL, this.col.terminal, to, false);
  }

  /** `to.push(peerAddress(this.peer))`, read in place as `pushUser`. */
  pushPeerAddress(to: DictColumnBuilder): void {
    this.pushCell(PEER, this.col.peer, to, true);
  }

  private pushCell(slot: number, index: number, to: DictColumnBuilder, address: boolean): void {
    const row = this.row;
    if ((this.got & (1 << slot)) === 0 && row.span(index)) {
      const t = row.rowText;
      to.pushSlice(t, row.spanStart, address ? addressEnd(t, row.spanStart, row.spanEnd) : row.spanEnd);
      return;
    }
    const v = this.text(slot, index);
    to.push(address ? peerAddress(v) : v);
  }

  /** Cell `index` of the row, read once per row into `texts[slot]`. */
  private text(slot: number, index: number): string {
    const bit = 1 << slot;
    if ((this.got & bit) === 0) {
      this.got |= bit;
      this.texts[slot] = this.row.cell(index);
    }
    return this.texts[slot]!;
  }

  get var1(): string {
    if ((this.got & VAR1) === 0) this.readVar1();
    return this._var1;
  }

  get var2(): string {
    if ((this.got & VAR1) === 0) this.readVar1();
    if ((this.got & VAR2) === 0) {
      this.got |= VAR2;
      this._var2 = this.short(this.col.var2, false);
    }
    return this._var2;
  }

  get var3(): string {
    if ((this.got & VAR1) === 0) this.readVar1();
    if ((this.got & VAR3) === 0) {
      this.got |= VAR3;
      this._var3 = this.short(this.col.var3, false);
    }
    return this._var3;
  }

  /** As record-extractor.ts: SM20 "Date" cells sometimes hold date and time together. */
  private readDateTime(): void {
    if ((this.got & DATE) !== 0) return;
    this.got |= DATE;
    if (this.col.date < 0 && this.col.time < 0) return; // (CDPOS items without their header's columns: both '')
    this.dateTime.read(this.row.cell(this.col.date), this.row.cell(this.col.time));
    this._date = this.dateTime.date;
    this._time = this.dateTime.time;
  }

  /**
   * As sm20-events.ts splitVariables: all three variables may be in VAR1, which only a VAR1 with
   * an '&' can hold; otherwise VAR2 and VAR3 are read when asked for (an AU3 record needs VAR1
   * alone, and the scanner then splits the row no further). Not SM20: no variable columns, all empty.
   */
  private readVar1(): void {
    this.got |= VAR1;
    const v1 = this.short(this.col.var1, false);
    this._var1 = v1;
    if (!v1.includes('&')) return;
    this.got |= VAR2 | VAR3;
    const v2 = this.short(this.col.var2, false);
    const v3 = this.short(this.col.var3, false);
    const split = variablesInOne(v1, v2, v3);
    if (split) [this._var1, this._var2, this._var3] = split;
    else {
      this._var2 = v2;
      this._var3 = v3;
    }
  }
}

/**
 * Strings by positive code (RowScanner.cellCode, below 2^30): open addressing on Int32Array keys, 0
 * empty. Two of these are read per SM20 row (transaction and event); a Map's lookup builtin cost
 * about as much as the rest of reading those cells.
 */
export class CodeTable {
  private keys = new Int32Array(256);
  private values: string[] = new Array<string>(256).fill('');
  size = 0;

  get(code: number): string | undefined {
    const keys = this.keys;
    const mask = keys.length - 1;
    for (let slot = (Math.imul(code, 0x9e3779b1) >>> 12) & mask; ; slot = (slot + 1) & mask) {
      const k = keys[slot]!;
      if (k === code) return this.values[slot];
      if (k === 0) return undefined;
    }
  }

  set(code: number, value: string): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    this.put(code, value);
  }

  clear(): void {
    this.keys = new Int32Array(256);
    this.values = new Array<string>(256).fill('');
    this.size = 0;
  }

  private put(code: number, value: string): void {
    const keys = this.keys;
    const mask = keys.length - 1;
    let slot = (Math.imul(code, 0x9e3779b1) >>> 12) & mask;
    while (keys[slot] !== 0 && keys[slot] !== code) slot = (slot + 1) & mask;
    if (keys[slot] === 0) this.size++;
    keys[slot] = code;
    this.values[slot] = value;
  }

  private grow(): void {
    const keys = this.keys;
    const values = this.values;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Array<string>(keys.length * 2).fill('');
    this.size = 0;
    for (let k = 0; k < keys.length; k++) if (keys[k] !== 0) this.put(keys[k]!, values[k]!);
  }
}

/** Where peerAddress(text.slice(start, end)) ends (it starts at `start`): the port cut off, a bracketed IPv6 address kept whole. */
export function addressEnd(text: string, start: number, end: number): number {
  if (start === end) return end;
  if (text.charCodeAt(start) === 91) {
    const close = text.indexOf(']', start);
    return close >= 0 && close < end ? close + 1 : end;
  }
  const colon = text.indexOf(':', start);
  if (colon < 0 || colon >= end) return end;
  const second = text.indexOf(':', colon + 1);
  return second >= 0 && second < end ? end : colon;
}

import type { CanonicalRecord } from '../flags/canonical-record.ts';
import { memoOf } from '../flags/memo.ts';
import { variablesInOne } from '../flags/sm20-events.ts';
import type { RowScanner } from '../formats/row-scanner.ts';
import type { DateOrder } from '../formats/types.ts';
import type { FileType } from '../model/index.ts';
import { DateTimeReader } from './record-extractor.ts';

type Canonical = Partial<Record<string, number>>;

/** Substrings that CanonicalRecord.maybeDebugText stands for (flag-record.ts mentionsDebug, hasCodeEdit). */
export const DEBUG_TEXT_PATTERNS = ['ebug', 'EBUG', '->'];

/** Most short values kept by code (bounded memory on any input). */
const SHORT_LIMIT = 20_000;

const USER = 1, DATE = 2, TERMINAL = 4, MESSAGE = 8, PROGRAM = 16, VARS = 32;

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
  private _user = '';
  private _date = '';
  private _time = '';
  private _terminal = '';
  private _message = '';
  private _program = '';
  private _var1 = '';
  private _var2 = '';
  private _var3 = '';

  private readonly iUser: number;
  private readonly iDate: number;
  private readonly iTime: number;
  private readonly iTcode: number;
  private readonly iTerminal: number;
  private readonly iEvent: number;
  private readonly iMessage: number;
  private readonly iProgram: number;
  private readonly iVar1: number;
  private readonly iVar2: number;
  private readonly iVar3: number;
  private readonly iClass: number;
  private readonly iObjectId: number;
  private readonly iChangenr: number;
  private readonly iTab: number;
  private readonly iField: number;
  private readonly dateTime: DateTimeReader;
  private readonly upper = memoOf((s: string) => s.toUpperCase());
  // Short cells by their code (RowScanner.cellCode): one string per distinct value, no slice per row.
  private readonly byCode = new Map<number, string>();
  private readonly upperByCode = new Map<number, string>();
  /** Pattern indexes for maybeDebugText, or none when the delimiter is part of a pattern (no shortcut then). */
  private readonly debugPatterns: number[];

  constructor(fileType: FileType, canonical: Canonical, dateOrder: DateOrder, delimiter: string) {
    this.fileType = fileType;
    const at = (name: string) => canonical[name] ?? -1;
    this.iUser = at(fileType === 'SM20' || fileType === 'TICKETS' ? 'USER' : 'USERNAME');
    this.iDate = at(fileType === 'SM20' ? 'DATE' : 'UDATE');
    this.iTime = at(fileType === 'SM20' ? 'TIME' : 'UTIME');
    [this.iTcode, this.iTerminal, this.iEvent, this.iMessage, this.iProgram, this.iVar1, this.iVar2, this.iVar3] = ['TCODE', 'TERMINAL', 'EVENT', 'MESSAGE', 'PROGRAM', 'VAR1', 'VAR2', 'VAR3'].map(at) as [number, number, number, number, number, number, number, number];
    [this.iClass, this.iObjectId, this.iChangenr, this.iTab, this.iField] = ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'FNAME'].map(at) as [number, number, number, number, number];
    this.dateTime = new DateTimeReader(dateOrder);
    this.debugPatterns = DEBUG_TEXT_PATTERNS.some((p) => p.includes(delimiter)) ? [] : DEBUG_TEXT_PATTERNS.map((_, k) => k);
  }

  /** Cells `load` reads of every row (RowScanner need not split a row further unless asked). */
  get eagerCells(): number {
    const used = this.fileType === 'SM20' ? [this.iTcode, this.iEvent] : this.fileType === 'TICKETS' ? [Number.MAX_SAFE_INTEGER - 1] : [this.iTcode, this.iClass, this.iObjectId, this.iChangenr, this.iTab, this.iField];
    return Math.max(0, ...used) + 1;
  }

  /** Reads the scanner's present row: the fields every record of this type needs, the rest on demand. */
  load(row: RowScanner): void {
    this.row = row;
    this.got = 0;
    this.tcode = this.short(this.iTcode, false);
    if (this.fileType === 'SM20') {
      this.event = this.short(this.iEvent, true);
      const k = this.debugPatterns;
      this.maybeDebugText = k.length === 0 || row.mayContain(k[0]!) || row.mayContain(k[1]!) || row.mayContain(k[2]!);
    } else if (this.fileType !== 'TICKETS') {
      this.objectclas = this.short(this.iClass, false);
      this.objectid = row.cell(this.iObjectId);
      this.changenr = row.cell(this.iChangenr);
      this.tabname = this.short(this.iTab, false);
      this.fname = this.short(this.iField, false);
    }
  }

  /** Cell i of the present row (upper-cased when `up`), shared per distinct short value. */
  private short(i: number, up: boolean): string {
    const code = this.row.cellCode(i);
    if (code === 0) return '';
    if (code < 0) return up ? this.upper(this.row.cell(i)) : this.row.cell(i);
    const table = up ? this.upperByCode : this.byCode;
    let s = table.get(code);
    if (s === undefined) {
      if (table.size >= SHORT_LIMIT) table.clear();
      s = this.row.cell(i);
      if (up) s = s.toUpperCase();
      table.set(code, s);
    }
    return s;
  }

  get user(): string {
    if ((this.got & USER) === 0) {
      this.got |= USER;
      this._user = this.row.cell(this.iUser);
    }
    return this._user;
  }

  get date(): string {
    this.readDateTime();
    return this._date;
  }

  get time(): string {
    this.readDateTime();
    return this._time;
  }

  get terminal(): string {
    if ((this.got & TERMINAL) === 0) {
      this.got |= TERMINAL;
      this._terminal = this.fileType === 'SM20' ? this.row.cell(this.iTerminal) : '';
    }
    return this._terminal;
  }

  get message(): string {
    if ((this.got & MESSAGE) === 0) {
      this.got |= MESSAGE;
      this._message = this.fileType === 'SM20' ? this.row.cell(this.iMessage) : '';
    }
    return this._message;
  }

  get program(): string {
    if ((this.got & PROGRAM) === 0) {
      this.got |= PROGRAM;
      this._program = this.fileType === 'SM20' ? this.row.cell(this.iProgram) : '';
    }
    return this._program;
  }

  get var1(): string {
    this.readVars();
    return this._var1;
  }

  get var2(): string {
    this.readVars();
    return this._var2;
  }

  get var3(): string {
    this.readVars();
    return this._var3;
  }

  /** As record-extractor.ts: SM20 "Date" cells sometimes hold date and time together. */
  private readDateTime(): void {
    if ((this.got & DATE) !== 0) return;
    this.got |= DATE;
    this.dateTime.read(this.row.cell(this.iDate), this.row.cell(this.iTime));
    this._date = this.dateTime.date;
    this._time = this.dateTime.time;
  }

  /** As sm20-events.ts splitVariables: all three variables may be in VAR1. */
  private readVars(): void {
    if ((this.got & VARS) !== 0) return;
    this.got |= VARS;
    if (this.fileType !== 'SM20') {
      this._var1 = this._var2 = this._var3 = '';
      return;
    }
    const v1 = this.short(this.iVar1, false);
    const v2 = this.short(this.iVar2, false);
    const v3 = this.short(this.iVar3, false);
    const split = variablesInOne(v1, v2, v3);
    if (split) [this._var1, this._var2, this._var3] = split;
    else {
      this._var1 = v1;
      this._var2 = v2;
      this._var3 = v3;
    }
  }
}

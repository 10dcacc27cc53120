import { DictColumn, type StrColumn } from './columns.ts';
import { grown, resized, START } from './column-builders.ts';

const DAY_SECONDS = 86_400;
/** Code of the empty time; codes past it are other strings (`TimeColumnBuilder.others`). */
const NO_TIME = DAY_SECONDS;

/** Seconds of an 'HH:MM:SS' time, or -1. */
function secondsOf(t: string): number {
  if (t.length !== 8 || t.charCodeAt(2) !== 58 || t.charCodeAt(5) !== 58) return -1;
  let v = 0;
  for (const [k, scale, max] of TIME_DIGITS) {
    const a = t.charCodeAt(k) - 48;
    const b = t.charCodeAt(k + 1) - 48;
    if (a < 0 || a > 9 || b < 0 || b > 9 || a * 10 + b > max) return -1;
    v += (a * 10 + b) * scale;
  }
  return v;
}
const TIME_DIGITS = [[0, 3600, 23], [3, 60, 59], [6, 1, 59]] as const;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * Times of day ('HH:MM:SS', or '') as a code per row: the second of the day, so that a column
 * with tens of thousands of distinct times needs no Map lookup per row (a CDHDR file's UTIME).
 * Any other string is kept in a small dictionary of its own. Written as the DictColumn a
 * DictColumnBuilder of the same values gives (`column()`).
 */
export class TimeColumnBuilder {
  private codes: Int32Array = new Int32Array(START);
  length = 0;
  private readonly others: string[] = [];
  private readonly otherIndex = new Map<string, number>();
  private static readonly texts: (string | undefined)[] = new Array(DAY_SECONDS);

  private codeOf(t: string): number {
    if (t === '') return NO_TIME;
    const s = secondsOf(t);
    if (s >= 0) return s;
    let k = this.otherIndex.get(t);
    if (k === undefined) {
      this.otherIndex.set(t, (k = this.others.length));
      this.others.push(t);
    }
    return NO_TIME + 1 + k;
  }

  private textOf(code: number): string {
    if (code < DAY_SECONDS) return (TimeColumnBuilder.texts[code] ??= `${pad2(Math.floor(code / 3600))}:${pad2(Math.floor(code / 60) % 60)}:${pad2(code % 60)}`);
    return code === NO_TIME ? '' : this.others[code - NO_TIME - 1]!;
  }

  push(t: string): void {
    if (this.length === this.codes.length) this.codes = grown(this.codes, this.length + 1);
    this.codes[this.length++] = this.codeOf(t);
  }

  get(i: number): string {
    return this.textOf(this.codes[i]!);
  }

  reserve(factor: number): void {
    this.codes = resized(this.codes, Math.ceil(this.length * factor));
  }

  append(other: TimeColumnBuilder): void {
    const n = other.length;
    if (this.length + n > this.codes.length) this.codes = grown(this.codes, this.length + n);
    const map = other.others.map((t) => this.codeOf(t));
    for (let i = 0; i < n; i++) {
      const c = other.codes[i]!;
      this.codes[this.length + i] = c <= NO_TIME ? c : map[c - NO_TIME - 1]!;
    }
    this.length += n;
  }

  /** The column as a DictColumn: distinct values in first-seen order, an id per row. */
  column(): StrColumn {
    const idOf = new Int32Array(NO_TIME + 1 + this.others.length).fill(-1);
    const dict: string[] = [];
    const ids = new Uint32Array(this.length);
    for (let i = 0; i < this.length; i++) {
      const c = this.codes[i]!;
      let id = idOf[c]!;
      if (id < 0) {
        idOf[c] = id = dict.length;
        dict.push(this.textOf(c));
      }
      ids[i] = id;
    }
    const narrow = dict.length <= 0x100 ? Uint8Array.from(ids) : dict.length <= 0x10000 ? Uint16Array.from(ids) : ids;
    return new DictColumn(dict, narrow);
  }

  toPlain(): PlainTimes {
    return { codes: this.codes.slice(0, this.length), others: this.others };
  }

  static fromPlain(p: PlainTimes): TimeColumnBuilder {
    const b = new TimeColumnBuilder();
    for (const t of p.others) b.codeOf(t);
    b.codes = p.codes.length > 0 ? p.codes : new Int32Array(START);
    b.length = p.codes.length;
    return b;
  }
}

export interface PlainTimes {
  codes: Int32Array;
  others: string[];
}

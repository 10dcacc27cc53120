import { isAscii } from 'node:buffer';

/**
 * Compact string columns for the correlation step: a million change numbers as one byte buffer
 * (or a dictionary and small integer ids) instead of a million JS strings. Each column answers
 * `get(i)`, and `equals`/`hash` without building the string where it can.
 */
export interface StrColumn {
  readonly length: number;
  get(i: number): string;
  /** Is value i exactly `s`? */
  equals(i: number, s: string): boolean;
  /** Is value i exactly s.slice(from, to)? */
  equalsPart(i: number, s: string, from: number, to: number): boolean;
  /** hashString(value i, h), computed from the stored form. */
  hash(i: number, h: number): number;
}

export type IdArray = Uint8Array | Uint16Array | Uint32Array;

export const FNV_PRIME = 0x01000193;
export const HASH_SEED = 0x811c9dc5;

/** FNV-1a over UTF-16 code units (equal to its bytes for ASCII text), continuing from h. */
export function hashString(s: string, h: number): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/** FNV-1a of one code unit (separators between key parts). */
export function hashUnit(unit: number, h: number): number {
  return Math.imul(h ^ unit, FNV_PRIME);
}

function sameAsPart(v: string, s: string, from: number, to: number): boolean {
  if (v.length !== to - from) return false;
  return from === 0 && to === s.length ? v === s : s.startsWith(v, from);
}

/** Plain string array. */
export class ArrayColumn implements StrColumn {
  constructor(readonly values: readonly string[]) {}
  get length(): number {
    return this.values.length;
  }
  get(i: number): string {
    return this.values[i]!;
  }
  equals(i: number, s: string): boolean {
    return this.values[i] === s;
  }
  equalsPart(i: number, s: string, from: number, to: number): boolean {
    return sameAsPart(this.values[i]!, s, from, to);
  }
  hash(i: number, h: number): number {
    return hashString(this.values[i]!, h);
  }
}

/** Distinct values once, one small integer per row. */
export class DictColumn implements StrColumn {
  private hashes: Int32Array | undefined;
  constructor(
    readonly dict: readonly string[],
    readonly ids: IdArray,
  ) {}
  get length(): number {
    return this.ids.length;
  }
  get(i: number): string {
    return this.dict[this.ids[i]!]!;
  }
  equals(i: number, s: string): boolean {
    return this.dict[this.ids[i]!] === s;
  }
  equalsPart(i: number, s: string, from: number, to: number): boolean {
    return sameAsPart(this.dict[this.ids[i]!]!, s, from, to);
  }
  hash(i: number, h: number): number {
    // Hashes continue from h, so they are not cached per entry unless h is the seed.
    if (h !== HASH_SEED) return hashString(this.get(i), h);
    if (!this.hashes) {
      this.hashes = new Int32Array(this.dict.length);
      for (let d = 0; d < this.dict.length; d++) this.hashes[d] = hashString(this.dict[d]!, HASH_SEED);
    }
    return this.hashes[this.ids[i]!]!;
  }
}

/**
 * Mostly distinct strings (change numbers, object ids, activity texts) as UTF-8 bytes, either
 * of one fixed width or with end offsets. ASCII columns are compared and hashed on the bytes.
 */
export class PackedColumn implements StrColumn {
  private isAscii: boolean | undefined;
  constructor(
    readonly bytes: Buffer,
    readonly length: number,
    /** Byte width of every value, or 0 when `ends` gives the end offset of each. */
    readonly width: number,
    readonly ends?: Uint32Array,
    ascii?: boolean,
  ) {
    this.isAscii = ascii;
  }

  /** All bytes below 0x80 (then a byte is a UTF-16 code unit). */
  get ascii(): boolean {
    if (this.isAscii === undefined) {
      this.isAscii = isAscii(this.bytes);
    }
    return this.isAscii;
  }

  static fromStrings(values: readonly string[]): PackedColumn {
    const joined = values.join('');
    const bytes = Buffer.from(joined, 'utf8');
    const n = values.length;
    const width = n > 0 ? Buffer.byteLength(values[0]!, 'utf8') : 0;
    const ascii = bytes.length === joined.length;
    let fixed = n > 0;
    for (let i = 0; i < n && fixed; i++) fixed = (ascii ? values[i]!.length : Buffer.byteLength(values[i]!, 'utf8')) === width;
    if (fixed) return new PackedColumn(bytes, n, width, undefined, ascii);
    const ends = new Uint32Array(n);
    let at = 0;
    for (let i = 0; i < n; i++) ends[i] = at += ascii ? values[i]!.length : Buffer.byteLength(values[i]!, 'utf8');
    return new PackedColumn(bytes, n, 0, ends, ascii);
  }

  start(i: number): number {
    return this.ends ? (i === 0 ? 0 : this.ends[i - 1]!) : i * this.width;
  }
  end(i: number): number {
    return this.ends ? this.ends[i]! : (i + 1) * this.width;
  }
  get(i: number): string {
    return this.bytes.toString(this.ascii ? 'latin1' : 'utf8', this.start(i), this.end(i));
  }
  equals(i: number, s: string): boolean {
    return this.equalsPart(i, s, 0, s.length);
  }
  equalsPart(i: number, s: string, from: number, to: number): boolean {
    if (!this.ascii) return sameAsPart(this.get(i), s, from, to);
    const at = this.start(i);
    if (this.end(i) - at !== to - from) return false;
    const b = this.bytes;
    for (let k = from; k < to; k++) if (b[at + k - from] !== s.charCodeAt(k)) return false;
    return true;
  }
  hash(i: number, h: number): number {
    if (!this.ascii) return hashString(this.get(i), h);
    const b = this.bytes;
    for (let k = this.start(i), end = this.end(i); k < end; k++) h = Math.imul(h ^ b[k]!, FNV_PRIME);
    return h;
  }
  /** Strings as an array (for callers that want them all). */
  toArray(): string[] {
    const out = new Array<string>(this.length);
    for (let i = 0; i < this.length; i++) out[i] = this.get(i);
    return out;
  }
}

/** Every `stride`-th value of a column from `offset` (tuples of strings stored as one flat column). */
export class StridedColumn implements StrColumn {
  readonly length: number;
  constructor(
    private readonly flat: StrColumn,
    private readonly stride: number,
    private readonly offset: number,
  ) {
    this.length = Math.floor(flat.length / stride);
  }
  get(i: number): string {
    return this.flat.get(i * this.stride + this.offset);
  }
  equals(i: number, s: string): boolean {
    return this.flat.equals(i * this.stride + this.offset, s);
  }
  equalsPart(i: number, s: string, from: number, to: number): boolean {
    return this.flat.equalsPart(i * this.stride + this.offset, s, from, to);
  }
  hash(i: number, h: number): number {
    return this.flat.hash(i * this.stride + this.offset, h);
  }
}

export const EMPTY_COLUMN: StrColumn = new ArrayColumn([]);

/** A column from whatever the decoder gave (a column, a plain array, or nothing for an empty list). */
export function asStrColumn(v: unknown): StrColumn {
  if (v === undefined || v === null) return EMPTY_COLUMN;
  if (Array.isArray(v)) return new ArrayColumn(v as string[]);
  return v as StrColumn;
}

/** The values at `rows` of a column, in the column's own form (no string per value for dictionary and packed columns). */
export function gather(col: StrColumn, rows: ArrayLike<number>): StrColumn {
  const n = rows.length;
  if (col instanceof DictColumn) {
    const ids = idArrayFor(n, col.dict.length);
    for (let k = 0; k < n; k++) ids[k] = col.ids[rows[k]!]!;
    return new DictColumn(col.dict, ids);
  }
  if (col instanceof PackedColumn) {
    let size = 0;
    for (let k = 0; k < n; k++) size += col.end(rows[k]!) - col.start(rows[k]!);
    const bytes = Buffer.allocUnsafe(size);
    const ends = col.width > 0 ? undefined : new Uint32Array(n);
    let at = 0;
    for (let k = 0; k < n; k++) {
      at += col.bytes.copy(bytes, at, col.start(rows[k]!), col.end(rows[k]!));
      if (ends) ends[k] = at;
    }
    return new PackedColumn(bytes, n, col.width, ends, col.ascii);
  }
  return new ArrayColumn(Array.from(rows, (r) => col.get(r)));
}

/** Smallest unsigned array for ids below `max`. */
export function idArrayFor(n: number, max: number): IdArray {
  return max <= 0x100 ? new Uint8Array(n) : max <= 0x10000 ? new Uint16Array(n) : new Uint32Array(n);
}

import { DictColumn, PackedColumn, type IdArray, type StrColumn } from './columns.ts';

/**
 * Growable compact columns for step 1's facts: a 100 MB CDHDR file has 1.67 M change documents,
 * and a JS string (plus an array slot) per cell costs hundreds of MB on the thread that merges
 * the parts. Few-valued columns (users, dates, times, codes) keep each distinct value once and an
 * id per row; mostly distinct ones (object ids, change numbers, activity texts) keep UTF-8 bytes
 * and end offsets. Both cross threads as plain typed arrays (`toPlain`/`fromPlain`) and are written
 * by the facts codec as they are (`column()`).
 */

export const START = 1024;

export function grown<T extends NumArray | IdArray | Int32Array>(a: T, need: number): T {
  let size = a.length * 2;
  while (size < need) size *= 2;
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/** `a` with room for `size` values (same type), when it has less. */
export function resized<T extends NumArray | IdArray | Int32Array>(a: T, size: number): T {
  if (size <= a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(size);
  b.set(a);
  return b;
}

/** An id array as wide as ids up to `max` need, holding `from`'s first n ids. */
function widened(from: IdArray, n: number, max: number): IdArray {
  const limit = from.BYTES_PER_ELEMENT === 1 ? 0x100 : from.BYTES_PER_ELEMENT === 2 ? 0x10000 : Infinity;
  if (max <= limit) return from;
  const to = max <= 0x10000 ? new Uint16Array(from.length) : new Uint32Array(from.length);
  to.set(from.subarray(0, n));
  return to;
}

/** Distinct values once, an id per row: 8 bits wide while the dictionary allows, widened as it grows. */
export class DictColumnBuilder {
  private readonly index = new Map<string, number>();
  private ids: IdArray = new Uint8Array(START);
  length = 0;
  // Consecutive rows mostly repeat a value: no hash lookup then.
  private last: string | undefined;
  private lastId = 0;

  constructor(readonly dict: string[] = []) {
    for (let d = 0; d < dict.length; d++) this.index.set(dict[d]!, d);
  }

  private idOf(s: string): number {
    if (s === this.last) return this.lastId;
    let id = this.index.get(s);
    if (id === undefined) {
      this.index.set(s, (id = this.dict.length));
      this.dict.push(s);
      if (id === 0x100 || id === 0x10000) this.ids = widened(this.ids, this.length, id + 1);
    }
    this.last = s;
    this.lastId = id;
    return id;
  }

  push(s: string): void {
    const id = this.idOf(s);
    if (this.length === this.ids.length) this.ids = grown(this.ids, this.length + 1);
    this.ids[this.length++] = id;
  }

  // Ids by the characters of a value (pushSlice): open addressing on FNV-1a of the char codes, -1 empty.
  // A cache over `dict`: every id found here is a dict entry equal to the characters; a miss goes
  // through idOf, so a value has one id however it was pushed.
  private slots: Int32Array | undefined;
  private slotted = 0;

  /**
   * Pushes `text.slice(start, end)` without making that string unless the value is new: step 1
   * keeps a terminal, peer and user per logon (a quarter of an SM20 export's rows), and slicing,
   * hashing and collecting a string per row cost more than the rest of the logon.
   */
  pushSlice(text: string, start: number, end: number): void {
    // Comparisons and hash written out: the CLI's V8 flags leave little inlining budget for helpers.
    const n = end - start;
    let id = this.lastId;
    const last = this.last;
    let same = last !== undefined && last.length === n;
    for (let k = 0; same && k < n; k++) same = last!.charCodeAt(k) === text.charCodeAt(start + k);
    if (!same) {
      let h = 0x811c9dc5;
      for (let k = start; k < end; k++) h = Math.imul(h ^ text.charCodeAt(k), 0x01000193);
      const slots = this.slots !== undefined && this.slotted * 2 < this.slots.length ? this.slots : this.rehash();
      const mask = slots.length - 1;
      for (let slot = h & mask; ; slot = (slot + 1) & mask) {
        id = slots[slot]!;
        if (id < 0) {
          id = this.addSlice(text, start, end, slot);
          break;
        }
        const s = this.dict[id]!;
        let found = s.length === n;
        for (let k = 0; found && k < n; k++) found = s.charCodeAt(k) === text.charCodeAt(start + k);
        if (found) {
          this.last = s;
          this.lastId = id;
          break;
        }
      }
    }
    if (this.length === this.ids.length) this.ids = grown(this.ids, this.length + 1);
    this.ids[this.length++] = id;
  }

  /** A value not in the slot table (maybe in the dictionary, pushed as a string): its id, now in `slot`. */
  private addSlice(text: string, start: number, end: number, slot: number): number {
    const id = this.idOf(text.slice(start, end));
    this.slots![slot] = id;
    this.slotted++;
    return id;
  }

  /** A slot table with room for the whole dictionary (and as much again), every entry in it. */
  private rehash(): Int32Array {
    let size = 64;
    while (size < this.dict.length * 4) size *= 2;
    const slots = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let id = 0; id < this.dict.length; id++) {
      const s = this.dict[id]!;
      let h = 0x811c9dc5;
      for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
      let slot = h & mask;
      while (slots[slot]! >= 0) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slotted = this.dict.length;
    this.slots = slots;
    return slots;
  }

  get(i: number): string {
    return this.dict[this.ids[i]!]!;
  }

  /** Dictionary id of row i (an index into `dict`). */
  idAt(i: number): number {
    return this.ids[i]!;
  }

  /** Room for `factor` times the present rows (a merge that knows how many parts come): no doubling, no slack. */
  reserve(factor: number): void {
    this.ids = resized(this.ids, Math.ceil(this.length * factor));
  }

  /** Appends another builder's rows (its ids mapped onto this dictionary). */
  append(other: DictColumnBuilder): void {
    const map = other.dict.map((s) => this.idOf(s));
    const n = other.length;
    if (this.length + n > this.ids.length) this.ids = grown(this.ids, this.length + n);
    const from = other.ids;
    const ids = this.ids;
    for (let i = 0; i < n; i++) ids[this.length + i] = map[from[i]!]!;
    this.length += n;
  }

  column(): StrColumn {
    return new DictColumn(this.dict, this.ids.subarray(0, this.length));
  }

  toPlain(): PlainDict {
    return { dict: this.dict, ids: this.ids.slice(0, this.length) };
  }

  static fromPlain(p: PlainDict): DictColumnBuilder {
    const b = new DictColumnBuilder(p.dict);
    b.length = p.ids.length;
    b.ids = widened(p.ids.length > 0 ? p.ids : new Uint8Array(START), b.length, p.dict.length);
    return b;
  }
}

export interface PlainDict {
  dict: string[];
  ids: IdArray;
}

/** Mostly distinct strings as UTF-8 bytes and end offsets. */
export class PackedColumnBuilder {
  private bytes: Buffer = Buffer.allocUnsafe(START * 16);
  private ends: Uint32Array = new Uint32Array(START);
  private size = 0;
  length = 0;
  private ascii = true;

  push(s: string): void {
    this.write(s);
    this.endValue();
  }

  /** Appends `parts` joined by `sep` as one value (a composite key without building its string). */
  pushJoined(parts: readonly string[], sep: string): void {
    for (let i = 0; i < parts.length; i++) {
      if (i > 0) this.write(sep);
      this.write(parts[i]!);
    }
    this.endValue();
  }

  private write(s: string): void {
    const n = s.length;
    if (this.size + 3 * n > this.bytes.length) this.growBytes(this.size + 3 * n);
    const b = this.bytes;
    let at = this.size;
    let k = 0;
    for (; k < n; k++) {
      const c = s.charCodeAt(k);
      if (c >= 0x80) break;
      b[at++] = c;
    }
    if (k < n) {
      at = this.size + b.write(s, this.size, 'utf8');
      this.ascii = false;
    }
    this.size = at;
  }

  private endValue(): void {
    if (this.length === this.ends.length) this.ends = grown(this.ends, this.length + 1);
    this.ends[this.length++] = this.size;
  }

  reserve(factor: number): void {
    this.ends = resized(this.ends, Math.ceil(this.length * factor));
    const bytes = Math.ceil(this.size * factor);
    if (bytes > this.bytes.length) {
      const b = Buffer.allocUnsafe(bytes);
      this.bytes.copy(b, 0, 0, this.size);
      this.bytes = b;
    }
  }

  private growBytes(need: number): void {
    let size = this.bytes.length * 2;
    while (size < need) size *= 2;
    const b = Buffer.allocUnsafe(size);
    this.bytes.copy(b, 0, 0, this.size);
    this.bytes = b;
  }

  get(i: number): string {
    return this.bytes.toString(this.ascii ? 'latin1' : 'utf8', i === 0 ? 0 : this.ends[i - 1]!, this.ends[i]!);
  }

  /** Whether every value is ASCII. */
  get isAscii(): boolean {
    return this.ascii;
  }

  /** Byte length of value i. */
  byteLength(i: number): number {
    return this.ends[i]! - (i === 0 ? 0 : this.ends[i - 1]!);
  }

  /** The first (`last` false) or last byte of value i; -1 when it is empty. */
  edgeByte(i: number, last: boolean): number {
    const from = i === 0 ? 0 : this.ends[i - 1]!;
    const to = this.ends[i]!;
    return to === from ? -1 : this.bytes[last ? to - 1 : from]!;
  }

  /** Copies value i's bytes into `out` at `at`; returns the end. */
  copyTo(i: number, out: Uint8Array, at: number): number {
    const b = this.bytes;
    for (let k = i === 0 ? 0 : this.ends[i - 1]!, end = this.ends[i]!; k < end; k++) out[at++] = b[k]!;
    return at;
  }

  append(other: PackedColumnBuilder): void {
    const n = other.length;
    if (this.size + other.size > this.bytes.length) this.growBytes(this.size + other.size);
    other.bytes.copy(this.bytes, this.size, 0, other.size);
    if (this.length + n > this.ends.length) this.ends = grown(this.ends, this.length + n);
    for (let i = 0; i < n; i++) this.ends[this.length + i] = other.ends[i]! + this.size;
    this.size += other.size;
    this.length += n;
    this.ascii &&= other.ascii;
  }

  /** Appends value i of another packed builder (its bytes, no string). */
  pushFrom(other: PackedColumnBuilder, i: number): void {
    const from = i === 0 ? 0 : other.ends[i - 1]!;
    const to = other.ends[i]!;
    if (this.size + to - from > this.bytes.length) this.growBytes(this.size + to - from);
    // Values are short (keys, numbers): a loop beats Buffer#copy's call into C++.
    if (to - from <= 64) {
      const src = other.bytes;
      const dst = this.bytes;
      let at = this.size;
      for (let k = from; k < to; k++) dst[at++] = src[k]!;
      this.size = at;
    } else this.size += other.bytes.copy(this.bytes, this.size, from, to);
    this.endValue();
    this.ascii &&= other.ascii;
  }

  /** FNV-1a of value i's bytes. */
  hashAt(i: number): number {
    let h = 0x811c9dc5;
    const b = this.bytes;
    for (let k = i === 0 ? 0 : this.ends[i - 1]!, end = this.ends[i]!; k < end; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
    return h;
  }

  /** Is value i the same bytes as value j of `other`? */
  sameAt(i: number, other: PackedColumnBuilder, j: number): boolean {
    const a = i === 0 ? 0 : this.ends[i - 1]!;
    const b = j === 0 ? 0 : other.ends[j - 1]!;
    const n = this.ends[i]! - a;
    if (other.ends[j]! - b !== n) return false;
    if (n > 64) return this.bytes.compare(other.bytes, b, b + n, a, a + n) === 0;
    const x = this.bytes;
    const y = other.bytes;
    for (let k = 0; k < n; k++) if (x[a + k] !== y[b + k]) return false;
    return true;
  }

  column(): StrColumn {
    const n = this.length;
    const bytes = this.bytes.subarray(0, this.size);
    // One width for all (change numbers usually): no offsets stored.
    const width = n > 0 ? this.ends[0]! : 0;
    let fixed = n > 0;
    for (let i = 1; i < n && fixed; i++) fixed = this.ends[i]! - this.ends[i - 1]! === width;
    return fixed ? new PackedColumn(bytes, n, width, undefined, this.ascii) : new PackedColumn(bytes, n, 0, this.ends.subarray(0, n), this.ascii);
  }

  toPlain(): PlainPacked {
    return { bytes: new Uint8Array(this.bytes.subarray(0, this.size)), ends: this.ends.slice(0, this.length), ascii: this.ascii };
  }

  static fromPlain(p: PlainPacked): PackedColumnBuilder {
    const b = new PackedColumnBuilder();
    if (p.ends.length === 0) return b;
    b.bytes = Buffer.from(p.bytes.buffer, p.bytes.byteOffset, p.bytes.byteLength);
    b.ends = p.ends;
    b.size = p.bytes.byteLength;
    b.length = p.ends.length;
    b.ascii = p.ascii;
    return b;
  }
}

export interface PlainPacked {
  bytes: Uint8Array;
  ends: Uint32Array;
  ascii: boolean;
}

type NumArray = Float64Array | Uint8Array | Uint32Array;

/** Growable numbers (epochs as float64, NaN for none; 0/1 marks as bytes; list lengths as uint32). */
export class NumColumnBuilder<T extends NumArray = NumArray> {
  length = 0;
  constructor(private values: T) {}

  static float64(): NumColumnBuilder<Float64Array> {
    return new NumColumnBuilder(new Float64Array(START));
  }
  static bytes(): NumColumnBuilder<Uint8Array> {
    return new NumColumnBuilder(new Uint8Array(START));
  }
  static uint32(): NumColumnBuilder<Uint32Array> {
    return new NumColumnBuilder(new Uint32Array(START));
  }

  push(v: number): void {
    if (this.length === this.values.length) this.values = grown(this.values, this.length + 1);
    this.values[this.length++] = v;
  }
  get(i: number): number {
    return this.values[i]!;
  }
  reserve(factor: number): void {
    this.values = resized(this.values, Math.ceil(this.length * factor));
  }
  set(i: number, v: number): void {
    this.values[i] = v;
  }
  append(other: NumColumnBuilder<T>): void {
    if (this.length + other.length > this.values.length) this.values = grown(this.values, this.length + other.length);
    this.values.set(other.values.subarray(0, other.length), this.length);
    this.length += other.length;
  }
  column(): T {
    return this.values.subarray(0, this.length) as T;
  }
  toPlain(): T {
    return this.values.slice(0, this.length) as T;
  }
  static fromPlain<T extends NumArray>(values: T): NumColumnBuilder<T> {
    const b = new NumColumnBuilder(values.length > 0 ? values : (new (values.constructor as new (n: number) => T)(START)));
    b.length = values.length;
    return b;
  }
}

/**
 * Distinct keys kept in a packed column, found by their bytes (open addressing on FNV-1a): the
 * merge of a large file's parts needs no string, nor Map entry, per key.
 */
export class PackedKeySet {
  readonly keys = new PackedColumnBuilder();
  private table = new Int32Array(1024).fill(-1);

  /** Index of the key equal to value i of `from`, adding it when new; `added` tells which. */
  indexOf(from: PackedColumnBuilder, i: number): { at: number; added: boolean } {
    if (this.keys.length * 2 >= this.table.length) this.rehash();
    const mask = this.table.length - 1;
    for (let slot = from.hashAt(i) & mask; ; slot = (slot + 1) & mask) {
      const at = this.table[slot]!;
      if (at < 0) {
        this.table[slot] = this.keys.length;
        this.keys.pushFrom(from, i);
        return { at: this.keys.length - 1, added: true };
      }
      if (this.keys.sameAt(at, from, i)) return { at, added: false };
    }
  }

  private rehash(): void {
    this.table = new Int32Array(this.table.length * 2).fill(-1);
    const mask = this.table.length - 1;
    for (let at = 0; at < this.keys.length; at++) {
      let slot = this.keys.hashAt(at) & mask;
      while (this.table[slot]! >= 0) slot = (slot + 1) & mask;
      this.table[slot] = at;
    }
  }
}

import { ArrayColumn, DictColumn, idArrayFor, PackedColumn, type IdArray, type StrColumn } from './columns.ts';
import { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder } from './column-builders.ts';
import { TimeColumnBuilder } from './time-column-builder.ts';
import type { Workspace } from '../workspace/index.ts';

/**
 * Compact encoding of a file's facts in the workspace. Facts of a 100 MB file hold millions of
 * short strings (users, dates, change numbers) and numbers; as JSON they cost seconds to parse
 * and a fresh string per cell. Here arrays are stored column by column: repeated strings as a
 * dictionary plus 8/16/32-bit ids, mostly distinct strings as packed UTF-8 bytes, numbers as
 * raw float64 (or bytes when they are all small integers).
 *
 * Layout, written and read as a stream: one section per top-level key: [u32 length][key], its
 * frames [u32 length][bytes] (written as each column is encoded, so a writer holds one column's
 * bytes at a time), then [u32 0xFFFFFFFF][u32 length][JSON node]; the node (below) refers to its
 * section's frames by number. A reader skips a key's frames without keeping them, so memory
 * stays bounded by what is decoded.
 *
 * Two ways to read: `plain` gives back the JSON-shaped value that was written; `compact` keeps
 * columns compact for the correlation step (DictColumn/PackedColumn, typed arrays, rows as
 * columns; see facts/compact-facts.ts).
 */
type Node =
  | { k: 'json'; f: number }
  | { k: 'dict'; n: number; dict: number; idx: number; w: 1 | 2 | 4 }
  | { k: 'packed'; n: number; bytes: number; width: number; ends?: number; ascii?: boolean }
  | { k: 'num'; n: number; data: number; nulls?: number }
  | { k: 'u8'; n: number; data: number }
  | { k: 'strs'; n: number; lens: number; flat: Node }
  | { k: 'rows'; n: number; arity: number; cols: Node[] }
  | { k: 'cols'; props: [string, Node][] };

export type DecodeMode = 'plain' | 'compact';
/** Top-level keys not to decode: a set, or a test. */
export type Skip = ReadonlySet<string> | ((key: string) => boolean);

/** Rows (arrays of equal-length tuples) in compact mode: one column per tuple position. */
export interface CompactRows {
  n: number;
  cols: unknown[];
}

/** An array of string lists (ticket users) in compact mode. */
export interface CompactLists {
  lens: Uint32Array;
  flat: unknown;
}

class FrameWriter {
  private pending: Buffer[] = [];
  private count = 0;
  add(bytes: Buffer | ArrayBufferView): number {
    const b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pending.push(lengthPrefix(b.length), b);
    return this.count++;
  }
  /** Starts a frame of `length` bytes, given later piece by piece with `more` (nothing else added in between). */
  begin(length: number): number {
    this.pending.push(lengthPrefix(length));
    return this.count++;
  }
  more(bytes: Buffer): void {
    this.pending.push(bytes);
  }
  /** The frames added since the last drain, length-prefixed, ready to write. */
  drain(): Buffer[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }
  json(value: unknown): number {
    return this.add(Buffer.from(JSON.stringify(value), 'utf8'));
  }
}

const isStr = (v: unknown) => typeof v === 'string';
const isNumOrNull = (v: unknown) => v === null || typeof v === 'number';
const isStrArray = (v: unknown) => Array.isArray(v) && v.every(isStr);

function every(values: readonly unknown[], test: (v: unknown) => boolean): boolean {
  for (let i = 0; i < values.length; i++) if (!test(values[i])) return false;
  return true;
}

/** Distinct values among the first twice as many that make a column "mostly distinct". */
const MOSTLY_DISTINCT = 4096;
/** A larger dictionary is kept only while it stays under a quarter of the values. */
const LARGE_DICT = 65536;

function encodeStrings(w: FrameWriter, values: readonly string[]): Node {
  const ids = new Map<string, number>();
  const dict: string[] = [];
  const idx = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let id = ids.get(v);
    if (id === undefined) {
      ids.set(v, (id = dict.length));
      dict.push(v);
      // Mostly distinct values (change numbers, object ids): a dictionary only costs hashing.
      if ((dict.length === MOSTLY_DISTINCT && i < 2 * MOSTLY_DISTINCT) || (dict.length > LARGE_DICT && dict.length * 4 > i)) return encodePacked(w, values);
    }
    idx[i] = id;
  }
  const narrow = idArrayFor(values.length, dict.length);
  narrow.set(idx);
  return { k: 'dict', n: values.length, dict: w.json(dict), idx: w.add(narrow), w: narrow.BYTES_PER_ELEMENT as 1 | 2 | 4 };
}

function encodePacked(w: FrameWriter, values: readonly string[]): Node {
  const p = PackedColumn.fromStrings(values);
  return { k: 'packed', n: values.length, bytes: w.add(p.bytes), width: p.width, ascii: p.ascii, ...(p.ends ? { ends: w.add(p.ends) } : {}) };
}

/**
 * Rows kept column by column (step 1's collected facts): written as the 'rows' node that the same
 * rows as tuples give, so both read back alike.
 */
export class RowColumns {
  constructor(
    readonly n: number,
    readonly cols: readonly unknown[],
  ) {}
}

/** String lists (change numbers per user-day) as their lengths and one flat column: written as the 'strs' node the lists give. */
export class StrListColumn {
  constructor(
    readonly lens: Uint32Array,
    readonly flat: unknown,
  ) {}
}

/**
 * Strings made only while they are written (texts derived from other columns), as UTF-8 bytes:
 * `length(i)` is value i's byte length and `write(i, out, at)` puts its bytes at `at` and returns
 * the end. Written as a 'packed' node, its bytes in pieces of a few MB, so the whole column is
 * never held, and no string is made for a value that can be copied as bytes.
 */
export class DerivedBytes {
  constructor(
    readonly n: number,
    readonly ascii: boolean,
    readonly length: (i: number) => number,
    readonly write: (i: number, out: Buffer, at: number) => number,
  ) {}
}

const PIECE_BYTES = 4 << 20;

function* encodeDerived(w: FrameWriter, d: DerivedBytes): Generator<void, Node> {
  const ends = new Uint32Array(d.n);
  let at = 0;
  for (let i = 0; i < d.n; i++) ends[i] = at += d.length(i);
  const bytes = w.begin(at);
  let piece = Buffer.allocUnsafe(PIECE_BYTES);
  let used = 0;
  for (let i = 0; i < d.n; i++) {
    const len = ends[i]! - (i === 0 ? 0 : ends[i - 1]!);
    if (used + len > piece.length) {
      w.more(piece.subarray(0, used));
      yield;
      piece = Buffer.allocUnsafe(Math.max(PIECE_BYTES, len));
      used = 0;
    }
    const end = d.write(i, piece, used);
    if (end !== used + len) throw new Error(`facts: derived value ${i} wrote ${end - used} bytes where ${len} were announced`);
    used = end;
  }
  w.more(piece.subarray(0, used));
  yield;
  return { k: 'packed', n: d.n, bytes, width: 0, ascii: d.ascii, ends: w.add(ends) };
}

const isBuilder = (v: unknown) => v instanceof DictColumnBuilder || v instanceof PackedColumnBuilder || v instanceof NumColumnBuilder || v instanceof TimeColumnBuilder;
const isTyped = (v: unknown) => v instanceof Uint8Array || v instanceof Float64Array;

/** Encodes an array; yields after each column so a writer can flush its frames (bounded memory). */
function* encodeArray(w: FrameWriter, values: readonly unknown[] | StrColumn | ArrayLike<number> | DictColumnBuilder | PackedColumnBuilder | NumColumnBuilder | RowColumns | StrListColumn | DerivedBytes): Generator<void, Node> {
  if (values instanceof RowColumns) return yield* encodeRowColumns(w, values);
  if (values instanceof DerivedBytes) return values.n === 0 ? { k: 'json', f: w.json([]) } : yield* encodeDerived(w, values);
  if (values instanceof StrListColumn) {
    const flat = values.flat as { length: number };
    return { k: 'strs', n: values.lens.length, lens: w.add(values.lens), flat: flat.length > 0 ? yield* encodeArray(w, flat as unknown[]) : { k: 'json', f: w.json([]) } };
  }
  if (isBuilder(values)) values = (values as DictColumnBuilder | PackedColumnBuilder | NumColumnBuilder | TimeColumnBuilder).column();
  if (values.length === 0 && !Array.isArray(values)) values = [];
  if (values instanceof Uint8Array) return { k: 'u8', n: values.length, data: w.add(values) };
  if (values instanceof Uint32Array) {
    const small = values.every((v) => v <= 255);
    return small ? { k: 'u8', n: values.length, data: w.add(Uint8Array.from(values)) } : { k: 'num', n: values.length, data: w.add(Float64Array.from(values)) };
  }
  if (values instanceof Float64Array) {
    // NaN stands for null (a ticket without a time), as compact readers see it.
    let nulls: Uint8Array | undefined;
    for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) (nulls ??= new Uint8Array(values.length))[i] = 1;
    return { k: 'num', n: values.length, data: w.add(values), ...(nulls ? { nulls: w.add(nulls) } : {}) };
  }
  if (!Array.isArray(values)) {
    yield;
    return encodeColumn(w, values as StrColumn);
  }
  const n = values.length;
  if (n > 0 && every(values, isStr)) {
    const node = encodeStrings(w, values as string[]);
    yield;
    return node;
  }
  if (n > 0 && every(values, isNumOrNull)) {
    if (every(values, (v) => typeof v === 'number' && (v & 255) === v && !Object.is(v, -0))) return { k: 'u8', n, data: w.add(Uint8Array.from(values as number[])) };
    const data = new Float64Array(n);
    let nulls: Uint8Array | undefined;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v === null) (nulls ??= new Uint8Array(n))[i] = 1;
      else data[i] = v as number;
    }
    return { k: 'num', n, data: w.add(data), ...(nulls ? { nulls: w.add(nulls) } : {}) };
  }
  if (n > 0 && every(values, isStrArray)) {
    const lens = new Uint32Array(n);
    const flat: string[] = [];
    for (let i = 0; i < n; i++) {
      const a = values[i] as string[];
      lens[i] = a.length;
      for (const s of a) flat.push(s);
    }
    return { k: 'strs', n, lens: w.add(lens), flat: flat.length > 0 ? encodeStrings(w, flat) : { k: 'json', f: w.json([]) } };
  }
  const first = values[0];
  if (n > 0 && Array.isArray(first) && first.length > 0 && every(values, (v) => Array.isArray(v) && v.length === first.length)) {
    const rows = values as unknown[][];
    const cols: Node[] = [];
    for (let c = 0; c < first.length; c++) cols.push(yield* encodeArray(w, rows.map((r) => r[c])));
    return { k: 'rows', n, arity: first.length, cols };
  }
  return { k: 'json', f: w.json(values) };
}

const isColumn = (v: unknown) => v instanceof DictColumn || v instanceof PackedColumn || v instanceof ArrayColumn;

/** A compact column as it is (a dictionary column keeps its ids, a packed one its bytes). */
function encodeColumn(w: FrameWriter, col: StrColumn): Node {
  if (col instanceof DictColumn) {
    const narrow = idArrayFor(col.length, col.dict.length);
    narrow.set(col.ids);
    return { k: 'dict', n: col.length, dict: w.json(col.dict), idx: w.add(narrow), w: narrow.BYTES_PER_ELEMENT as 1 | 2 | 4 };
  }
  if (col instanceof PackedColumn) return { k: 'packed', n: col.length, bytes: w.add(col.bytes), width: col.width, ascii: col.ascii, ...(col.ends ? { ends: w.add(col.ends) } : {}) };
  return col.length > 0 ? encodeStrings(w, (col as ArrayColumn).values) : { k: 'json', f: w.json([]) };
}

function* encodeRowColumns(w: FrameWriter, rows: RowColumns): Generator<void, Node> {
  if (rows.n === 0) return { k: 'json', f: w.json([]) };
  const cols: Node[] = [];
  for (const c of rows.cols) cols.push(yield* encodeArray(w, c as unknown[]));
  return { k: 'rows', n: rows.n, arity: cols.length, cols };
}

const isColumnLike = (v: unknown) => Array.isArray(v) || isColumn(v) || isBuilder(v) || isTyped(v) || v instanceof RowColumns;

function* encodeValue(w: FrameWriter, value: unknown): Generator<void, Node> {
  if (value instanceof RowColumns) return yield* encodeRowColumns(w, value);
  if (isColumnLike(value)) return yield* encodeArray(w, value as unknown[]);
  if (value !== null && typeof value === 'object' && Object.values(value).length > 0 && Object.values(value).every(isColumnLike)) {
    const props: [string, Node][] = [];
    for (const [p, v] of Object.entries(value)) props.push([p, yield* encodeArray(w, v as unknown[])]);
    return { k: 'cols', props };
  }
  return { k: 'json', f: w.json(value) };
}

function lengthPrefix(n: number): Buffer {
  const len = Buffer.allocUnsafe(4);
  len.writeUInt32LE(n, 0);
  return len;
}

/** Frame length marking the end of a section's frames (frames are far below 4 GB). */
const END_OF_FRAMES = 0xffffffff;

/** One top-level key as a section, in chunk groups: the key, each column's frames as soon as encoded, then the node. */
function* encodeSection(key: string, value: unknown): Generator<Buffer[]> {
  const keyBytes = Buffer.from(key, 'utf8');
  yield [lengthPrefix(keyBytes.length), keyBytes];
  const w = new FrameWriter();
  const encoding = encodeValue(w, value);
  let step = encoding.next();
  while (!step.done) {
    yield w.drain();
    step = encoding.next();
  }
  yield w.drain();
  const head = Buffer.from(JSON.stringify(step.value), 'utf8');
  yield [lengthPrefix(END_OF_FRAMES), lengthPrefix(head.length), head];
}

/** Encodes an object's top-level keys (see the file comment). */
export function encodeFacts(value: object): Buffer[] {
  const out: Buffer[] = [];
  for (const [key, v] of Object.entries(value)) for (const chunks of encodeSection(key, v)) out.push(...chunks);
  return out;
}

/** Reads exact byte counts from a stream of chunks; frames come back in their own aligned buffers. */
interface ByteSource {
  /** Stops reading (closes the stream). */
  close?(): void;
  /** The next n bytes in a fresh buffer (typed views over it are aligned), or undefined at a clean end. */
  take(n: number): Buffer | undefined | Promise<Buffer | undefined>;
  skip(n: number): void | Promise<void>;
}

function bufferSource(bytes: Buffer): ByteSource {
  let at = 0;
  return {
    take(n) {
      if (at === bytes.length) return undefined;
      if (at + n > bytes.length) throw new Error('facts: truncated frame');
      const copy = Buffer.from(new ArrayBuffer(n));
      bytes.copy(copy, 0, at, at + n);
      at += n;
      return copy;
    },
    skip(n) {
      if (at + n > bytes.length) throw new Error('facts: truncated frame');
      at += n;
    },
  };
}

function streamSource(chunks: AsyncIterable<Uint8Array>): ByteSource {
  const it = chunks[Symbol.asyncIterator]();
  let cur: Buffer = Buffer.alloc(0);
  let pos = 0;
  const more = async (): Promise<boolean> => {
    const r = await it.next();
    if (r.done) return false;
    const c = r.value;
    cur = Buffer.isBuffer(c) ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength);
    pos = 0;
    return true;
  };
  return {
    close: () => void it.return?.(),
    async take(n) {
      if (pos === cur.length && !(await more())) return undefined;
      const out = Buffer.from(new ArrayBuffer(n));
      let filled = 0;
      while (filled < n) {
        if (pos === cur.length && !(await more())) throw new Error('facts: truncated frame');
        const k = Math.min(n - filled, cur.length - pos);
        cur.copy(out, filled, pos, pos + k);
        filled += k;
        pos += k;
      }
      return out;
    },
    async skip(n) {
      let left = n;
      while (left > 0) {
        if (pos === cur.length && !(await more())) throw new Error('facts: truncated frame');
        const k = Math.min(left, cur.length - pos);
        pos += k;
        left -= k;
      }
    },
  };
}

function decodeNode(node: Node, frames: Buffer[], mode: DecodeMode): unknown {
  const json = (f: number): unknown => JSON.parse(frames[f]!.toString('utf8'));
  const view = <T>(f: number, make: (b: ArrayBuffer, off: number, n: number) => T, bytes: number): T => {
    const b = frames[f]!;
    return make(b.buffer as ArrayBuffer, b.byteOffset, b.length / bytes);
  };
  switch (node.k) {
    case 'json': {
      const v = json(node.f);
      // Compact readers see rows as columns whatever their encoding.
      if (mode === 'compact' && Array.isArray(v) && v.length > 0 && v.every(Array.isArray)) {
        const arity = (v[0] as unknown[]).length;
        return { n: v.length, cols: Array.from({ length: arity }, (_, c) => v.map((r: unknown[]) => r[c])) } satisfies CompactRows;
      }
      return v;
    }
    case 'dict': {
      const dict = json(node.dict) as string[];
      const ids: IdArray =
        node.w === 1 ? view(node.idx, (b, o, n) => new Uint8Array(b, o, n), 1) : node.w === 2 ? view(node.idx, (b, o, n) => new Uint16Array(b, o, n), 2) : view(node.idx, (b, o, n) => new Uint32Array(b, o, n), 4);
      if (mode === 'compact') return new DictColumn(dict, ids);
      const out = new Array<string>(node.n);
      for (let i = 0; i < node.n; i++) out[i] = dict[ids[i]!]!;
      return out;
    }
    case 'packed': {
      const ends = node.ends === undefined ? undefined : view(node.ends, (b, o, n) => new Uint32Array(b, o, n), 4);
      const col = new PackedColumn(frames[node.bytes]!, node.n, node.width, ends, node.ascii);
      return mode === 'compact' ? col : col.toArray();
    }
    case 'u8': {
      const data = frames[node.data]!;
      if (mode === 'compact') return new Uint8Array(data.buffer, data.byteOffset, node.n);
      return Array.from(data.subarray(0, node.n));
    }
    case 'num': {
      const data = view(node.data, (b, o, n) => new Float64Array(b, o, n), 8);
      const nulls = node.nulls === undefined ? undefined : frames[node.nulls]!;
      if (mode === 'compact') {
        if (nulls) for (let i = 0; i < node.n; i++) if (nulls[i]) data[i] = Number.NaN;
        return data;
      }
      const out = new Array<number | null>(node.n);
      for (let i = 0; i < node.n; i++) out[i] = nulls && nulls[i] ? null : data[i]!;
      return out;
    }
    case 'strs': {
      const lens = view(node.lens, (b, o, n) => new Uint32Array(b, o, n), 4);
      const flat = decodeNode(node.flat, frames, mode);
      if (mode === 'compact') return { lens, flat } satisfies CompactLists;
      const all = flat as string[];
      const out: string[][] = [];
      let at = 0;
      for (let i = 0; i < node.n; i++) {
        out.push(all.slice(at, at + lens[i]!));
        at += lens[i]!;
      }
      return out;
    }
    case 'rows': {
      const cols = node.cols.map((c) => decodeNode(c, frames, mode));
      if (mode === 'compact') return { n: node.n, cols } satisfies CompactRows;
      const out: unknown[][] = [];
      for (let i = 0; i < node.n; i++) {
        const row: unknown[] = [];
        for (let c = 0; c < node.arity; c++) row.push((cols[c] as unknown[])[i]);
        out.push(row);
      }
      return out;
    }
    case 'cols':
      return Object.fromEntries(node.props.map(([p, n]) => [p, decodeNode(n, frames, mode)]));
  }
}

/** The section loop, for a sync (buffer) or async (stream) source. */
function* sections(src: ByteSource, skip: Skip, mode: DecodeMode, out: Record<string, unknown>): Generator<Buffer | undefined | Promise<Buffer | undefined> | void | Promise<void>, void, Buffer | undefined> {
  for (;;) {
    const lenBytes = yield src.take(4);
    if (lenBytes === undefined) return;
    const key = ((yield src.take(lenBytes.readUInt32LE(0))) ?? fail()).toString('utf8');
    const skipped = typeof skip === 'function' ? skip(key) : skip.has(key);
    const frames: Buffer[] = [];
    for (;;) {
      const len = ((yield src.take(4)) ?? fail()).readUInt32LE(0);
      if (len === END_OF_FRAMES) break;
      if (skipped) yield src.skip(len);
      else frames.push(len === 0 ? Buffer.alloc(0) : ((yield src.take(len)) ?? fail()));
    }
    const headLen = ((yield src.take(4)) ?? fail()).readUInt32LE(0);
    const head = (yield src.take(headLen)) ?? fail();
    if (!skipped) out[key] = decodeNode(JSON.parse(head.toString('utf8')) as Node, frames, mode);
  }
}

function fail(): never {
  throw new Error('facts: truncated frame');
}

/** Decodes what encodeFacts wrote; keys in `skip` are left out. */
export function decodeFacts<T>(bytes: Buffer, skip: Skip = new Set(), mode: DecodeMode = 'plain'): T {
  const out: Record<string, unknown> = {};
  const run = sections(bufferSource(bytes), skip, mode, out);
  let step = run.next();
  while (!step.done) step = run.next(step.value as Buffer | undefined);
  return out as T;
}

/** Writes facts to the workspace in the compact encoding, one key at a time. */
export async function writeFacts(ws: Workspace, name: string, value: object): Promise<void> {
  const sink = ws.write(name);
  for (const [key, v] of Object.entries(value)) for (const chunks of encodeSection(key, v)) for (const chunk of chunks) await sink.write(chunk);
  await sink.end();
}

/**
 * Reads facts written by writeFacts as a stream; undefined when the entry does not exist.
 * `stopAfter`: keys after which reading may stop once all of them are decoded.
 */
export async function readFacts<T>(ws: Workspace, name: string, skip: Skip = new Set(), mode: DecodeMode = 'plain', stopAfter?: readonly string[]): Promise<T | undefined> {
  const out: Record<string, unknown> = {};
  try {
    const src = streamSource(ws.read(name));
    const run = sections(src, skip, mode, out);
    let step = run.next();
    while (!step.done) {
      // All the keys the caller wants are read: the rest of the stream is not (the shape keys come first).
      if (stopAfter && stopAfter.every((k) => k in out)) {
        src.close?.();
        break;
      }
      step = run.next((await step.value) as Buffer | undefined);
    }
  } catch (e) {
    const err = e as { code?: string; name?: string };
    if (err.code === 'ENOENT' || err.name === 'NoSuchKey' || err.code === 'NotFound') return undefined;
    throw e;
  }
  return out as T;
}

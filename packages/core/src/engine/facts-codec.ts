import type { Workspace } from './contract.ts';

/**
 * Compact encoding of a file's facts in the workspace. Facts of a 100 MB file hold millions of
 * short strings (users, dates, change numbers) and numbers; as JSON lines they cost seconds to
 * parse and a fresh string per cell. Here arrays are stored column by column: strings as a
 * dictionary (JSON array of distinct values) plus 32-bit indexes, numbers as raw float64, so
 * reading is a JSON.parse of the distinct values and a typed-array walk, and equal strings
 * come back as one shared string. Top-level keys can be skipped on read (the report step needs
 * only a file's shape).
 *
 * Layout: frames of [u32 byte length][bytes]; frame 0 is a JSON manifest of the top-level keys,
 * each a Node (below) whose frame numbers refer to later frames.
 */
type Node =
  | { k: 'json'; f: number }
  | { k: 'str'; n: number; dict: number; idx: number }
  | { k: 'num'; n: number; data: number; nulls?: number }
  | { k: 'strs'; n: number; lens: number; flat: Node }
  | { k: 'rows'; n: number; arity: number; cols: Node[] }
  | { k: 'cols'; props: [string, Node][] };

class FrameWriter {
  readonly frames: Buffer[] = [];
  add(bytes: Buffer | ArrayBufferView): number {
    this.frames.push(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return this.frames.length; // frame 0 is the manifest, written first
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
      if (dict.length === MOSTLY_DISTINCT && i < 2 * MOSTLY_DISTINCT) return { k: 'json', f: w.json(values) };
    }
    idx[i] = id;
  }
  return { k: 'str', n: values.length, dict: w.json(dict), idx: w.add(idx) };
}

function encodeArray(w: FrameWriter, values: readonly unknown[]): Node {
  const n = values.length;
  if (n > 0 && every(values, isStr)) return encodeStrings(w, values as string[]);
  if (n > 0 && every(values, isNumOrNull)) {
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
    return { k: 'strs', n, lens: w.add(lens), flat: encodeStrings(w, flat) };
  }
  const first = values[0];
  if (n > 0 && Array.isArray(first) && first.length > 0 && every(values, (v) => Array.isArray(v) && v.length === first.length)) {
    const rows = values as unknown[][];
    const cols: Node[] = [];
    for (let c = 0; c < first.length; c++) cols.push(encodeArray(w, rows.map((r) => r[c])));
    return { k: 'rows', n, arity: first.length, cols };
  }
  return { k: 'json', f: w.json(values) };
}

function encodeValue(w: FrameWriter, value: unknown): Node {
  if (Array.isArray(value)) return encodeArray(w, value);
  if (value !== null && typeof value === 'object' && Object.values(value).length > 0 && Object.values(value).every(Array.isArray)) {
    return { k: 'cols', props: Object.entries(value).map(([p, v]) => [p, encodeArray(w, v as unknown[])]) };
  }
  return { k: 'json', f: w.json(value) };
}

/** Encodes an object's top-level keys (see the file comment). */
export function encodeFacts(value: object): Buffer[] {
  const w = new FrameWriter();
  const manifest: [string, Node][] = Object.entries(value).map(([key, v]) => [key, encodeValue(w, v)]);
  const frames = [Buffer.from(JSON.stringify(manifest), 'utf8'), ...w.frames];
  const out: Buffer[] = [];
  for (const f of frames) {
    const len = Buffer.allocUnsafe(4);
    len.writeUInt32LE(f.length, 0);
    out.push(len, f);
  }
  return out;
}

/** Decodes what encodeFacts wrote; keys in `skip` are left out. */
export function decodeFacts<T>(bytes: Buffer, skip: ReadonlySet<string> = new Set()): T {
  const frames: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    if (at + 4 > bytes.length) throw new Error('facts: truncated frame length');
    const len = bytes.readUInt32LE(at);
    if (at + 4 + len > bytes.length) throw new Error('facts: truncated frame');
    frames.push(bytes.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  if (frames.length === 0) throw new Error('facts: empty');
  // Typed views need aligned memory: copy the frame into its own buffer.
  const aligned = (f: number) => {
    const b = frames[f]!;
    const copy = new Uint8Array(b.length);
    copy.set(b);
    return copy.buffer;
  };
  const json = (f: number): unknown => JSON.parse(frames[f]!.toString('utf8'));
  const decode = (node: Node): unknown => {
    switch (node.k) {
      case 'json':
        return json(node.f);
      case 'str': {
        const dict = json(node.dict) as string[];
        const idx = new Uint32Array(aligned(node.idx), 0, node.n);
        const out: string[] = [];
        for (let i = 0; i < node.n; i++) out.push(dict[idx[i]!]!);
        return out;
      }
      case 'num': {
        const data = new Float64Array(aligned(node.data), 0, node.n);
        const nulls = node.nulls === undefined ? undefined : frames[node.nulls]!;
        const out: (number | null)[] = [];
        for (let i = 0; i < node.n; i++) out.push(nulls && nulls[i] ? null : data[i]!);
        return out;
      }
      case 'strs': {
        const lens = new Uint32Array(aligned(node.lens), 0, node.n);
        const flat = decode(node.flat) as string[];
        const out: string[][] = [];
        let at = 0;
        for (let i = 0; i < node.n; i++) {
          out.push(flat.slice(at, at + lens[i]!));
          at += lens[i]!;
        }
        return out;
      }
      case 'rows': {
        const cols = node.cols.map((c) => decode(c) as unknown[]);
        const out: unknown[][] = [];
        for (let i = 0; i < node.n; i++) {
          const row: unknown[] = [];
          for (let c = 0; c < node.arity; c++) row.push(cols[c]![i]);
          out.push(row);
        }
        return out;
      }
      case 'cols':
        return Object.fromEntries(node.props.map(([p, n]) => [p, decode(n)]));
    }
  };
  const manifest = json(0) as [string, Node][];
  const out: Record<string, unknown> = {};
  for (const [key, node] of manifest) if (!skip.has(key)) out[key] = decode(node);
  return out as T;
}

/** Writes facts to the workspace in the compact encoding. */
export async function writeFacts(ws: Workspace, name: string, value: object): Promise<void> {
  const sink = ws.write(name);
  for (const chunk of encodeFacts(value)) await sink.write(chunk);
  await sink.end();
}

/** Reads facts written by writeFacts; undefined when the entry does not exist. */
export async function readFacts<T>(ws: Workspace, name: string, skip?: ReadonlySet<string>): Promise<T | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const c of ws.read(name)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c.buffer, c.byteOffset, c.byteLength));
  } catch (e) {
    const err = e as { code?: string; name?: string };
    if (err.code === 'ENOENT' || err.name === 'NoSuchKey' || err.code === 'NotFound') return undefined;
    throw e;
  }
  return decodeFacts<T>(Buffer.concat(chunks), skip);
}

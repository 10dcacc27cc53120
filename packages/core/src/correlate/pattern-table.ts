import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import { patternRuleId } from '../rules/index.ts';

/** Risk levels by rank: the table stores a pattern's risk as its index here. */
export const RISK_LEVELS = ['critical', 'high', 'medium', 'low'] as const satisfies readonly SuspiciousPattern['risk_level'][];
export const RISK_RANK: Record<SuspiciousPattern['risk_level'], number> = { critical: 0, high: 1, medium: 2, low: 3 };

/** Above this many patterns, `asArray` gives a read-only view that makes each pattern when read (no object per pattern held). */
export const LAZY_PATTERNS_FROM = 50_000;

/**
 * Every pattern of an analysis as typed columns, in the listed order (critical first, then high,
 * medium, low; by time within each): kind, risk, user (an index into `users`), epoch, and the
 * activity texts as UTF-8 bytes. An analysis can have millions of patterns: as objects they cost
 * hundreds of bytes each and keep the collector busy; here they cost about 20 bytes plus their
 * activity text, and a pattern object exists only while it is read.
 */
export class PatternTable {
  private readonly bufs: Buffer[];
  private dayOf = Number.NaN;
  private window = '';
  private winStart = 0;
  private winFrom = 0;
  private winTo = 0;
  private lastRead = -2;
  private dayText = '';

  constructor(
    readonly kinds: readonly PatternName[],
    readonly users: readonly string[],
    readonly kind: Uint8Array,
    readonly risk: Uint8Array,
    readonly user: Uint32Array,
    readonly epoch: Float64Array,
    readonly texts: ActivityTexts,
  ) {
    this.bufs = texts.segments.map((t) => Buffer.from(t.buffer, t.byteOffset, t.byteLength));
  }

  get count(): number {
    return this.kind.length;
  }

  kindName(i: number): PatternName {
    return this.kinds[this.kind[i]!]!;
  }

  riskLevel(i: number): SuspiciousPattern['risk_level'] {
    return RISK_LEVELS[this.risk[i]!]!;
  }

  userName(i: number): string {
    return this.users[this.user[i]!]!;
  }

  /**
   * Activity i. Read in order (the sheet, the JSON), the texts are decoded a window of about 64 KB at
   * a time and cut from it, when the window is ASCII: decoding each text on its own costs a call into
   * the runtime per pattern.
   */
  activity(i: number): string {
    const t = this.texts;
    if (t.seg) return this.bufs[t.seg[i]!]!.toString('utf8', t.starts![i]!, t.ends[i]!);
    const ends = t.ends;
    const start = i === 0 ? 0 : ends[i - 1]!;
    const end = ends[i]!;
    if (i >= this.winFrom && i < this.winTo) {
      this.lastRead = i;
      return this.window.slice(start - this.winStart, end - this.winStart);
    }
    const sequential = i === this.lastRead + 1;
    this.lastRead = i;
    const buf = this.bufs[0]!;
    if (!sequential) return buf.toString('utf8', start, end);
    let to = i + 1;
    while (to < this.count && ends[to]! - start < 65_536) to++;
    const text = buf.toString('latin1', start, ends[to - 1]!);
    // ASCII when no byte has its high bit set: then latin1 and UTF-8 read the same and a character is a byte.
    if (!NON_ASCII.test(text)) {
      this.window = text;
      this.winStart = start;
      this.winFrom = i;
      this.winTo = to;
      return text.slice(0, end - start);
    }
    return buf.toString('utf8', start, end);
  }

  /** "YYYY-MM-DD" of the pattern's epoch (kept between calls: patterns come mostly in time order). */
  day(i: number): string {
    const day = Math.floor(Math.floor(this.epoch[i]!) / 86_400);
    if (day !== this.dayOf) {
      this.dayOf = day;
      this.dayText = new Date(day * 86_400_000).toISOString().slice(0, 10);
    }
    return this.dayText;
  }

  /** "YYYY-MM-DD HH:MM:SS" of the pattern's epoch (formatEpoch's text). */
  time(i: number): string {
    const s = Math.floor(this.epoch[i]!);
    const dayText = this.day(i);
    const r = s - this.dayOf * 86_400;
    const h = Math.floor(r / 3600);
    const m = Math.floor((r % 3600) / 60);
    const sec = r % 60;
    return `${dayText} ${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${sec < 10 ? '0' : ''}${sec}`;
  }

  /**
   * Pattern i as JSON: the bytes of JSON.stringify(get(i)), made without the object (what repeats
   * from pattern to pattern, the kind, risk, rule and user, is written once).
   */
  json(i: number): string {
    const key = this.kind[i]! * RISK_LEVELS.length + this.risk[i]!;
    let head = this.jsonHeads[key];
    if (head === undefined) {
      const pattern = this.kindName(i);
      head = this.jsonHeads[key] = `{"pattern":${JSON.stringify(pattern)},"risk_level":${JSON.stringify(this.riskLevel(i))},"rule":${JSON.stringify(patternRuleId(pattern))},"user":`;
    }
    const u = this.user[i]!;
    const user = this.jsonUsers[u] ?? (this.jsonUsers[u] = JSON.stringify(this.users[u]!));
    return `${head}${user},"sm20_time":"${this.time(i)}","sm20_activity":${JSON.stringify(this.activity(i))}}`;
  }

  private readonly jsonHeads: string[] = [];
  private readonly jsonUsers: string[] = [];

  get(i: number): SuspiciousPattern {
    const pattern = this.kindName(i);
    return { pattern, risk_level: this.riskLevel(i), rule: patternRuleId(pattern), user: this.userName(i), sm20_time: this.time(i), sm20_activity: this.activity(i) };
  }

  /** Every pattern as an object (small tables, tests). */
  toArray(): SuspiciousPattern[] {
    const out: SuspiciousPattern[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.get(i);
    return out;
  }

  /** The patterns of these kinds, as objects (the few that start escalation windows). */
  ofKinds(names: ReadonlySet<string>): SuspiciousPattern[] {
    const wanted = new Uint8Array(this.kinds.length);
    this.kinds.forEach((k, j) => (wanted[j] = names.has(k) ? 1 : 0));
    const out: SuspiciousPattern[] = [];
    for (let i = 0; i < this.count; i++) if (wanted[this.kind[i]!] === 1) out.push(this.get(i));
    return out;
  }

  /**
   * The patterns as an array: a plain one up to `lazyFrom` patterns, else a read-only view that
   * makes pattern i when it is read (index, length, iteration, JSON.stringify and the array methods
   * that do not change the array all work; writing to it throws).
   */
  asArray(lazyFrom = LAZY_PATTERNS_FROM): SuspiciousPattern[] {
    if (this.count < lazyFrom) return this.toArray();
    return lazyArray(this.count, (i) => this.get(i), (i) => this.json(i));
  }

  /** The table as bytes (one header of JSON, then the columns, each 8-byte aligned, then the texts in order), a piece at a time. */
  *encode(): Generator<Uint8Array> {
    const n = this.count;
    const t = this.texts;
    // The texts one after another: their ends as they will lie in the bytes.
    let ends: Float64Array;
    if (t.seg) {
      ends = new Float64Array(n);
      let at = 0;
      for (let i = 0; i < n; i++) ends[i] = at += t.ends[i]! - t.starts![i]!;
    } else ends = t.ends instanceof Float64Array ? t.ends : Float64Array.from(t.ends);
    const textBytes = n === 0 ? 0 : ends[n - 1]!;
    const header = Buffer.from(JSON.stringify({ version: 1, count: n, kinds: this.kinds, users: this.users, text: textBytes }));
    const lead = Buffer.alloc(8);
    const padded = align8(header.byteLength);
    lead.writeUInt32LE(header.byteLength, 0);
    lead.writeUInt32LE(padded, 4);
    yield lead;
    yield header;
    yield new Uint8Array(padded - header.byteLength);
    for (const col of [this.epoch, ends, this.user, this.kind, this.risk] as const) {
      const bytes = new Uint8Array(col.buffer, col.byteOffset, col.byteLength);
      yield bytes;
      yield new Uint8Array(align8(bytes.byteLength) - bytes.byteLength);
    }
    if (!t.seg) {
      yield t.segments[0]!.subarray(0, textBytes);
      return;
    }
    // Gathered from the segments into pieces of about 1 MB.
    let piece = Buffer.allocUnsafe(1 << 20);
    let used = 0;
    for (let i = 0; i < n; i++) {
      const src = t.segments[t.seg[i]!]!;
      const from = t.starts![i]!;
      const length = t.ends[i]! - from;
      if (used + length > piece.length) {
        if (used > 0) yield piece.subarray(0, used);
        piece = Buffer.allocUnsafe(Math.max(1 << 20, length));
        used = 0;
      }
      piece.set(src.subarray(from, from + length), used);
      used += length;
    }
    if (used > 0) yield piece.subarray(0, used);
  }

  /**
   * The table `encode` wrote, read a chunk at a time into one buffer of the table's size (known
   * from its header): no list of chunks and a copy of them both alive (twice the table's size at
   * the end of a large report).
   */
  static async read(chunks: AsyncIterable<Uint8Array>): Promise<PatternTable> {
    let head: Buffer = Buffer.alloc(0);
    let bytes: Uint8Array | undefined;
    let filled = 0;
    for await (const chunk of chunks) {
      if (bytes) {
        if (filled + chunk.byteLength > bytes.byteLength) throw new Error(`pattern table: more than the ${bytes.byteLength} bytes its header announces`);
        bytes.set(chunk, filled);
        filled += chunk.byteLength;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      const total = encodedSize(head);
      if (total === undefined) continue;
      if (head.byteLength > total) throw new Error(`pattern table: more than the ${total} bytes its header announces`);
      bytes = new Uint8Array(total);
      bytes.set(head);
      filled = head.byteLength;
      head = Buffer.alloc(0);
    }
    if (!bytes) throw new Error('pattern table: the bytes end inside the header');
    if (filled !== bytes.byteLength) throw new Error(`pattern table: ${filled} bytes of the ${bytes.byteLength} its header announces`);
    return PatternTable.decode(bytes);
  }

  /** The table `encode` wrote (`bytes` is kept, not copied). */
  static decode(bytes: Uint8Array): PatternTable {
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const length = view.readUInt32LE(0);
    const padded = view.readUInt32LE(4);
    const header = JSON.parse(view.toString('utf8', 8, 8 + length)) as { version: number; count: number; kinds: PatternName[]; users: string[]; text: number };
    if (header.version !== 1) throw new Error(`pattern table: version ${header.version} is not known`);
    const n = header.count;
    // Typed arrays over the bytes need aligned offsets: copy once when the buffer itself is not aligned.
    const base = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
    let at = base.byteOffset + 8 + padded;
    const take = <T>(make: (b: ArrayBufferLike, o: number, n: number) => T, width: number): T => {
      const col = make(base.buffer, at, n);
      at += align8(n * width);
      return col;
    };
    const epoch = take((b, o, k) => new Float64Array(b, o, k), 8);
    const ends = take((b, o, k) => new Float64Array(b, o, k), 8);
    const user = take((b, o, k) => new Uint32Array(b, o, k), 4);
    const kind = take((b, o, k) => new Uint8Array(b, o, k), 1);
    const risk = take((b, o, k) => new Uint8Array(b, o, k), 1);
    const text = new Uint8Array(base.buffer, at, header.text);
    return new PatternTable(header.kinds, header.users, kind, risk, user, epoch, { segments: [text], ends });
  }

  /** A table of these patterns, in the order given (tests, and reports written before the table). */
  static of(patterns: readonly SuspiciousPattern[]): PatternTable {
    const b = new PatternTableBuilder(patterns.length);
    for (const p of patterns) b.push(p.pattern, RISK_RANK[p.risk_level], p.user, Date.parse(`${p.sm20_time.replace(' ', 'T')}Z`) / 1000, p.sm20_activity);
    return b.finish();
  }
}

/**
 * Where the activity texts lie: one after another in one segment (`ends` only: text i ends where
 * text i + 1 starts), or each in a segment of its own choosing (`seg`, `starts`, `ends`), as
 * correlation leaves them (one segment per pattern kind, no copy).
 */
export interface ActivityTexts {
  segments: Uint8Array[];
  seg?: Uint8Array;
  starts?: Uint32Array | Float64Array;
  ends: Uint32Array | Float64Array;
}

const align8 = (n: number) => Math.ceil(n / 8) * 8;
const NON_ASCII = /[\u0080-\u00ff]/;

/** Builds a PatternTable a pattern at a time, in the final order. */
export class PatternTableBuilder {
  private readonly kinds: PatternName[] = [];
  private readonly kindIds = new Map<string, number>();
  private readonly users: string[] = [];
  private readonly userIds = new Map<string, number>();
  private readonly kind: Uint8Array;
  private readonly risk: Uint8Array;
  private readonly user: Uint32Array;
  private readonly epoch: Float64Array;
  private readonly ends: Float64Array;
  private text = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private n = 0;

  constructor(count: number) {
    this.kind = new Uint8Array(count);
    this.risk = new Uint8Array(count);
    this.user = new Uint32Array(count);
    this.epoch = new Float64Array(count);
    this.ends = new Float64Array(count);
  }

  push(name: PatternName, riskRank: number, user: string, epoch: number, activity: string): void {
    let k = this.kindIds.get(name);
    if (k === undefined) {
      k = this.kinds.push(name) - 1;
      if (k > 255) throw new Error('pattern table: more than 256 pattern kinds');
      this.kindIds.set(name, k);
    }
    let u = this.userIds.get(user);
    if (u === undefined) {
      u = this.users.push(user) - 1;
      this.userIds.set(user, u);
    }
    const i = this.n++;
    this.kind[i] = k;
    this.risk[i] = riskRank;
    this.user[i] = u;
    this.epoch[i] = epoch;
    const need = this.used + activity.length * 3;
    if (need > this.text.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.text.length * 2));
      this.text.copy(grown, 0, 0, this.used);
      this.text = grown;
    }
    this.used += this.text.write(activity, this.used, 'utf8');
    this.ends[i] = this.used;
  }

  finish(): PatternTable {
    if (this.n !== this.kind.length) throw new Error(`pattern table: ${this.n} of ${this.kind.length} patterns were pushed`);
    // The text in a buffer of its own size: the growing one can be twice as large.
    const text = new Uint8Array(this.used);
    text.set(this.text.subarray(0, this.used));
    this.text = Buffer.alloc(0);
    return new PatternTable(this.kinds, this.users, this.kind, this.risk, this.user, this.epoch, { segments: [text], ends: this.ends });
  }
}

/** A read-only array of `length` items, item i made by `at(i)` each time it is read. */
/**
 * On a lazy array, the function giving item i as JSON (JSON.stringify's bytes without the item):
 * `(array as any)[ITEM_JSON]?.(i)`. A plain array has none.
 */
export const ITEM_JSON = Symbol.for('sap-analyzer.itemJson');

/** The size of an encoded table from its first bytes (undefined until they hold the whole header). */
function encodedSize(head: Buffer): number | undefined {
  if (head.byteLength < 8) return undefined;
  const length = head.readUInt32LE(0);
  const padded = head.readUInt32LE(4);
  if (head.byteLength < 8 + length) return undefined;
  const header = JSON.parse(head.toString('utf8', 8, 8 + length)) as { count: number; text: number };
  const n = header.count;
  return 8 + padded + 2 * align8(n * 8) + align8(n * 4) + 2 * align8(n) + header.text;
}

export function lazyArray<T>(length: number, at: (i: number) => T, json?: (i: number) => string): T[] {
  const index = (key: string | symbol): number => {
    if (typeof key !== 'string') return -1;
    const i = Number(key);
    return Number.isInteger(i) && i >= 0 && i < length && String(i) === key ? i : -1;
  };
  const refuse = () => {
    throw new TypeError('the patterns are read-only');
  };
  // A holey array of the same length as the target: Array.isArray is true and the methods of Array.prototype apply.
  return new Proxy(new Array<T>(length), {
    get(target, key, receiver) {
      if (key === ITEM_JSON) return json;
      const i = index(key);
      return i >= 0 ? at(i) : Reflect.get(target, key, receiver);
    },
    has(target, key) {
      return index(key) >= 0 || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      const i = index(key);
      // Configurable: a proxy may not report a non-configurable property its target does not have.
      return i >= 0 ? { value: at(i), writable: false, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      const keys: (string | symbol)[] = [];
      for (let i = 0; i < length; i++) keys.push(String(i));
      return keys.concat(Reflect.ownKeys(target));
    },
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
  });
}

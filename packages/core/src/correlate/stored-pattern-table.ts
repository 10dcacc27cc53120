/**
 * A stored pattern table (PatternTable.encode's bytes) read by byte ranges: the header once, then a
 * page of patterns or one user's patterns, without reading the whole table. A large analysis has
 * millions of patterns (121 MB of table, 366 MB as JSON for the 4 x 100 MB bench set): the results
 * page and the user timeline read the few they show (issue 24).
 */
import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import { patternUserKey } from '../model/pattern-fields.ts';
import { PatternTable } from './pattern-table.ts';

/** `length` bytes of the stored table from `start` (a file's or a blob's ranged read). */
export type TableRangeReader = (start: number, length: number) => Promise<Uint8Array>;

const align8 = (n: number) => Math.ceil(n / 8) * 8;
/** User ids read at a time when looking for one user's patterns. */
const USER_SCAN = 1 << 20;
/** One user's patterns closer together than this are read as one range. */
const RUN_GAP = 512;

interface Offsets {
  epoch: number;
  ends: number;
  user: number;
  kind: number;
  risk: number;
  text: number;
}

export class StoredPatternTable {
  private constructor(
    private readonly read: TableRangeReader,
    private readonly kinds: PatternName[],
    private readonly users: string[],
    /** Every pattern of the analysis. */
    readonly total: number,
    private readonly at: Offsets,
  ) {}

  static async open(read: TableRangeReader): Promise<StoredPatternTable> {
    const lead = Buffer.from(await read(0, 8));
    if (lead.byteLength < 8) throw new Error('pattern table: shorter than its lead');
    const length = lead.readUInt32LE(0);
    const padded = lead.readUInt32LE(4);
    const header = JSON.parse(Buffer.from(await read(8, length)).toString('utf8')) as { version: number; count: number; kinds: PatternName[]; users: string[] };
    if (header.version !== 1) throw new Error(`pattern table: version ${header.version} is not known`);
    const n = header.count;
    // The columns in encode's order, each 8-byte aligned, then the texts.
    const epoch = 8 + padded;
    const ends = epoch + align8(n * 8);
    const user = ends + align8(n * 8);
    const kind = user + align8(n * 4);
    const risk = kind + align8(n);
    const text = risk + align8(n);
    return new StoredPatternTable(read, header.kinds, header.users, n, { epoch, ends, user, kind, risk, text });
  }

  /** Bytes of a column, in a buffer of their own (typed arrays need aligned offsets; a ranged read's need not be). */
  private async bytes(start: number, length: number): Promise<ArrayBuffer> {
    if (length === 0) return new ArrayBuffer(0);
    const b = await this.read(start, length);
    if (b.byteLength !== length) throw new Error(`pattern table: ${b.byteLength} bytes where ${length} were asked for at ${start}`);
    return new Uint8Array(b).buffer as ArrayBuffer;
  }

  /** Patterns `from` to `to` (not included) in the listed order (critical first, then by time). */
  async page(from: number, to: number): Promise<SuspiciousPattern[]> {
    from = Math.max(0, Math.min(from, this.total));
    to = Math.max(from, Math.min(to, this.total));
    const k = to - from;
    if (k === 0) return [];
    const a = this.at;
    // The ends from the one before `from` (where the first text starts).
    const before = from > 0 ? 1 : 0;
    const [epoch, endsBytes, user, kind, risk] = await Promise.all([
      this.bytes(a.epoch + from * 8, k * 8),
      this.bytes(a.ends + (from - before) * 8, (k + before) * 8),
      this.bytes(a.user + from * 4, k * 4),
      this.bytes(a.kind + from, k),
      this.bytes(a.risk + from, k),
    ]);
    const ends = new Float64Array(endsBytes);
    const textStart = before ? ends[0]! : 0;
    const textEnd = ends[ends.length - 1]!;
    const text = new Uint8Array(await this.bytes(a.text + textStart, textEnd - textStart));
    const relative = new Float64Array(k);
    for (let i = 0; i < k; i++) relative[i] = ends[i + before]! - textStart;
    const table = new PatternTable(this.kinds, this.users, new Uint8Array(kind), new Uint8Array(risk), new Uint32Array(user), new Float64Array(epoch), { segments: [text], ends: relative });
    return table.toArray();
  }

  /** Every pattern whose user is `user` as the timeline matches them (`patternUserKey`), in the listed order. */
  async ofUser(user: string): Promise<SuspiciousPattern[]> {
    return this.atPositions(await this.positionsOf(user));
  }

  /**
   * Where the patterns of `user` (matched by `patternUserKey`) are, ascending: the whole user column
   * is read (4 bytes a pattern, a megabyte of ids at a time), so a caller asking again for the same
   * user of the same table may keep the answer (the timeline does, services/review/timeline-patterns.ts).
   */
  async positionsOf(user: string): Promise<Uint32Array> {
    const wanted = patternUserKey(user);
    const ids = new Set<number>();
    this.users.forEach((u, i) => patternUserKey(u) === wanted && ids.add(i));
    if (ids.size === 0) return new Uint32Array(0);
    const found: number[] = [];
    for (let from = 0; from < this.total; from += USER_SCAN) {
      const to = Math.min(this.total, from + USER_SCAN);
      const column = new Uint32Array(await this.bytes(this.at.user + from * 4, (to - from) * 4));
      for (let i = 0; i < column.length; i++) if (ids.has(column[i]!)) found.push(from + i);
    }
    return Uint32Array.from(found);
  }

  /** The patterns at `positions` (ascending, as `positionsOf` gives them), runs close together read as one page. */
  async atPositions(positions: ArrayLike<number>): Promise<SuspiciousPattern[]> {
    const out: SuspiciousPattern[] = [];
    for (let i = 0; i < positions.length; ) {
      let j = i + 1;
      while (j < positions.length && positions[j]! - positions[j - 1]! <= RUN_GAP) j++;
      const start = positions[i]!;
      const page = await this.page(start, positions[j - 1]! + 1);
      for (let m = i; m < j; m++) out.push(page[positions[m]! - start]!);
      i = j;
    }
    return out;
  }
}

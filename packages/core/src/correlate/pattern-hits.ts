import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import type { HitSource, PatternSink } from '../rules/pattern/index.ts';
import { PatternTable, RISK_RANK } from './pattern-table.ts';
import { F64List } from './user-ids.ts';

export type { HitSource } from '../rules/pattern/index.ts';

const SOURCE = 2 ** 32;

interface Kind {
  name: PatternName;
  /** The risk of the kind's first hit, which most hits of a kind share. */
  risk: SuspiciousPattern['risk_level'] | undefined;
  /** Hits (by their number in the kind) whose risk differs from `risk`, e.g. EMERGENCY_ACCESS without a ticket. */
  otherRisks?: Map<number, SuspiciousPattern['risk_level']>;
  epochs: F64List;
  refs: F64List;
  count: number;
  /** Once sealed: the listed hits, resolved (the sources may then be let go). */
  listed?: SealedHits;
}

/**
 * One kind's hits once sealed, as typed columns (plain data: it crosses threads): the full count and
 * the listed hits in the order found, each with its number in the kind (`seqs`), time, risk (an
 * index of RISK_LEVELS), user (an index into `users`) and activity (UTF-8 bytes up to `ends[j]`).
 */
export interface SealedHits {
  count: number;
  seqs: Uint32Array;
  epochs: Float64Array;
  risks: Uint8Array;
  users: string[];
  userIds: Uint32Array;
  text: Uint8Array;
  ends: Uint32Array;
}

const EMPTY_SEALED = (): SealedHits => ({ count: 0, seqs: new Uint32Array(0), epochs: new Float64Array(0), risks: new Uint8Array(0), users: [], userIds: new Uint32Array(0), text: new Uint8Array(0), ends: new Uint32Array(0) });

/**
 * Pattern hits as typed columns (epoch, source reference) per pattern kind: large inputs yield
 * millions of hits (none is left out: `limit` is infinite outside tests), and none becomes an
 * object: a sealed kind keeps its listed hits as columns with their activity texts as bytes, and
 * `finish` gives them as one PatternTable. The listed order is the one a stable sort of all hits by
 * time gives, kinds in the order they were first added, then by risk. A kind can be sealed when all
 * its hits are in: its listed hits are resolved then, so the columns they come from can be let go
 * before the others are done.
 */
export class PatternHits implements PatternSink {
  private readonly kinds = new Map<PatternName, Kind>();
  private sources: (HitSource | undefined)[] = [];

  constructor(private readonly limit: number) {}

  /** Registers a resolver; hits refer to it with the returned id. */
  source(resolve: HitSource): number {
    this.sources.push(resolve);
    return this.sources.length - 1;
  }

  add(name: PatternName, risk: SuspiciousPattern['risk_level'], epoch: number, source: number, i: number): void {
    let k = this.kinds.get(name);
    if (!k) this.kinds.set(name, (k = { name, risk, epochs: new F64List(), refs: new F64List(), count: 0 }));
    if (k.listed) throw new Error(`pattern hits: ${name} was sealed`);
    k.risk ??= risk;
    if (risk !== k.risk) (k.otherRisks ??= new Map()).set(k.count, risk);
    k.epochs.push(epoch);
    k.refs.push(source * SOURCE + i);
    k.count++;
  }

  /** Gives a kind its place in the order of kinds before its first hit (hits that come later keep it). */
  declare(name: PatternName): void {
    if (!this.kinds.has(name)) this.kinds.set(name, { name, risk: undefined, epochs: new F64List(), refs: new F64List(), count: 0 });
  }

  /** Adds finished pattern objects (the small pattern finders' results). */
  addPatterns(patterns: SuspiciousPattern[]): void {
    if (patterns.length === 0) return;
    const src = this.source((i) => [patterns[i]!.user, patterns[i]!.sm20_activity]);
    patterns.forEach((p, i) => this.add(p.pattern, p.risk_level, Date.parse(`${p.sm20_time.replace(' ', 'T')}Z`) / 1000, src, i));
  }

  /** No more hits of this kind: resolve its listed hits now (as columns) and drop its references. */
  seal(name: PatternName): void {
    const k = this.kinds.get(name);
    if (!k || k.listed) return;
    const picked = firstByTime(k.epochs.view(), this.limit);
    const n = picked.length;
    const out: SealedHits = { count: k.count, seqs: new Uint32Array(n), epochs: new Float64Array(n), risks: new Uint8Array(n), users: [], userIds: new Uint32Array(n), text: new Uint8Array(0), ends: new Uint32Array(n) };
    const userIds = new Map<string, number>();
    let text = Buffer.allocUnsafe(n === 0 ? 0 : 1 << 16);
    let used = 0;
    for (let j = 0; j < n; j++) {
      const seq = picked[j]!;
      const ref = k.refs.data[seq]!;
      const [user, activity] = this.sources[Math.floor(ref / SOURCE)]!(ref % SOURCE);
      let u = userIds.get(user);
      if (u === undefined) {
        u = out.users.push(user) - 1;
        userIds.set(user, u);
      }
      out.seqs[j] = seq;
      out.epochs[j] = k.epochs.data[seq]!;
      out.risks[j] = RISK_RANK[k.otherRisks?.get(seq) ?? k.risk!];
      out.userIds[j] = u;
      if (used + activity.length * 3 > text.length) {
        const grown = Buffer.allocUnsafe(Math.max(used + activity.length * 3, text.length * 2));
        text.copy(grown, 0, 0, used);
        text = grown;
      }
      used += text.write(activity, used, 'utf8');
      if (used > 0xffff_ffff) throw new Error(`pattern hits: the activities of ${name} exceed 4 GB`);
      out.ends[j] = used;
    }
    out.text = new Uint8Array(used);
    out.text.set(text.subarray(0, used));
    k.listed = out;
    k.epochs = new F64List();
    k.refs = new F64List();
    k.otherRisks = undefined;
  }

  /** The kind's hits, sealed, as plain data for `adopt` (in another PatternHits, possibly in another thread). */
  sealed(name: PatternName): SealedHits {
    this.seal(name);
    return this.kinds.get(name)?.listed ?? EMPTY_SEALED();
  }

  /** Takes a kind's hits found elsewhere (`sealed`): the kind keeps the place it was declared at. */
  adopt(name: PatternName, hits: SealedHits): void {
    const k = this.kinds.get(name);
    if (!k || k.count > 0 || k.listed) throw new Error(`pattern hits: ${name} must be declared and have no hits of its own to adopt others`);
    k.count = hits.count;
    k.listed = hits;
  }

  get total(): number {
    let n = 0;
    for (const k of this.kinds.values()) n += k.count;
    return n;
  }

  /** The listed patterns as one table (critical first, then by time) and the full count per kind, in order of first appearance by time. */
  finish(): { table: PatternTable; readonly patterns: SuspiciousPattern[]; patternCounts: Partial<Record<PatternName, number>> } {
    const kinds = [...this.kinds.values()];
    for (const k of kinds) this.seal(k.name);
    this.sources = [];
    // All listed hits in one order (risk, time, then kind, then the order found), sorted as indexes.
    const n = kinds.reduce((m, k) => m + k.listed!.seqs.length, 0);
    const kindOf = new Uint16Array(n);
    const at = new Uint32Array(n);
    const epochs = new Float64Array(n);
    const ranks = new Uint8Array(n);
    let i = 0;
    kinds.forEach((k, kind) => {
      const l = k.listed!;
      for (let j = 0; j < l.seqs.length; j++) {
        kindOf[i] = kind;
        at[i] = j;
        ranks[i] = l.risks[j]!;
        epochs[i++] = l.epochs[j]!;
      }
    });
    const order = new Uint32Array(n).map((_, j) => j).sort((a, b) => ranks[a]! - ranks[b]! || epochs[a]! - epochs[b]! || kindOf[a]! - kindOf[b]! || kinds[kindOf[a]!]!.listed!.seqs[at[a]!]! - kinds[kindOf[b]!]!.listed!.seqs[at[b]!]!);
    // The kinds in order of their first hit by time (as patternCounts lists them): earliest epoch, then kind order.
    const firstEpoch = kinds.map((k) => k.listed!.epochs.reduce((m, e) => (e < m ? e : m), Number.POSITIVE_INFINITY));
    const patternCounts: Partial<Record<PatternName, number>> = {};
    for (const kind of kinds.map((_, j) => j).filter((j) => kinds[j]!.listed!.seqs.length > 0).sort((a, b) => firstEpoch[a]! - firstEpoch[b]! || a - b)) patternCounts[kinds[kind]!.name] = kinds[kind]!.count;
    // The table's columns point into the kinds' texts (a segment per kind): no text is copied.
    const users: string[] = [];
    const userIds = new Map<string, number>();
    const userMaps = kinds.map((k) =>
      Uint32Array.from(k.listed!.users, (u) => {
        let id = userIds.get(u);
        if (id === undefined) userIds.set(u, (id = users.push(u) - 1));
        return id;
      }),
    );
    if (kinds.length > 256) throw new Error('pattern hits: more than 256 pattern kinds');
    const kindCol = new Uint8Array(n);
    const riskCol = new Uint8Array(n);
    const userCol = new Uint32Array(n);
    const epochCol = new Float64Array(n);
    const starts = new Uint32Array(n);
    const ends = new Uint32Array(n);
    for (let o = 0; o < n; o++) {
      const j = order[o]!;
      const kind = kindOf[j]!;
      const l = kinds[kind]!.listed!;
      const h = at[j]!;
      kindCol[o] = kind;
      riskCol[o] = l.risks[h]!;
      userCol[o] = userMaps[kind]![l.userIds[h]!]!;
      epochCol[o] = l.epochs[h]!;
      starts[o] = h === 0 ? 0 : l.ends[h - 1]!;
      ends[o] = l.ends[h]!;
    }
    const table = new PatternTable(
      kinds.map((k) => k.name),
      users,
      kindCol,
      riskCol,
      userCol,
      epochCol,
      { segments: kinds.map((k) => k.listed!.text), seg: kindCol, starts, ends },
    );
    for (const k of kinds) k.listed = EMPTY_SEALED();
    let patterns: SuspiciousPattern[] | undefined;
    return {
      table,
      // Every pattern as an object: for tests and small analyses only (the table is the result).
      get patterns() {
        return (patterns ??= table.toArray());
      },
      patternCounts,
    };
  }
}

/** Patterns critical first, then high, medium, low; by time within each (a stable sort of a time-ordered list). */
export function byRisk(patterns: SuspiciousPattern[]): SuspiciousPattern[] {
  return patterns.sort((a, b) => RISK_RANK[a.risk_level] - RISK_RANK[b.risk_level]);
}

/** Indexes of the `limit` earliest epochs, ties in index order. */
export function firstByTime(epochs: Float64Array, limit: number): number[] {
  const n = epochs.length;
  if (n <= limit) return Array.from({ length: n }, (_, i) => i);
  const cut = nthSmallest(epochs, limit);
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (epochs[i]! < cut) out.push(i);
  for (let i = 0; i < n && out.length < limit; i++) if (epochs[i] === cut) out.push(i);
  return out;
}

/** a after b in a typed array's sort order (NaN last). */
const after = (a: number, b: number) => a > b || (Number.isNaN(a) && !Number.isNaN(b));

/**
 * The value a sorted copy holds at `k - 1` (k ≤ length): the largest of the k smallest, kept in a
 * max-heap of k. Hits come mostly in time order, so most values are turned away by one comparison
 * with the heap's top instead of sorting them all.
 */
export function nthSmallest(values: Float64Array, k: number): number {
  const heap = values.slice(0, k);
  const down = (at: number) => {
    for (;;) {
      const l = 2 * at + 1;
      if (l >= k) return;
      const c = l + 1 < k && after(heap[l + 1]!, heap[l]!) ? l + 1 : l;
      if (!after(heap[c]!, heap[at]!)) return;
      const t = heap[c]!;
      heap[c] = heap[at]!;
      heap[at] = t;
      at = c;
    }
  };
  for (let at = (k >> 1) - 1; at >= 0; at--) down(at);
  for (let i = k; i < values.length; i++) {
    const v = values[i]!;
    if (after(heap[0]!, v)) {
      heap[0] = v;
      down(0);
    }
  }
  return heap[0]!;
}

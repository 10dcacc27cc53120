import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import { patternRuleId } from '../rules/index.ts';
import type { HitSource, PatternSink } from '../rules/pattern/index.ts';
import { formatEpoch } from '../facts/index.ts';
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
  listed?: ListedHit[];
}

/** A listed hit: its number in its kind (the order it was found in), time, risk, who and what. */
export interface ListedHit {
  seq: number;
  epoch: number;
  risk: SuspiciousPattern['risk_level'];
  user: string;
  activity: string;
}

/** One kind's hits once sealed (plain data: it crosses threads): the full count and the listed hits. */
export interface SealedHits {
  count: number;
  listed: ListedHit[];
}

/**
 * Pattern hits as typed columns (epoch, source reference) per pattern kind: large inputs yield
 * millions of hits, of which only the first `limit` per kind (by time, then by the order they
 * were found) become pattern objects; counts stay exact. The listed order is the one a stable
 * sort of all hits by time gives, kinds in the order they were first added. A kind can be
 * sealed when all its hits are in: its listed hits are resolved then, so the columns they
 * come from can be let go before the others are done.
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

  /** No more hits of this kind: resolve its listed hits now and drop its columns. */
  seal(name: PatternName): void {
    const k = this.kinds.get(name);
    if (!k || k.listed) return;
    k.listed = firstByTime(k.epochs.view(), this.limit).map((seq) => {
      const ref = k.refs.data[seq]!;
      const [user, activity] = this.sources[Math.floor(ref / SOURCE)]!(ref % SOURCE);
      return { seq, epoch: k.epochs.data[seq]!, risk: k.otherRisks?.get(seq) ?? k.risk!, user, activity };
    });
    k.epochs = new F64List();
    k.refs = new F64List();
    k.otherRisks = undefined;
  }

  /** The kind's hits, sealed, as plain data for `adopt` (in another PatternHits, possibly in another thread). */
  sealed(name: PatternName): SealedHits {
    this.seal(name);
    const k = this.kinds.get(name);
    return { count: k?.count ?? 0, listed: k?.listed ?? [] };
  }

  /** Takes a kind's hits found elsewhere (`sealed`): the kind keeps the place it was declared at. */
  adopt(name: PatternName, hits: SealedHits): void {
    const k = this.kinds.get(name);
    if (!k || k.count > 0 || k.listed) throw new Error(`pattern hits: ${name} must be declared and have no hits of its own to adopt others`);
    k.count = hits.count;
    k.listed = hits.listed;
  }

  get total(): number {
    let n = 0;
    for (const k of this.kinds.values()) n += k.count;
    return n;
  }

  /** The listed patterns (at most `limit` per kind; critical first, then by time) and the full count per kind, in order of first appearance by time. */
  finish(): { patterns: SuspiciousPattern[]; patternCounts: Partial<Record<PatternName, number>> } {
    const kinds = [...this.kinds.values()];
    for (const k of kinds) this.seal(k.name);
    this.sources = [];
    // The listed hits of all kinds in one order (time, then kind, then the order found), sorted as
    // indexes: no object per hit beyond the pattern itself (there is no cap on their number).
    const n = kinds.reduce((m, k) => m + k.listed!.length, 0);
    const kindOf = new Uint16Array(n);
    const at = new Uint32Array(n);
    const epochs = new Float64Array(n);
    let i = 0;
    kinds.forEach((k, kind) => {
      k.listed!.forEach((h, j) => {
        kindOf[i] = kind;
        at[i] = j;
        epochs[i++] = h.epoch;
      });
    });
    const order = new Uint32Array(n).map((_, j) => j).sort((a, b) => epochs[a]! - epochs[b]! || kindOf[a]! - kindOf[b]! || kinds[kindOf[a]!]!.listed![at[a]!]!.seq - kinds[kindOf[b]!]!.listed![at[b]!]!.seq);
    const patternCounts: Partial<Record<PatternName, number>> = {};
    const patterns: SuspiciousPattern[] = new Array(n);
    for (let o = 0; o < n; o++) {
      const j = order[o]!;
      const k = kinds[kindOf[j]!]!;
      const h = k.listed![at[j]!]!;
      if (patternCounts[k.name] === undefined) patternCounts[k.name] = k.count;
      patterns[o] = { pattern: k.name, risk_level: h.risk, rule: patternRuleId(k.name), user: h.user, sm20_time: formatEpoch(h.epoch), sm20_activity: h.activity };
    }
    for (const k of kinds) k.listed = [];
    return { patterns: byRisk(patterns), patternCounts };
  }
}

const RISK_RANK: Record<SuspiciousPattern['risk_level'], number> = { critical: 0, high: 1, medium: 2, low: 3 };

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

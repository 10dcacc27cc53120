import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import { formatEpoch } from './facts.ts';
import { F64List } from './user-ids.ts';

/** Who and what of one hit, resolved only for the hits that get listed. */
export type HitSource = (i: number) => [user: string, activity: string];

const SOURCE = 2 ** 32;

interface Kind {
  name: PatternName;
  risk: SuspiciousPattern['risk_level'];
  epochs: F64List;
  refs: F64List;
}

/**
 * Pattern hits as typed columns (epoch, source reference) per pattern kind: large inputs yield
 * millions of hits, of which only the first `limit` per kind (by time, then by the order they
 * were found) become pattern objects; counts stay exact. The listed order is the one a stable
 * sort of all hits by time gives, kinds in the order they were first added.
 */
export class PatternHits {
  private readonly kinds = new Map<PatternName, Kind>();
  private readonly sources: HitSource[] = [];

  /** Registers a resolver; hits refer to it with the returned id. */
  source(resolve: HitSource): number {
    this.sources.push(resolve);
    return this.sources.length - 1;
  }

  add(name: PatternName, risk: SuspiciousPattern['risk_level'], epoch: number, source: number, i: number): void {
    let k = this.kinds.get(name);
    if (!k) this.kinds.set(name, (k = { name, risk, epochs: new F64List(), refs: new F64List() }));
    k.epochs.push(epoch);
    k.refs.push(source * SOURCE + i);
  }

  /** Adds finished pattern objects (the small pattern finders' results). */
  addPatterns(patterns: SuspiciousPattern[]): void {
    if (patterns.length === 0) return;
    const src = this.source((i) => [patterns[i]!.user, patterns[i]!.sm20_activity]);
    patterns.forEach((p, i) => this.add(p.pattern, p.risk_level, Date.parse(`${p.sm20_time.replace(' ', 'T')}Z`) / 1000, src, i));
  }

  get total(): number {
    let n = 0;
    for (const k of this.kinds.values()) n += k.epochs.length;
    return n;
  }

  /** The listed patterns (at most `limit` per kind) and the full count per kind, in listed order of first appearance. */
  finish(limit: number): { patterns: SuspiciousPattern[]; patternCounts: Partial<Record<PatternName, number>> } {
    const chosen: { epoch: number; kind: number; seq: number; k: Kind }[] = [];
    let kindNo = 0;
    for (const k of this.kinds.values()) {
      const kind = kindNo++;
      for (const seq of firstByTime(k.epochs.view(), limit)) chosen.push({ epoch: k.epochs.data[seq]!, kind, seq, k });
    }
    chosen.sort((a, b) => a.epoch - b.epoch || a.kind - b.kind || a.seq - b.seq);
    const patternCounts: Partial<Record<PatternName, number>> = {};
    const patterns: SuspiciousPattern[] = [];
    for (const c of chosen) {
      if (patternCounts[c.k.name] === undefined) patternCounts[c.k.name] = c.k.epochs.length;
      const ref = c.k.refs.data[c.seq]!;
      const [user, activity] = this.sources[Math.floor(ref / SOURCE)]!(ref % SOURCE);
      patterns.push({ pattern: c.k.name, risk_level: c.k.risk, user, sm20_time: formatEpoch(c.epoch), sm20_activity: activity });
    }
    return { patterns, patternCounts };
  }
}

/** Indexes of the `limit` earliest epochs, ties in index order. */
export function firstByTime(epochs: Float64Array, limit: number): number[] {
  const n = epochs.length;
  if (n <= limit) return Array.from({ length: n }, (_, i) => i);
  const sorted = epochs.slice().sort();
  const cut = sorted[limit - 1]!;
  const out: number[] = [];
  for (let i = 0; i < n; i++) if (epochs[i]! < cut) out.push(i);
  for (let i = 0; i < n && out.length < limit; i++) if (epochs[i] === cut) out.push(i);
  return out;
}

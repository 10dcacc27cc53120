import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PatternName } from '../model/index.ts';
import { formatEpoch } from '../facts/index.ts';
import { firstByTime, nthSmallest, PatternHits } from './pattern-hits.ts';
import { PatternTable } from './pattern-table.ts';
import { FirstSeenPairs } from './user-ids.ts';

const KINDS: PatternName[] = ['DEBUGGER_DATA_CHANGE', 'SELF_AUTHORIZATION', 'CHANGE_WITHOUT_TICKET', 'AFTER_HOURS_SENSITIVE_CHANGE'];

describe('PatternHits', () => {
  it('lists what a stable sort of all hits by time lists (first `limit` per kind) with exact counts', () => {
    const hit = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 20 }));
    fc.assert(
      fc.property(fc.array(hit, { maxLength: 200 }), fc.integer({ min: 1, max: 12 }), (raw, limit) => {
        // Kinds arrive in blocks, as correlation adds them.
        const hits = [...raw].sort((a, b) => a[0] - b[0]).map(([k, t], i) => ({ kind: KINDS[k]!, t: 1_800_000_000 + t * 60, user: `U${i}`, activity: `A${i}` }));
        const p = new PatternHits(limit);
        const src = p.source((i) => [hits[i]!.user, hits[i]!.activity]);
        hits.forEach((h, i) => p.add(h.kind, 'high', h.t, src, i));
        const counts: Partial<Record<PatternName, number>> = {};
        const expected = [];
        for (const h of [...hits].sort((a, b) => a.t - b.t)) {
          const n = (counts[h.kind] = (counts[h.kind] ?? 0) + 1);
          if (n <= limit) expected.push({ pattern: h.kind, risk_level: 'high', rule: `PAT-${h.kind.replace(/_/g, '-')}`, user: h.user, sm20_time: formatEpoch(h.t), sm20_activity: h.activity });
        }
        // Sealing a kind early (its sources let go) lists the same.
        if (hits.length > 0) p.seal(hits[0]!.kind);
        const got = p.finish();
        expect(got.patterns).toEqual(expected);
        expect(got.patternCounts).toEqual(counts);
        expect(Object.keys(got.patternCounts)).toEqual(Object.keys(counts));
        expect(p.total).toBe(hits.length);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each hit\'s own risk: an EMERGENCY_ACCESS day without a ticket is critical after a covered one', () => {
    const p = new PatternHits(10);
    const days = [
      { user: 'FF_ADMIN01', t: 1_800_000_000, risk: 'high' as const, activity: 'covered by a ticket' },
      { user: 'FF_ADMIN01', t: 1_800_086_400, risk: 'critical' as const, activity: 'no ticket' },
      { user: 'FF_ADMIN02', t: 1_800_090_000, risk: 'high' as const, activity: 'covered again' },
    ];
    const src = p.source((i) => [days[i]!.user, days[i]!.activity]);
    days.forEach((d, i) => p.add('EMERGENCY_ACCESS', d.risk, d.t, src, i));
    p.seal('EMERGENCY_ACCESS');
    const { patterns, patternCounts } = p.finish();
    // Critical first, then by time.
    expect(patterns.map((x) => [x.risk_level, x.sm20_activity])).toEqual([
      ['critical', 'no ticket'],
      ['high', 'covered by a ticket'],
      ['high', 'covered again'],
    ]);
    expect(patternCounts).toEqual({ EMERGENCY_ACCESS: 3 });
  });

  it('adopts a kind sealed in another PatternHits (as after a trip to another thread) with the same listing as adding its hits here', () => {
    const hit = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 20 }), fc.boolean());
    fc.assert(
      fc.property(fc.array(hit, { maxLength: 200 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 3 }), (raw, limit, apart) => {
        const hits = [...raw].sort((a, b) => a[0] - b[0]).map(([k, t, critical], i) => ({ kind: KINDS[k]!, t: 1_800_000_000 + t * 60, risk: critical ? ('critical' as const) : ('high' as const), user: `U${i}`, activity: `A${i}` }));
        const fill = (p: PatternHits, take: (kind: PatternName) => boolean) => {
          const src = p.source((i) => [hits[i]!.user, hits[i]!.activity]);
          hits.forEach((h, i) => take(h.kind) && p.add(h.kind, h.risk, h.t, src, i));
        };
        const whole = new PatternHits(limit);
        for (const k of KINDS) whole.declare(k);
        fill(whole, () => true);
        const elsewhere = new PatternHits(limit);
        elsewhere.declare(KINDS[apart]!);
        fill(elsewhere, (k) => k === KINDS[apart]);
        const sealed = structuredClone(elsewhere.sealed(KINDS[apart]!));
        const here = new PatternHits(limit);
        for (const k of KINDS) here.declare(k);
        fill(here, (k) => k !== KINDS[apart]);
        here.adopt(KINDS[apart]!, sealed);
        expect(here.total).toBe(hits.length);
        const [a, b] = [here.finish(), whole.finish()];
        expect(a.patterns).toEqual(b.patterns);
        // The table (its texts in a segment per kind) through its bytes (one text after another).
        expect(PatternTable.decode(Buffer.concat([...a.table.encode()])).toArray()).toEqual(b.patterns);
        expect(a.patternCounts).toEqual(b.patternCounts);
        expect(Object.keys(a.patternCounts)).toEqual(Object.keys(b.patternCounts));
      }),
      { numRuns: 300 },
    );
  });

  it('adopts only into a declared kind without hits of its own', () => {
    const p = new PatternHits(5);
    const none = new PatternHits(5).sealed('SELF_AUTHORIZATION');
    expect(() => p.adopt('SELF_AUTHORIZATION', none)).toThrow(/must be declared/);
    p.declare('SELF_AUTHORIZATION');
    p.add('SELF_AUTHORIZATION', 'critical', 1_800_000_000, p.source(() => ['U', 'A']), 0);
    expect(() => p.adopt('SELF_AUTHORIZATION', { ...none, count: 1 })).toThrow(/no hits of its own/);
  });

  it('finds the value a sorted copy holds at k - 1 (NaN sorted last, -0 and 0 alike)', () => {
    const value = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN), fc.constant(-0), fc.double({ noNaN: false }));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 60 }), fc.nat(), (raw, at) => {
        const values = Float64Array.from(raw);
        const k = (at % values.length) + 1;
        // -0 and 0 are one value for the comparisons firstByTime makes with the cut.
        const same = (x: number) => (x === 0 ? 0 : x);
        expect(same(nthSmallest(values, k))).toBe(same(values.slice().sort()[k - 1]!));
      }),
      { numRuns: 500 },
    );
  });

  it('picks the earliest indexes, ties in index order', () => {
    expect(firstByTime(new Float64Array([5, 1, 5, 0, 5]), 3)).toEqual([1, 3, 0]);
    expect(firstByTime(new Float64Array([2, 1]), 5)).toEqual([0, 1]);
  });
});

describe('FirstSeenPairs', () => {
  it('numbers each distinct (user, epoch) pair once, in first-seen order, through table growth', () => {
    const pairs = new FirstSeenPairs();
    const seen = new Map<string, number>();
    for (let k = 0; k < 20_000; k++) {
      const uid = k % 37;
      const epoch = 1_800_000_000 + ((k * 7919) % 5000) - (k % 3 === 0 ? 2 ** 33 : 0);
      const key = `${uid}/${epoch}`;
      const expected = seen.has(key) ? -1 : seen.size;
      if (!seen.has(key)) seen.set(key, seen.size);
      expect(pairs.add(uid, epoch)).toBe(expected);
    }
    expect(pairs.size).toBe(seen.size);
  });
});

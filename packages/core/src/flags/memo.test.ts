import { describe, expect, it } from 'vitest';
import { memoOf } from './memo.ts';

/** memo.ts MEMO_LIMIT (not exported): distinct values kept before the memo starts afresh. */
const LIMIT = 20_000;

/** A memo of an upper-casing `make` that records every value it was called with. */
function counted() {
  const calls: string[] = [];
  const memo = memoOf((raw: string) => {
    calls.push(raw);
    return { upper: raw.toUpperCase(), n: calls.length };
  });
  return { memo, calls };
}

describe('memoOf', () => {
  it('calls make once per distinct value and answers with what make returned', () => {
    const { memo, calls } = counted();
    const a = memo('se16');
    expect(a).toEqual({ upper: 'SE16', n: 1 });
    expect(memo('se16')).toBe(a); // the last value, same object
    const b = memo('Pfcg');
    expect(b).toEqual({ upper: 'PFCG', n: 2 });
    expect(memo('se16')).toBe(a); // from the map, not made again
    expect(memo('')).toEqual({ upper: '', n: 3 });
    expect(memo('ÄÖü ')).toEqual({ upper: 'ÄÖÜ ', n: 4 });
    expect(calls).toEqual(['se16', 'Pfcg', '', 'ÄÖü ']);
  });

  it('keeps distinct values apart when they alternate and repeat in runs', () => {
    const { memo, calls } = counted();
    const values = ['a', 'b', 'a', 'a', 'b', 'c', 'b', 'A', 'a', 'c', 'c', 'A'];
    const got = values.map((v) => memo(v).upper);
    expect(got).toEqual(values.map((v) => v.toUpperCase()));
    expect(calls).toEqual(['a', 'b', 'c', 'A']);
    // Each value keeps the object made for it first ('a' and 'A' are different cells).
    expect(memo('a').n).toBe(1);
    expect(memo('A').n).toBe(4);
    expect(memo('c').n).toBe(3);
  });

  it('answers every value right past the limit of distinct values, then starts afresh', () => {
    const { memo, calls } = counted();
    const distinct = Array.from({ length: LIMIT + 5_000 }, (_, i) => `V${i}`);
    for (const v of distinct) expect(memo(v).upper).toBe(v.toUpperCase());
    expect(calls.length).toBe(distinct.length);
    // Values since the fresh start are still known; the first ones were dropped and are made again.
    const made = calls.length;
    expect(memo(`V${LIMIT + 4_000}`).upper).toBe(`V${LIMIT + 4_000}`);
    expect(calls.length).toBe(made);
    expect(memo('V0')).toEqual({ upper: 'V0', n: made + 1 });
    expect(calls.at(-1)).toBe('V0');
  });

  it('keeps exactly LIMIT distinct values: the first is forgotten only when one more arrives', () => {
    const { memo, calls } = counted();
    for (let i = 0; i < LIMIT; i++) memo(`K${i}`);
    memo('K0');
    expect(calls.length).toBe(LIMIT); // still known at LIMIT distinct values
    memo(`K${LIMIT}`); // one more: the memo starts afresh with only this value
    expect(calls.length).toBe(LIMIT + 1);
    expect(memo('K1').upper).toBe('K1');
    expect(calls.length).toBe(LIMIT + 2);
    expect(memo(`K${LIMIT}`).n).toBe(LIMIT + 1); // kept after the fresh start
    expect(calls.length).toBe(LIMIT + 2);
  });
});

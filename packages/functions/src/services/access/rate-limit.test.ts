import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows `limit` attempts per key per window, then refuses until the window passes', () => {
    const limiter = createRateLimiter({ limit: 3, windowMs: 1000 });
    const at = (t: number, key = 'a') => limiter.tryAcquire(key, t);
    expect([at(0), at(10), at(20), at(30)]).toEqual([true, true, true, false]);
    expect(at(40, 'b')).toBe(true);
    expect(at(999)).toBe(false);
    expect(at(1000)).toBe(true);
  });

  it('keeps at most maxKeys windows, forgetting the oldest, so a flood from many addresses cannot exhaust memory', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, maxKeys: 3 });
    expect(['a', 'b', 'c'].map((k) => limiter.tryAcquire(k, 0))).toEqual([true, true, true]);
    expect(limiter.tryAcquire('b', 1)).toBe(false);
    // A fourth address evicts 'a' (the oldest); 'a' then starts afresh (evicting 'b'), 'd' is still counted.
    expect(limiter.tryAcquire('d', 2)).toBe(true);
    expect(limiter.tryAcquire('a', 3)).toBe(true);
    expect(limiter.tryAcquire('d', 4)).toBe(false);
  });
});

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
});

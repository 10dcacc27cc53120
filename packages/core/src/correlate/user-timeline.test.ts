import { describe, expect, it } from 'vitest';
import { UserTimeline } from './user-ids.ts';

describe('UserTimeline', () => {
  it('answers "same user within a window" case-insensitively', () => {
    const t = new UserTimeline();
    t.add('bob', 100);
    t.add('BOB', 500);
    t.seal();
    expect(t.hasBetween('Bob', 101, 499)).toBe(false);
    expect(t.hasBetween('BOB', 400, 500)).toBe(true);
    expect(t.hasBetween('EVE', 0, 1000)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { clampPercent, overallPercent, WITHIN_FILE } from './progress.ts';

describe('progress', () => {
  it('clamps to 0..100', () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(33.4)).toBe(33);
  });
  it('spreads files evenly over the run', () => {
    expect(overallPercent(0, 2, WITHIN_FILE.uploaded(50))).toBe(20);
    expect(overallPercent(1, 2, WITHIN_FILE.done)).toBe(100);
    expect(overallPercent(1, 4, WITHIN_FILE.processing)).toBe(46);
  });
});

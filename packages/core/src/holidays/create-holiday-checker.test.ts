import { describe, expect, it } from 'vitest';
import { createHolidayChecker, parseHolidaySpec } from './index.ts';

describe('createHolidayChecker', () => {
  it('knows US federal holidays by default and ignores observances', () => {
    const isHoliday = createHolidayChecker();
    expect(isHoliday('2026-07-04')).toBe('Independence Day');
    expect(isHoliday('2026-11-26')).toBe('Thanksgiving Day');
    expect(isHoliday('2026-02-14')).toBeUndefined(); // Valentine's Day is an observance
    expect(isHoliday('2026-07-06')).toBeUndefined();
  });
  it('uses regional calendars', () => {
    const bavaria = createHolidayChecker(parseHolidaySpec('DE-BY'));
    const berlin = createHolidayChecker(parseHolidaySpec('DE-BE'));
    expect(bavaria('2026-01-06')).toBe('Heilige Drei Könige');
    expect(berlin('2026-01-06')).toBeUndefined();
  });
  it('rejects unknown countries and regions with a clear message', () => {
    expect(() => createHolidayChecker({ country: 'QQ' })).toThrow(/unknown holiday country "QQ"/);
    expect(() => createHolidayChecker({ country: 'DE', region: 'ZZ' })).toThrow(/unknown holiday region "ZZ" for DE/);
  });
});

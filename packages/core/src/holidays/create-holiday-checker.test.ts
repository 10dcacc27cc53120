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
  it('answers seeded years from the seed, computes the others, and gives the years it has', () => {
    const main = createHolidayChecker();
    expect(main('2026-07-04')).toBe('Independence Day');
    expect(Object.keys(main.years!())).toEqual(['2026']);
    // A worker's copy: not validated again; a seeded year comes from the seed alone (a made-up day proves it).
    const worker = createHolidayChecker({ country: 'US' }, { validate: false });
    worker.seed!({ '2026': [['2026-03-03', 'Seeded Day']] });
    expect(worker('2026-03-03')).toBe('Seeded Day');
    expect(worker('2026-07-04')).toBeUndefined();
    expect(worker('2027-07-05')).toBe('Independence Day (substitute day)');
    // Seeds never replace a year already known.
    worker.seed!(main.years!());
    expect(worker('2026-07-04')).toBeUndefined();
  });
});

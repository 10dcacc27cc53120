import { describe, expect, it } from 'vitest';
import { createHolidayChecker, parseHolidaySpec } from './index.ts';
import { folderHolidayCache } from './holiday-year-cache.ts';

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

describe('holiday years kept between runs', () => {
  it('writes a computed year, reads it back instead of computing it, and ignores a file that does not hold that year', async () => {
    const { mkdtemp, readdir, readFile, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'holidays-'));
    try {
      const cache = folderHolidayCache(dir, '9.9.9');
      expect(createHolidayChecker({ country: 'de', region: 'by' }, { cache })('2026-01-06')).toBe('Heilige Drei Könige');
      expect(await readdir(dir)).toEqual(['9.9.9-DE-BY-2026.json']);
      const written = JSON.parse(await readFile(join(dir, '9.9.9-DE-BY-2026.json'), 'utf8')) as [string, string][];
      expect(written).toContainEqual(['2026-01-06', 'Heilige Drei Könige']);
      // A year in the folder is read, not computed (a made-up day proves it).
      await writeFile(join(dir, '9.9.9-DE-BY-2027.json'), JSON.stringify([['2027-03-03', 'Kept Day']]));
      const next = createHolidayChecker({ country: 'DE', region: 'BY' }, { cache });
      expect(next('2027-03-03')).toBe('Kept Day');
      expect(next('2027-01-06')).toBeUndefined();
      // Another year's dates, or no JSON at all: computed again, and the file written anew.
      await writeFile(join(dir, '9.9.9-DE-BY-2028.json'), JSON.stringify([['2027-01-06', 'Wrong Year']]));
      await writeFile(join(dir, '9.9.9-DE-BY-2029.json'), 'not json');
      const again = createHolidayChecker({ country: 'DE', region: 'BY' }, { cache });
      expect(again('2028-01-06')).toBe('Heilige Drei Könige');
      expect(again('2029-01-06')).toBe('Heilige Drei Könige');
      expect(JSON.parse(await readFile(join(dir, '9.9.9-DE-BY-2029.json'), 'utf8'))).toContainEqual(['2029-01-06', 'Heilige Drei Könige']);
      // A library version of its own: another version's files are not read.
      expect(createHolidayChecker({ country: 'DE', region: 'BY' }, { cache: folderHolidayCache(dir, '9.9.10') })('2027-03-03')).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves out calendars and years that cannot name a file, and works on without a writable folder', async () => {
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'holidays-'));
    // A folder that cannot be made: its parent is a file.
    await writeFile(join(dir, 'file'), '');
    const cache = folderHolidayCache(join(dir, 'file', 'cache'), '1.0.0');
    expect(() => cache.set('US', '2026', [['2026-07-04', 'Independence Day']])).not.toThrow();
    expect(cache.get('US', '2026')).toBeUndefined();
    expect(cache.get('../US', '2026')).toBeUndefined();
    expect(cache.get('US', '20/6')).toBeUndefined();
    expect(createHolidayChecker({ country: 'US' }, { cache })('2026-07-04')).toBe('Independence Day');
    expect(createHolidayChecker({ country: 'US' }, { cache: null })('2026-07-04')).toBe('Independence Day');
    await rm(dir, { recursive: true, force: true });
  });
});

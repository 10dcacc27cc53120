import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArrayColumn, DictColumn } from './columns.ts';
import { epochsOf } from './compact-facts.ts';
import { toEpoch } from './file-facts.ts';

const DATES = ['2026-11-18', '2026-02-29', '2024-02-29', '', '18.11.2026', '2026-1-18'];
const TIMES = ['22:15:00', '07:00:59', '00:00:00', '23:59:59', '12:30', '', '9:5:1', '12:30:00.123'];

describe('epochsOf', () => {
  it('gives toEpoch of each row (NaN where it gives none) for dictionary, packed-free and plain columns alike', () => {
    const row = fc.tuple(fc.nat(DATES.length - 1), fc.nat(TIMES.length - 1));
    fc.assert(
      fc.property(fc.array(row, { maxLength: 50 }), (rows) => {
        const expected = rows.map(([d, t]) => toEpoch(DATES[d]!, TIMES[t]!) ?? Number.NaN);
        const dates = new DictColumn(DATES, Uint8Array.from(rows, ([d]) => d));
        const times = new DictColumn(TIMES, Uint8Array.from(rows, ([, t]) => t));
        const plainDates = new ArrayColumn(rows.map(([d]) => DATES[d]!));
        const plainTimes = new ArrayColumn(rows.map(([, t]) => TIMES[t]!));
        expect([...epochsOf(dates, times)]).toEqual(expected);
        expect([...epochsOf(plainDates, times)]).toEqual(expected);
        expect([...epochsOf(dates, plainTimes)]).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

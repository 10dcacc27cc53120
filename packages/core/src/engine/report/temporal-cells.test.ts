import { describe, expect, it } from 'vitest';
import { isoDateTime, temporalColumnsOf } from './temporal-cells.ts';

describe('temporal cells', () => {
  it('reads ticket date-times in any layout the engine knows, workbook serials included', () => {
    expect(isoDateTime('2026-11-18 10:00:00', 'DMY', false)).toBe('2026-11-18 10:00:00');
    expect(isoDateTime('18.11.2026 10:00', 'DMY', false)).toBe('2026-11-18 10:00:00');
    expect(isoDateTime('11/18/2026 2:05 PM', 'MDY', false)).toBe('2026-11-18 14:05:00');
    expect(isoDateTime('18.11.2026', 'DMY', false)).toBe('2026-11-18');
    expect(isoDateTime('45721.75', 'DMY', true)).toBe('2025-03-05 18:00:00');
    expect(isoDateTime('45721', 'DMY', true)).toBe('2025-03-05');
    expect(isoDateTime('soon', 'DMY', false)).toBe('soon');
    expect(isoDateTime('', 'DMY', true)).toBe('');
  });

  it('finds the cells a file reads its date and time from; CDPOS items without header fields have none', () => {
    expect(temporalColumnsOf({ fileType: 'SM20', canonical: { DATE: 0, TIME: 1 }, joined: false })).toEqual({ date: 0, time: 1, timestamp: false, dateTimes: [] });
    expect(temporalColumnsOf({ fileType: 'SM20', canonical: { DATE: 3 }, joined: false })).toEqual({ date: 3, time: -1, timestamp: true, dateTimes: [] });
    expect(temporalColumnsOf({ fileType: 'CDPOS', canonical: { UDATE: 4 }, joined: false })).toEqual({ date: -1, time: -1, timestamp: false, dateTimes: [] });
    expect(temporalColumnsOf({ fileType: 'TICKETS', canonical: { REQUEST_TIME: 5, CLOSE_TIME: 6 }, joined: false })).toEqual({ date: -1, time: -1, timestamp: false, dateTimes: [5, 6] });
  });
});

import { describe, expect, it } from 'vitest';
import { isPlainNumber, putTemporalCell, STYLE_DATE, STYLE_DATETIME, STYLE_TIME, temporalStyle, temporalValue } from './typed-cells.ts';

describe('typed cells', () => {
  it('turns ISO dates, times and date-times into Excel serials with their style', () => {
    expect(['2025-03-05', '08:00:00', '2025-03-05 12:00:00', '1900-03-01', '2024-02-29'].map(temporalStyle)).toEqual([STYLE_DATE, STYLE_TIME, STYLE_DATETIME, STYLE_DATE, STYLE_DATE]);
    expect(temporalValue('2025-03-05', STYLE_DATE)).toBe('45721');
    expect(temporalValue('1900-03-01', STYLE_DATE)).toBe('61');
    expect(temporalValue('00:00:00', STYLE_TIME)).toBe('0');
    expect(temporalValue('18:00:00', STYLE_TIME)).toBe('0.75');
    expect(temporalValue('2025-03-05 12:00:00', STYLE_DATETIME)).toBe('45721.5');
    expect(temporalValue('2025-03-05 00:00:00', STYLE_DATETIME)).toBe('45721');
  });

  it('leaves anything else text: other formats, impossible dates and times, dates before 1900-03-01', () => {
    for (const v of ['05.03.2025', '20250305', '2025-02-29', '2025-13-01', '2025-04-31', '24:00:00', '10:60:00', '2025-03-05T10:00:00', '1900-02-28', '45721', '', 'abcdefghij']) expect([v, temporalStyle(v)]).toEqual([v, 0]);
  });

  it('takes plain decimals as numbers, never keys with leading zeros or what Excel would change', () => {
    expect(['0', '7', '-12', '3.25', '0.5', '-0.5', '123456789012345'].every(isPlainNumber)).toBe(true);
    expect(['', '-', '0042', '00', '1e5', '1.', '.5', '1.2.3', '1,5', ' 1', '1234567890123456', '12a', '+1'].some(isPlainNumber)).toBe(false);
  });

  it('writes the same cell bytes as temporalStyle and temporalValue, the date part remembered across calls', () => {
    const values = ['2025-03-05', '2025-03-05', '2025-03-05 12:00:00', '2025-03-06 00:00:01', '2025-03-06', '18:00:00', '00:00:00', '23:59:59', '2025-02-29', '2025-03-06T10:00:00', '2025-03-05 24:00:00', 'abcdefghij', '1900-02-28'];
    const buf = new Uint8Array(64);
    const written = values.map((v) => {
      const end = putTemporalCell(buf, 0, v);
      return end < 0 ? '' : Buffer.from(buf.subarray(0, end)).toString('latin1');
    });
    expect(written).toEqual(values.map((v) => {
      const style = temporalStyle(v);
      return style === 0 ? '' : ` s="${style}"><v>${temporalValue(v, style)}</v></c>`;
    }));
    expect(written[0]).toBe(' s="6"><v>45721</v></c>');
    expect(written[5]).toBe(' s="7"><v>0.75</v></c>');
  });
});

import { describe, expect, it } from 'vitest';
import { DateTimeReader } from './record-extractor.ts';

describe('DateTimeReader: a date and time in one cell', () => {
  const read = (d: string, t: string, zone?: string) => {
    const r = new DateTimeReader('DMY', zone);
    r.read(d, t);
    return [r.date, r.time];
  };
  it('reads ISO, SAP and German date-times from the date cell or a time cell', () => {
    expect(read('2025-03-14 20:03:11', '')).toEqual(['2025-03-14', '20:03:11']);
    expect(read('14.03.2025 20:03:11', '')).toEqual(['2025-03-14', '20:03:11']);
    expect(read('', '2025-03-14T20:03:11')).toEqual(['2025-03-14', '20:03:11']);
  });
  it('converts Z and offsets to the analysis time zone', () => {
    expect(read('2025-03-14T20:03:11.771Z', '')).toEqual(['2025-03-14', '20:03:11']);
    expect(read('2025-03-14T20:03:11.771Z', '', 'Europe/Berlin')).toEqual(['2025-03-14', '21:03:11']);
    expect(read('2025-07-14T23:30:00Z', '', 'Europe/Berlin')).toEqual(['2025-07-15', '01:30:00']);
    expect(read('2025-03-14T20:03:11+01:00', '')).toEqual(['2025-03-14', '19:03:11']);
    expect(read('2025-03-14 00:30:00-0500', '', 'UTC')).toEqual(['2025-03-14', '05:30:00']);
  });
  it('leaves a value without a zone as written, whatever the analysis zone (near miss)', () => {
    expect(read('2025-03-14 20:03:11', '', 'Europe/Berlin')).toEqual(['2025-03-14', '20:03:11']);
    expect(read('14.03.2025', '20:03:11', 'Europe/Berlin')).toEqual(['2025-03-14', '20:03:11']);
  });
});

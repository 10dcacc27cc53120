import { describe, expect, it } from 'vitest';
import { heatLegend, heatScale } from './heat-scale.ts';
import { choosePeriod, dataPeriod, describePeriod, formatDay, pointsIn } from './timeline-period.ts';

const point = (day: string, n = 1) => ({ day, failedLogins: n, highRisk: 0, dataModifications: 0 });
// A March file with one row in July: the whole period, not two points at the end.
const points = [point('2025-03-03', 5), point('2025-03-20', 7), point('2025-07-14', 1)];

describe('timeline period', () => {
  it('spans the data, ends the last-30 window at the latest record day and keeps a custom period in order', () => {
    const data = dataPeriod(points)!;
    expect(data).toEqual({ from: '2025-03-03', to: '2025-07-14' });
    expect(choosePeriod('all', data)).toEqual(data);
    expect(choosePeriod('last30', data)).toEqual({ from: '2025-06-15', to: '2025-07-14' });
    expect(choosePeriod('last30', { from: '2025-07-01', to: '2025-07-14' })).toEqual({ from: '2025-07-01', to: '2025-07-14' });
    expect(choosePeriod('custom', data, { from: '2025-04-01', to: '2025-03-10' })).toEqual({ from: '2025-03-10', to: '2025-04-01' });
    expect(choosePeriod('custom', data, { from: '2025-03-10' })).toEqual({ from: '2025-03-10', to: '2025-07-14' });
    expect(dataPeriod([])).toBeNull();
  });

  it('fills every day of the period and labels days with the year', () => {
    const all = pointsIn(points, { from: '2025-03-03', to: '2025-07-14' });
    expect(all).toHaveLength(134);
    expect(all.reduce((s, p) => s + p.failedLogins, 0)).toBe(13);
    expect(all[1]).toEqual(point('2025-03-04', 0));
    expect(formatDay('2025-03-05')).toBe('5 Mar 2025');
    expect(describePeriod({ from: '2025-03-03', to: '2025-07-14' })).toBe('3 Mar 2025 – 14 Jul 2025 (134 days)');
    expect(describePeriod({ from: '2025-03-03', to: '2025-03-03' })).toBe('3 Mar 2025 (1 day)');
  });
});

describe('heatScale', () => {
  it('colours by the quartiles of the non-zero counts, so a large file is not all red', () => {
    const counts = [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000];
    const scale = heatScale(counts);
    expect(scale.bounds).toEqual([2000, 4000, 6000]);
    expect(counts.map(scale.levelOf)).toEqual(['none', 'low', 'low', 'medium-low', 'medium-low', 'medium', 'medium', 'high', 'high']);
    expect(heatScale([5, 5, 5]).levelOf(5)).toBe('medium');
    expect(heatScale([0, 0]).levelOf(0)).toBe('none');
    expect(heatLegend(scale, counts)).toEqual([
      ['None', 'none'],
      ['Low (1,000–2,000)', 'low'],
      ['Medium-low (3,000–4,000)', 'medium-low'],
      ['Medium (5,000–6,000)', 'medium'],
      ['High (7,000–8,000)', 'high'],
    ]);
    expect(heatLegend(heatScale([1, 1, 0]), [1, 1, 0])).toEqual([['None', 'none'], ['Medium (1)', 'medium']]);
  });
});

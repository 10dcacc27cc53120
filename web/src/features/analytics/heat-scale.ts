/** Heatmap colours scaled to the data: quartiles of the non-zero counts, so a large file is not all red. */
import type { HeatLevel } from './aggregate.ts';

export interface HeatScale {
  levelOf: (count: number) => HeatLevel;
  /** Upper bounds of low, medium-low and medium (counts above the last are high). */
  bounds: [number, number, number];
}

const ORDER: HeatLevel[] = ['none', 'low', 'medium-low', 'medium', 'high'];
const NAMES: Record<HeatLevel, string> = { none: 'None', low: 'Low', 'medium-low': 'Medium-low', medium: 'Medium', high: 'High' };

/**
 * Legend entries for the levels the counts actually take, each with the range of counts it holds.
 * @example heatLegend(heatScale([1, 9]), [0, 1, 9]) // [['None', 'none'], ['Low (1)', 'low'], ['High (9)', 'high']]
 */
export function heatLegend(scale: HeatScale, counts: Iterable<number>): [string, HeatLevel][] {
  const ranges = new Map<HeatLevel, [number, number]>([['none', [0, 0]]]);
  for (const n of counts) {
    const level = scale.levelOf(n);
    const r = ranges.get(level);
    ranges.set(level, r ? [Math.min(r[0], n), Math.max(r[1], n)] : [n, n]);
  }
  return ORDER.filter((l) => ranges.has(l)).map((l) => {
    const [lo, hi] = ranges.get(l)!;
    const span = l === 'none' ? '' : lo === hi ? ` (${lo.toLocaleString('en-US')})` : ` (${lo.toLocaleString('en-US')}–${hi.toLocaleString('en-US')})`;
    return [`${NAMES[l]}${span}`, l];
  });
}

function quantile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/**
 * @example heatScale([1, 2, 3, 100]).levelOf(100) // 'high'
 */
export function heatScale(counts: Iterable<number>): HeatScale {
  const sorted = [...counts].filter((n) => n > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return { levelOf: () => 'none', bounds: [0, 0, 0] };
  const bounds: [number, number, number] = [quantile(sorted, 0.25), quantile(sorted, 0.5), quantile(sorted, 0.75)];
  const max = sorted[sorted.length - 1]!;
  return {
    bounds,
    levelOf: (n) => {
      if (n <= 0) return 'none';
      // All counts alike: none stands out, so all read medium rather than low or high.
      if (bounds[0] === max) return 'medium';
      if (n <= bounds[0]) return 'low';
      if (n <= bounds[1]) return 'medium-low';
      if (n <= bounds[2]) return 'medium';
      return 'high';
    },
  };
}

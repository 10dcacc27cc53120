/**
 * The sliding window MASS_PASSWORD_RESET and MULTIPLE_LOGONS_BY_USER share: over one user's events in
 * time order, the runs in which `threshold` or more distinct values (other users, addresses) lie
 * within `window` seconds. One run per unbroken stretch of windows that reach the threshold.
 */
export interface DistinctRun {
  /** The first event of the window that first reached the threshold. */
  first: number;
  /** The event with which the threshold was reached. */
  reached: number;
  /** The last event of the run. */
  last: number;
  /** The distinct values of the run's windows (those of events first..last). */
  values: Set<string>;
}

/**
 * @example distinctRuns([0, 10, 20].map((t, i) => ({ t, v: `u${i}` })), (e) => e.t, (e) => e.v, 60, 3) // [{ first: 0, reached: 2, last: 2, values: Set { 'u0', 'u1', 'u2' } }]
 */
export function distinctRuns<T>(list: readonly T[], timeOf: (e: T) => number, valueOf: (e: T) => string, window: number, threshold: number): DistinctRun[] {
  const runs: DistinctRun[] = [];
  // Events per value inside the window [start, end].
  const counts = new Map<string, number>();
  let start = 0;
  let run: DistinctRun | undefined;
  for (let end = 0; end < list.length; end++) {
    const e = list[end]!;
    const v = valueOf(e);
    counts.set(v, (counts.get(v) ?? 0) + 1);
    while (timeOf(e) - timeOf(list[start]!) > window) {
      const old = valueOf(list[start]!);
      const n = counts.get(old)! - 1;
      if (n === 0) counts.delete(old);
      else counts.set(old, n);
      start++;
    }
    if (counts.size >= threshold) {
      run ??= { first: start, reached: end, last: end, values: new Set() };
      run.last = end;
      for (const k of counts.keys()) run.values.add(k);
    } else if (run) {
      runs.push(run);
      run = undefined;
    }
  }
  if (run) runs.push(run);
  return runs;
}

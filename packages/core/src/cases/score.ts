/**
 * The score of a case (docs/detection.md, "Cases: the score"): points per rule, summed, then
 * mapped onto 0–100. Every weight is here, named, so the documentation and the tests read the same
 * numbers.
 *
 *   points(rule)  = weight(severity, pattern or record) × repeat(count) × (routine ? ROUTINE : 1)
 *   repeat(n)     = 1 + REPEAT_GAIN × (1 − 1/√n)           (1 for one, never more than 1 + REPEAT_GAIN)
 *   sum           = Σ points(rule) × variety × watchlist + ESCALATION_POINTS × escalations
 *   variety       = 1 + VARIETY_STEP × (distinct rules that are not routine − 1), at most VARIETY_MAX
 *   watchlist     = WATCHLIST_FACTOR for an actor on the privileged-users or emergency watchlist, else 1
 *   score         = round(100 × (1 − e^(−sum / SCALE)))
 *
 * High threshold: HIGH_POINTS (= a high pattern's weight, once, not routine), i.e. score
 * scoreOf(HIGH_POINTS) = 33. A high record weighs HIGH_RECORD, and its repeats never lift one
 * record rule above HIGH_RECORD × (1 + REPEAT_GAIN) = 14.4 < 20: one record, or one record rule
 * repeated, never reaches the threshold alone.
 */
export const WEIGHTS = {
  pattern: { critical: 40, high: 20, medium: 6, low: 2 },
  record: { critical: 16, high: 8 },
} as const;
export const REPEAT_GAIN = 0.8;
export const ROUTINE = 0.25;
export const VARIETY_STEP = 0.2;
export const VARIETY_MAX = 2;
export const WATCHLIST_FACTOR = 1.3;
export const ESCALATION_POINTS = 30;
export const SCALE = 50;
export const HIGH_POINTS = WEIGHTS.pattern.high;
/** A rule is routine when it fires on at least this many days and on more than half the actor's active days. */
export const ROUTINE_MIN_DAYS = 4;

export const repeatFactor = (n: number) => 1 + REPEAT_GAIN * (1 - 1 / Math.sqrt(Math.max(1, n)));
export const scoreOf = (points: number) => Math.round(100 * (1 - Math.exp(-points / SCALE)));
export const HIGH_SCORE = scoreOf(HIGH_POINTS);

export interface ScoredRule {
  severity: 'critical' | 'high' | 'medium' | 'low';
  pattern: boolean;
  count: number;
  routine: boolean;
}

/** The points of a case before they are mapped onto 0–100. */
export function casePoints(rules: readonly ScoredRule[], watchlisted: boolean, escalations: number): number {
  let sum = 0;
  let varied = 0;
  for (const r of rules) {
    const weight = r.pattern ? WEIGHTS.pattern[r.severity] : r.severity === 'critical' || r.severity === 'high' ? WEIGHTS.record[r.severity] : 0;
    sum += weight * repeatFactor(r.count) * (r.routine ? ROUTINE : 1);
    if (!r.routine && weight > 0) varied++;
  }
  const variety = Math.min(VARIETY_MAX, 1 + VARIETY_STEP * Math.max(0, varied - 1));
  return sum * variety * (watchlisted ? WATCHLIST_FACTOR : 1) + ESCALATION_POINTS * escalations;
}

/** Whether a rule is routine for its actor: on ≥ ROUTINE_MIN_DAYS days and on most of the actor's active days. */
export const isRoutine = (ruleDays: number, activeDays: number) => ruleDays >= ROUTINE_MIN_DAYS && ruleDays * 2 > activeDays;

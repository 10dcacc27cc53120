/**
 * The score of a case (docs/detection.md, "Cases: the score"): points per rule, summed, then
 * mapped onto 0–100. Every weight is here, named, so the documentation and the tests read the same
 * numbers.
 *
 *   points(rule)  = weight(severity, pattern or record) × repeat(count) × (routine ? ROUTINE : 1) × rarity
 *   repeat(n)     = 1 + REPEAT_GAIN × (1 − 1/√n)           (1 for one, never more than 1 + REPEAT_GAIN)
 *   rarity        = 1 − the share of the analysis's actors the rule fires for, at least RARITY_MIN
 *                   (1 in an analysis of fewer than RARITY_ACTORS actors)
 *   sum           = Σ points(rule) × variety × watchlist + ESCALATION_POINTS × escalations
 *   variety       = 1 + VARIETY_STEP × (Σ rarity of the rules that are not routine − 1), at most VARIETY_MAX
 *
 * The risk level compares the sum computed with every rarity 1 (`levelPoints`) with the threshold,
 * so whether a case is high depends on the actor alone; the score (the order within a level) uses
 * the rarities, so that what every actor does ranks below what one actor does.
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
/** A rule every actor has tells little about one of them: its repeats and records weigh by rarity, down to this. */
export const RARITY_MIN = 0.2;
/** Below this many actors, shares say nothing: every rule counts as rare. */
export const RARITY_ACTORS = 20;
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
  /** 1 − the share of actors the rule fires for (at least RARITY_MIN); 1 when absent. */
  rarity?: number;
}

/** A rule's rarity among `actors` actors when `withRule` of them have it. */
export const rarityOf = (withRule: number, actors: number) => (actors < RARITY_ACTORS ? 1 : Math.max(RARITY_MIN, 1 - withRule / actors));

/** The points of a case before they are mapped onto 0–100 (`rare`: weigh each rule by its rarity, for the score; without, for the level). */
export function casePoints(rules: readonly ScoredRule[], watchlisted: boolean, escalations: number, rare = true): number {
  let sum = 0;
  let varied = 0;
  for (const r of rules) {
    const rarity = rare ? (r.rarity ?? 1) : 1;
    const weight = r.pattern ? WEIGHTS.pattern[r.severity] : r.severity === 'critical' || r.severity === 'high' ? WEIGHTS.record[r.severity] : 0;
    sum += weight * repeatFactor(r.count) * (r.routine ? ROUTINE : 1) * rarity;
    if (!r.routine && weight > 0) varied += rarity;
  }
  const variety = Math.min(VARIETY_MAX, 1 + VARIETY_STEP * Math.max(0, varied - 1));
  return sum * variety * (watchlisted ? WATCHLIST_FACTOR : 1) + ESCALATION_POINTS * escalations;
}

/** Whether a rule is routine for its actor: on ≥ ROUTINE_MIN_DAYS days and on most of the actor's active days. */
export const isRoutine = (ruleDays: number, activeDays: number) => ruleDays >= ROUTINE_MIN_DAYS && ruleDays * 2 > activeDays;

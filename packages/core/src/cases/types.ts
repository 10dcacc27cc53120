/**
 * Cases (DETECTION.md section 6): everything one actor did that needs review, scored and ordered.
 * Written once per analysis by the engine's report step into `cases.json`, next to
 * `findings.ndjson` (every finding, one JSON line each, grouped by case in case order).
 */

export type CaseRiskLevel = 'critical' | 'high' | 'medium' | 'low';

/** Who a case is about: a user, a terminal or peer address (a burst named by it), or nobody (CDPOS items without header). */
export type CaseActorKind = 'user' | 'terminal' | 'address' | 'none';

export type CaseEscalationKind = 'privilege_then_use' | 'covered_tracks' | 'bank_change_then_payment';

/** One rule among a case's members: how often it fired, when first, and whether it is routine for the actor. */
export interface CaseRule {
  /** Rule id as the catalogue names it (a pattern name or a record rule id). */
  rule: string;
  count: number;
  /** "YYYY-MM-DD HH:MM:SS" in the analysis time zone ('' when unknown). */
  first_time: string;
  /** Fires for the actor on at least 4 days and on most of the days the actor is active. */
  routine: boolean;
  /** Days on which the rule fired for the actor (set when routine). */
  routine_days?: number;
  /** Days on which the actor has any record in the period (set when routine). */
  active_days?: number;
}

export interface CaseEscalation {
  kind: CaseEscalationKind;
  /** The escalation in words. */
  text: string;
}

export interface Case {
  /** Stable for the same analysis: derived from actor kind and actor. */
  id: string;
  actor: string;
  actor_kind: CaseActorKind;
  risk_level: CaseRiskLevel;
  /** 0–100, orders cases within a risk level (docs/detection.md, "Cases"). */
  score: number;
  first_time: string;
  last_time: string;
  /** Distinct calendar days (analysis time zone) with a member. */
  days: number;
  /** Files the members draw on. */
  files: string[];
  rules: CaseRule[];
  escalations: CaseEscalation[];
  /** Watchlists the actor is on ('privileged', 'emergency'). */
  watchlists: string[];
  /** Each reason that makes up the score and level, in words. */
  reasons: string[];
  /** Suspicious patterns among the members. */
  patterns: number;
  /** Flagged records of high or critical severity among the members. */
  records: number;
  /** Medium flags of the actor: counted, never members. */
  context: number;
  /** First line of this case's members in findings.ndjson (0-based line number). */
  findings_offset: number;
  /** Number of lines (members) from findings_offset. */
  findings_count: number;
}

/** The settings an analysis ran with, as every output states them (DETECTION.md section 4). */
export interface AnalysisSettingsSummary {
  timeZone: string;
  holidayCalendar: string;
  businessHours: { start: string; end: string; days: number[] };
  /** Each threshold by its settings name (changeVolume, burst, massDownload, ...). */
  thresholds: Record<string, unknown>;
  /** Version (or origin) of each list by its kind. */
  lists: Record<string, string>;
  /** First and last record time of the data ('' when no record has a time). */
  period: { first: string; last: string };
}

/** The content of `cases.json`. */
export interface CasesFile {
  version: 1;
  settings: AnalysisSettingsSummary;
  cases: Case[];
}

/** Workspace names of the case artifacts. */
export const CASES_FILE = 'cases.json';
export const FINDINGS_FILE = 'findings.ndjson';
/** Little-endian Float64 byte offsets of each line of findings.ndjson, plus the file's length at the end. */
export const FINDINGS_OFFSETS_FILE = 'findings.offsets';

/** The review vocabulary (issue 17): findings of an analysis, their triage and suppressions. */
import type { FlagKey, PatternName } from '../model/index.ts';

export type FindingSeverity = 'critical' | 'high' | 'medium' | 'low';

/** Cells a change-document item gets from its joined header, so its evidence names who, when and with which transaction. */
export const HEADER_USER_CELL = 'USERNAME (header)';
export const HEADER_TIME_CELL = 'UDATE UTIME (header)';
export const HEADER_TCODE_CELL = 'TCODE (header)';

export const REVIEW_STATUSES = ['open', 'explained', 'false_positive', 'escalated'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The rule a finding comes from, as the catalogue names it. */
export interface FindingRule {
  id: string;
  title: string;
  severity: FindingSeverity;
}

/**
 * One finding of an analysis: a suspicious pattern, or a flagged record of high (or critical)
 * severity. `findingId` is a hash of analysis id, rule, user, time and object, so computing the
 * findings again from the same report gives the same ids.
 */
export interface Finding {
  findingId: string;
  kind: 'pattern' | 'record';
  rule: FindingRule;
  /** Acting user, upper case ('' when the record does not name one). */
  user: string;
  /** "YYYY-MM-DD HH:MM:SS" in the analysis time zone ('' when unknown). */
  time: string;
  /** What was acted on: a transaction, a table and field, a change-document object, a pattern's activity. */
  object: string;
  /** Terminal of an SM20 record ('' otherwise). */
  terminal: string;
  /** One line for a list. */
  summary: string;
  source: { pattern?: PatternName; flag?: FlagKey; file?: string; fileType?: string };
  /** The records behind the finding (the flagged record itself; for a pattern its row). */
  evidence: Record<string, string>[];
  /**
   * In findings.ndjson, a record finding written beside high-records.ndjson leaves `evidence`
   * empty and names the line of that file that holds it: [byte offset, length] (its evidence is
   * `highRecordEvidence` of that line). Readers put the evidence back (services' finding-store).
   */
  evidenceAt?: [number, number];
  /** The case the finding belongs to (cases.json), set in findings.ndjson. */
  caseId?: string;
}

/** A suppression as an analysis applies it: the fields that match, and why it exists. */
export interface SuppressionRule {
  suppressionId: string;
  rule: string;
  user: string;
  object?: string;
  terminal?: string;
  reason: string;
  /** ISO date-time after which it no longer applies. */
  expiresAt: string;
}

import type { CorrelationSummary, PatternName, SuspiciousPattern } from '../model/index.ts';

/** Workspace entry names the engine's steps exchange. */
export const factsName = (index: number) => `facts/${index}.bin`;
export const CORRELATION_NAME = 'correlation.json';
/** Every pattern correlation found, one JSON line each (kept apart from correlation.json: the report parts never read them). */
export const PATTERNS_NAME = 'patterns.ndjson';
/** The change-document headers non-joined CDPOS items inherit (correlate/item-joins.ts ItemHeaders), for the report step. */
export const ITEM_HEADERS_NAME = 'item-headers.bin';

/**
 * What correlation stores (correlate-step.ts writes it, the report step reads it): `correlation.json`
 * holds all but the patterns, which are in `patterns.ndjson` (report/final-records.ts
 * storedCorrelation reads them only where asked: the report step's coordinator).
 */
export interface StoredCorrelation {
  patterns: SuspiciousPattern[];
  patternCounts: Partial<Record<PatternName, number>>;
  summary: CorrelationSummary;
  /** User-days over the change-volume limit: [user, date, count]. */
  volume: [string, string, number][];
  /** Records completing a pattern (rules/pattern/completion-keys.ts); absent in results stored before v2. */
  completions?: [string, PatternName][];
}

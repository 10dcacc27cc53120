import type { CorrelationSummary, PatternName, SuspiciousPattern } from '../model/index.ts';

/** Workspace entry names the engine's steps exchange. */
export const factsName = (index: number) => `facts/${index}.bin`;
export const CORRELATION_NAME = 'correlation.json';
/** Every pattern correlation found, as a PatternTable's bytes (kept apart from correlation.json: the report parts never read them). */
export const PATTERN_TABLE_NAME = 'patterns.bin';
/** Where workspaces written before the pattern table kept the patterns: one JSON line each. */
export const PATTERNS_NAME = 'patterns.ndjson';
/** The change-document headers non-joined CDPOS items inherit (correlate/item-joins.ts ItemHeaders), for the report step. */
export const ITEM_HEADERS_NAME = 'item-headers.bin';

/**
 * What correlation stores (correlate-step.ts writes it, the report step reads it): `correlation.json`
 * holds all but the patterns, which are in `patterns.bin` (report/final-records.ts
 * storedPatternTable reads them only where asked: the report step's coordinator).
 */
export interface StoredCorrelation {
  /** Empty in correlation.json since the patterns have a file of their own (filled in workspaces written before). */
  patterns: SuspiciousPattern[];
  patternCounts: Partial<Record<PatternName, number>>;
  summary: CorrelationSummary;
  /** User-days over the change-volume limit: [user, date, count]. */
  volume: [string, string, number][];
  /** Records completing a pattern (rules/pattern/completion-keys.ts); absent in results stored before v2. */
  completions?: [string, PatternName][];
}

import type { CorrelationSummary, PatternName, SuspiciousPattern } from '../model/index.ts';

/** Workspace entry names the engine's steps exchange. */
export const factsName = (index: number) => `facts/${index}.bin`;
export const CORRELATION_NAME = 'correlation.json';
/** The change-document headers non-joined CDPOS items inherit (correlate/item-joins.ts ItemHeaders), for the report step. */
export const ITEM_HEADERS_NAME = 'item-headers.bin';

/** What `correlation.json` holds (correlate-step.ts writes it, the report step reads it). */
export interface StoredCorrelation {
  patterns: SuspiciousPattern[];
  patternCounts: Partial<Record<PatternName, number>>;
  summary: CorrelationSummary;
  /** User-days over the change-volume limit: [user, date, count]. */
  volume: [string, string, number][];
  /** Records completing a pattern (rules/pattern/completion-keys.ts); absent in results stored before v2. */
  completions?: [string, PatternName][];
}

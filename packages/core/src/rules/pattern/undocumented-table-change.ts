/** UNDOCUMENTED_TABLE_CHANGE: a DU9/CUZ change with no change document by that user within 15 minutes (either side). */
import { definePattern, type PatternRule } from './define-pattern.ts';
import type { Activity } from '../../facts/file-facts.ts';
import type { SuspiciousPattern } from '../../model/index.ts';
import { MINUTE, pattern, type PatternEnv, type TimesByUser } from './pattern-env.ts';

export function findUndocumentedTableChanges(tableChanges: readonly Activity[], docTimes: TimesByUser): SuspiciousPattern[] {
  return tableChanges
    .filter(([user, t]) => !docTimes.hasBetween(user, t - 15 * MINUTE, t + 15 * MINUTE))
    .map(([user, t, activity]) => pattern('UNDOCUMENTED_TABLE_CHANGE', 'high', user, t, activity));
}

/** Only when change documents were supplied (a CDHDR file or a joined one). */
function find(env: PatternEnv): void {
  if (env.has('CDHDR') || env.facts.some((f) => f.joined)) env.hits.addPatterns(findUndocumentedTableChanges(env.tableChanges, env.docTimes));
}

export const UNDOCUMENTED_TABLE_CHANGE: PatternRule<'UNDOCUMENTED_TABLE_CHANGE'> = definePattern(
  { name: 'UNDOCUMENTED_TABLE_CHANGE', severity: 'high', title: 'Table change without a change document', summary: 'Direct table maintenance with no change document by that user within 15 minutes.', reads: 'SM20 DU9/CUZ change activity and CDHDR of the same user within 15 minutes', nextSteps: 'Find what was changed in the table (table logging, DBTABLOG) and why no document exists.' },
  { find },
);

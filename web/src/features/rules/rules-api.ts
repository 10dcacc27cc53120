/**
 * The rule catalogue (DETECTION.md section 5) from GET /rules, and the rules that explain a
 * flag's records: the ids in their RULES column, else every rule of that flag.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PatternName } from '@app/core/model/index.ts';
import { patternRuleId } from '@app/core/rules/index.ts';
import type { RuleDefinition } from '@app/core/rules/types.ts';
import { api } from '../../api/client.ts';

export type { RuleDefinition };

export const rulesQuery = queryOptions({
  queryKey: ['rules'],
  queryFn: async () => (await api.get<{ rules?: RuleDefinition[] }>('/rules', { fallback: 'Failed to load the rule catalogue' })).rules ?? [],
  // The catalogue changes only with a new release.
  staleTime: Infinity,
});

/**
 * The rules page's catalogue: the pattern rules' texts state the thresholds of the current
 * detection settings (GET /rules reads them), so it is read again on each visit (issue 27).
 */
export const rulesPageQuery = queryOptions({
  queryKey: ['rules', 'with-settings'],
  queryFn: async () => {
    const body = await api.get<{ rules?: RuleDefinition[]; thresholdsAreDefault?: boolean }>('/rules', { fallback: 'Failed to load the rule catalogue' });
    return { rules: body.rules ?? [], thresholdsAreDefault: body.thresholdsAreDefault };
  },
  staleTime: 0,
});

/** The page and anchor of one rule. */
export function ruleHref(id: string): string {
  return `/rules#${encodeURIComponent(id)}`;
}

/** A pattern's rule: its `rule` id, or for an older result the id its name gives (BRUTE_FORCE_SUCCESS → PAT-BRUTE-FORCE-SUCCESS). */
export function patternRuleHref(pattern: { pattern: string; rule?: string }): string {
  return ruleHref(pattern.rule ?? patternRuleId(pattern.pattern as PatternName));
}

/** Rule ids named in a record's RULES cell (`SAL-AUDIT-OFF, USER-PRIVILEGED` or `;`/space separated). */
export function recordRuleIds(record: Record<string, unknown>): string[] {
  const cell = record.RULES ?? record.rules;
  if (typeof cell !== 'string') return [];
  return cell.split(/[\s,;|]+/).filter(Boolean);
}

/**
 * The rules behind a flag's sample records, in catalogue order: those the records name (only
 * the ones of this flag, since a record may carry several flags; for OTHER also the patterns a
 * record completes), else all rules of the flag.
 *
 * @example rulesForFlag(catalogue, 'OTHER', [{ RULES: 'SAL-AUDIT-OFF, TCODE-HIGH-RISK' }]).map((r) => r.id) // ['SAL-AUDIT-OFF']
 */
export function rulesForFlag(catalogue: RuleDefinition[], flag: string, records: Record<string, unknown>[]): RuleDefinition[] {
  const ofFlag = catalogue.filter((r) => r.kind === 'flag' && r.flag === flag);
  const named = new Set(records.flatMap(recordRuleIds));
  const fired = catalogue.filter((r) => named.has(r.id) && (r.kind === 'flag' ? r.flag === flag : flag === 'OTHER'));
  return fired.length > 0 ? fired : ofFlag;
}

export const SEVERITY_COLOR: Record<string, string> = { critical: 'red.9', high: 'orange.4', 'medium-high': 'yellow.4', medium: 'yellow.3', low: 'blue.8' };

/** Rules whose id, title, flag, category, pattern, reads or Sentinel name contain the query (case ignored). */
export function filterRules(rules: RuleDefinition[], query: string): RuleDefinition[] {
  const q = query.trim().toLowerCase();
  if (!q) return rules;
  return rules.filter((r) =>
    [r.id, r.title, r.flag, r.category, r.pattern, r.reads, r.sentinel].some((v) => v?.toLowerCase().includes(q)),
  );
}

/**
 * The rule behind a finding. Provisional until the rule catalogue (DETECTION.md section 5)
 * lands: pattern ids follow its `PAT-<NAME-WITH-DASHES>` rule, flags get `FLAG-<KEY>`.
 */
import type { FlagKey, PatternName, SuspiciousPattern } from '../model/index.ts';
import type { FindingRule, FindingSeverity } from './types.ts';

const HIGH_FLAGS: ReadonlySet<string> = new Set(['DEBUG_FLAG', 'HIGH_RISK_TCODE_FLAG', 'HIGH_RISK_TABLE_FLAG', 'SENSITIVE_FIELD_FLAG', 'SENSITIVE_OBJECT_FLAG']);

const words = (name: string) => name.charAt(0) + name.slice(1).toLowerCase().replace(/_/g, ' ');

export function patternRule(p: Pick<SuspiciousPattern, 'pattern' | 'risk_level'> & { rule?: string }): FindingRule {
  return { id: p.rule ?? `PAT-${p.pattern.replace(/_/g, '-')}`, title: words(p.pattern as PatternName), severity: p.risk_level as FindingSeverity };
}

/** The rules of high or critical severity that fired on a flagged record under `flag`. */
export function recordRules(flag: FlagKey, _record: Record<string, string>): FindingRule[] {
  if (!HIGH_FLAGS.has(flag)) return [];
  return [{ id: `FLAG-${flag.replace(/_FLAG$/, '').replace(/_/g, '-')}`, title: words(flag.replace(/_FLAG$/, '')), severity: 'high' }];
}

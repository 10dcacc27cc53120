/**
 * The rule catalogue: what the web app imports (keep it free of engine code: the pattern rules'
 * machinery is rules/pattern/index.ts, the record rules rules/record/index.ts).
 */
import type { PatternName } from '../model/index.ts';
import { RULE_CATALOGUE } from './catalogue.ts';
import { patternRuleId } from './pattern-rules.ts';
import type { RuleDefinition } from './types.ts';

export { RULE_CATALOGUE } from './catalogue.ts';
export { patternRuleId } from './pattern-rules.ts';
export type { RuleDefinition } from './types.ts';

const BY_ID = new Map(RULE_CATALOGUE.map((r) => [r.id, r]));

/** @example ruleById('SAL-AUDIT-OFF')?.severity // "critical" */
export function ruleById(id: string): RuleDefinition | undefined {
  return BY_ID.get(id);
}

/** @example ruleOfPattern('BRUTE_FORCE_SUCCESS').id // "PAT-BRUTE-FORCE-SUCCESS" */
export function ruleOfPattern(name: PatternName): RuleDefinition {
  return BY_ID.get(patternRuleId(name))!;
}

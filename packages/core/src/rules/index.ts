/**
 * The rule catalogue: what the web app imports. It reaches the rule modules (each declares its
 * catalogue entry beside its code) but no Node-only code and nothing of the engine
 * (catalogue-imports.test.ts).
 */
import type { DetectionThresholds, PatternName } from '../model/index.ts';
import { RULE_CATALOGUE } from './catalogue.ts';
import { patternRuleId, ruleWithThresholds } from './pattern/define-pattern.ts';
import { PATTERN_LIST } from './pattern/pattern-list.ts';
import type { RuleDefinition } from './types.ts';

export { RULE_CATALOGUE } from './catalogue.ts';
export { patternRuleId } from './pattern/define-pattern.ts';
export { fillThresholds } from './thresholds-text.ts';
export type { RuleDefinition } from './types.ts';

const BY_ID = new Map(RULE_CATALOGUE.map((r) => [r.id, r]));
const PATTERN_BY_NAME = new Map<string, RuleDefinition>(PATTERN_LIST.map((p) => [p.name, p.rule]));

/** @example ruleById('SAL-AUDIT-OFF')?.severity // "critical" */
export function ruleById(id: string): RuleDefinition | undefined {
  return BY_ID.get(id);
}

/**
 * A pattern's rule; with an analysis's thresholds, its summary and reads state them.
 * @example ruleOfPattern('BRUTE_FORCE_SUCCESS').id // "PAT-BRUTE-FORCE-SUCCESS"
 * @example ruleOfPattern('FAILED_LOGON_BURST', { ...DEFAULT_THRESHOLDS, burst: { count: 3, minutes: 10 } }).summary // "3 or more failed logons …"
 */
export function ruleOfPattern(name: PatternName, thresholds?: DetectionThresholds): RuleDefinition {
  if (thresholds === undefined) return BY_ID.get(patternRuleId(name))!;
  return ruleWithThresholds(PATTERN_BY_NAME.get(name)!, thresholds);
}

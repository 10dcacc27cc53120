import { DEFAULT_THRESHOLDS } from './detection-settings.ts';
import { FLAG_RULES } from './record/record-rule-list.ts';
import { ruleWithThresholds } from './pattern/define-pattern.ts';
import { PATTERN_LIST } from './pattern/pattern-list.ts';
import type { RuleDefinition } from './types.ts';

export type { RuleDefinition } from './types.ts';

/**
 * The rule catalogue (DETECTION.md section 5): the record rules, then the pattern rules, each as its
 * module declares it (the patterns' thresholds at their defaults; ruleOfPattern gives an analysis's).
 */
export const RULE_CATALOGUE: readonly RuleDefinition[] = Object.freeze([...FLAG_RULES, ...PATTERN_LIST.map((p) => ruleWithThresholds(p.rule, DEFAULT_THRESHOLDS))]);

import { FLAG_RULES } from './flag-rules.ts';
import { PATTERN_RULES } from './pattern-rules.ts';
import type { RuleDefinition } from './types.ts';

export type { RuleDefinition } from './types.ts';

/** The rule catalogue (DETECTION.md section 5): flag rules, then pattern rules. */
export const RULE_CATALOGUE: readonly RuleDefinition[] = Object.freeze([...FLAG_RULES, ...PATTERN_RULES]);

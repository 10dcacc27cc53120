import { FLAG_KEYS } from '../../model/index.ts';
import type { RuleDefinition } from '../types.ts';
import { CHANGE_DOCUMENT_RULES } from './change-document-rules.ts';
import { DEBUG_RULES } from './debug-rules.ts';
import { EVENT_CATEGORY_RULES } from './event-category-rules.ts';
import { FUNCTION_TEST_RULES } from './function-test-rules.ts';
import { SENSITIVE_ACCESS_RULES } from './sensitive-access-rules.ts';
import { TABLE_ACCESS_RULES } from './table-access-rules.ts';
import { TIMING_RULES } from './timing-rules.ts';
import { TRANSACTION_RULES } from './transaction-rules.ts';
import { USER_RULES } from './user-rules.ts';

/**
 * The record-rule modules: the only list of their catalogue entries. The order in which the rules
 * run is flag-record.ts's (per record type); a new rule is a module (its code and its
 * defineRecordRules entries), a line here and a call there (docs/contributing.md).
 */
export const RECORD_RULE_LIST: readonly (readonly RuleDefinition[])[] = [
  DEBUG_RULES,
  TRANSACTION_RULES,
  TABLE_ACCESS_RULES,
  CHANGE_DOCUMENT_RULES,
  TIMING_RULES,
  SENSITIVE_ACCESS_RULES,
  EVENT_CATEGORY_RULES,
  FUNCTION_TEST_RULES,
  USER_RULES,
];

/** Rules whose reason lands in a flag column (DETECTION.md section 2), in flag order. */
export const FLAG_RULES: readonly RuleDefinition[] = RECORD_RULE_LIST.flat().sort((a, b) => FLAG_KEYS.indexOf(a.flag as never) - FLAG_KEYS.indexOf(b.flag as never));

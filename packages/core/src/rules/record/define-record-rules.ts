/**
 * A record rule is one module of this folder: its code (a function of `(env, rec, out)`) and, in
 * one `defineRecordRules` call beside it, the catalogue entries of the rule ids it sets. The
 * catalogue derives from the list of these modules (record-rule-list.ts).
 */
import type { RuleDefinition } from '../types.ts';

/** A record rule's catalogue entry: which flag column (and OTHER category) its reason goes to. */
export type RecordRuleEntry = Omit<RuleDefinition, 'kind' | 'pattern'> & { flag: string };

export function defineRecordRules(entries: readonly RecordRuleEntry[]): readonly RuleDefinition[] {
  return Object.freeze(entries.map((e): RuleDefinition => ({ kind: 'flag', ...e })));
}

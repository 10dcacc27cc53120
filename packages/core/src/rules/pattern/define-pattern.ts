/**
 * A pattern rule is one module: `definePattern` takes its catalogue entry (DETECTION.md section 5)
 * and its code in one call. The catalogue and the `PatternName` type derive from the list of these
 * modules (pattern-list.ts); nothing else lists the patterns.
 */
import type { DetectionThresholds, SuspiciousPattern } from '../../model/index.ts';
import type { RuleSetting } from '../setting-spec.ts';
import type { RuleDefinition } from '../types.ts';
import type { DeclaredFact } from './define-fact.ts';
import { fillThresholds } from '../thresholds-text.ts';
import type { LateKey, PatternEnv } from './pattern-env.ts';

/** What the catalogue says of a pattern. `summary` and `reads` may name thresholds as `{burst.count}` (filled per analysis). */
export interface PatternEntry<N extends string> {
  name: N;
  severity: SuspiciousPattern['risk_level'];
  title: string;
  summary: string;
  reads: string;
  nextSteps: string;
  /** The current name of the Microsoft Sentinel SAP rule it covers, where one does. */
  sentinel?: string;
}

/** The settings a pattern reads, declared with it (setting-spec.ts): key, default, bounds and the form's words. */
export interface PatternSettings<S extends readonly RuleSetting[]> {
  settings?: S;
}

export interface PatternCode<E = PatternEnv, F extends readonly DeclaredFact[] = readonly []> {
  /** Late facts keys the rule reads: it runs once they are loaded. */
  readonly facts?: readonly LateKey[];
  /** The facts it needs step 1 to keep (define-fact.ts): step 1 keeps a declared fact's records as security events of its kind. */
  readonly collects?: F;
  /** Marks the users whose ticket coverage the rule asks for (called before the coverage is built, only when tickets were supplied). */
  readonly coverUsers?: (env: PatternEnv, mark: (uid: number) => void) => void;
  readonly find: (env: E) => void;
}

/** One correlation pattern: its catalogue entry and its detector (`E`: what it reads, PatternEnv or a part of it). */
export interface PatternRule<N extends string = string, E = PatternEnv, S extends readonly RuleSetting[] = readonly RuleSetting[], F extends readonly DeclaredFact[] = readonly DeclaredFact[]> {
  readonly name: N;
  /** The settings it reads (detection-settings.ts collects them from the pattern list). */
  readonly settings: S;
  /** Its catalogue entry, thresholds as templates (`ruleSummary` fills them). */
  readonly rule: RuleDefinition;
  readonly reads: readonly LateKey[];
  /** The facts it declares (fact-list.ts gathers them for step 1). */
  readonly collects: F;
  readonly coverUsers?: (env: PatternEnv, mark: (uid: number) => void) => void;
  readonly find: (env: E) => void;
}

/** Rule id of a pattern: PAT- and the name with hyphens (BRUTE_FORCE_SUCCESS -> PAT-BRUTE-FORCE-SUCCESS). */
export function patternRuleId(name: string): string {
  return `PAT-${name.replace(/_/g, '-')}`;
}

export function definePattern<N extends string, E = PatternEnv, const S extends readonly RuleSetting[] = readonly [], const F extends readonly DeclaredFact[] = readonly []>(entry: PatternEntry<N> & PatternSettings<S>, code: PatternCode<E, F>): PatternRule<N, E, S, F> {
  const { name, severity, settings, ...text } = entry;
  return {
    name,
    settings: settings ?? ([] as unknown as S),
    rule: { id: patternRuleId(name), kind: 'pattern', pattern: name, severity, ...text },
    reads: code.facts ?? [],
    collects: code.collects ?? ([] as unknown as F),
    coverUsers: code.coverUsers,
    find: code.find,
  };
}

/** A pattern's catalogue entry with the thresholds of an analysis in its summary and reads. */
export function ruleWithThresholds(rule: RuleDefinition, th: DetectionThresholds): RuleDefinition {
  return { ...rule, summary: rule.summary === undefined ? undefined : fillThresholds(rule.summary, th), reads: fillThresholds(rule.reads, th) };
}

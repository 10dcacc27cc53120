/**
 * The facts step 1 keeps for the patterns: those the modules of the pattern list declare
 * (`collects`), each once. The step-1 collector (engine/parse/collect-facts.ts) keeps the records of
 * these and no other (a fact no pattern declares is never collected, even when a record rule marks it).
 */
import type { SecurityKind } from '../../flags/security-kinds.ts';
import type { DeclaredFact } from './define-fact.ts';
import { PATTERN_LIST } from './pattern-list.ts';

export const DECLARED_FACTS: readonly DeclaredFact[] = [...new Set(PATTERN_LIST.flatMap((p): readonly DeclaredFact[] => p.collects))];

/** The kinds of a pattern's `collects` (none for a pattern typed without its facts: `PatternRule<'NAME'>` leaves them wide). */
type KindsOf<F> = F extends readonly DeclaredFact<infer K>[] ? (string extends K ? never : K) : never;

/** The kind of a declared fact, as the pattern list declares them. */
export type DeclaredFactKind = KindsOf<(typeof PATTERN_LIST)[number]['collects']>;

/** Every kind of security event: the declared facts' (all that step 1 keeps) and the `logon` kind correlation gives the logons it indexes (flags/security-kinds.ts). A closed union. */
export type SecurityEventKind = SecurityKind | DeclaredFactKind;

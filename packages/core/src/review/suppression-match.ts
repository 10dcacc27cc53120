import type { Finding, SuppressionRule } from './types.ts';

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Whether a suppression covers a finding: same rule and user, and the same object and terminal
 * where the suppression names them (case and padding ignored).
 */
export function isSuppressedBy(finding: Pick<Finding, 'rule' | 'user' | 'object' | 'terminal'>, s: SuppressionRule): boolean {
  if (s.rule !== finding.rule.id || !same(s.user, finding.user)) return false;
  if (s.object && !same(s.object, finding.object)) return false;
  if (s.terminal && !same(s.terminal, finding.terminal)) return false;
  return true;
}

/** The first suppression that covers the finding (the list is in creation order). */
export function findSuppression(finding: Pick<Finding, 'rule' | 'user' | 'object' | 'terminal'>, suppressions: readonly SuppressionRule[]): SuppressionRule | undefined {
  return suppressions.find((s) => isSuppressedBy(finding, s));
}

/** Suppressions in force at `at`: not deleted and not yet expired. */
export function isActiveAt(s: { expiresAt: string; deletedAt?: string }, at: Date): boolean {
  return !s.deletedAt && Date.parse(s.expiresAt) > at.getTime();
}

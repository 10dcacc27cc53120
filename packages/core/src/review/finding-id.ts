import { hash } from 'node:crypto';

/**
 * A finding's stable id: the first 20 hex digits of SHA-256 over its identifying parts.
 * @example findingId('a1', 'PAT-SELF-AUTHORIZATION', 'ALICE', '2026-11-02 10:00:00', 'AU7 BOB') // 'f3c1…' (20 hex digits)
 */
export function findingId(analysisId: string, rule: string, user: string, time: string, object: string, occurrence = 1): string {
  const parts = [analysisId, rule, user, time, object];
  if (occurrence > 1) parts.push(String(occurrence));
  // One-shot (crypto.hash): a hash object per finding was most of this function's time (a finding per high record).
  return hash('sha256', parts.join('\u001f'), 'hex').slice(0, 20);
}

/** AUDIT_LOG_TAMPERING: every record that switches the audit log off, deactivates a slot, changes its medium or deletes its files. */
import { definePattern } from './define-pattern.ts';
import { defineFact } from './define-fact.ts';
import { AUDIT_EVENTS } from '../../flags/sm20-events.ts';
import { eventsOfKind, K, pattern, type PatternEnv } from './pattern-env.ts';

/**
 * The audit log tampered with: every AUI (slot deactivated) and FU0 (medium changed), AUJ with value 0
 * (switched off), and the audit-log files deleted (SAL-AUDIT-DELETE marks it: SM18, RSAUPURG,
 * RSAU_CLEAR_AUDIT_LOG on a record that is no audit event). SM20 only.
 */
export const AUDIT_TAMPERING = defineFact({
  kind: 'audit_tampering',
  about: 'the security audit log switched off, a slot deactivated, its medium changed or its files deleted',
  events: ['AUI', 'FU0', 'AUJ'],
  records: {
    SM20: {
      terminal: 'terminal',
      peer: 'peerAddress',
      activity: 'recordText',
      when: (rec) => (rec.event === 'AUJ' ? rec.var1.trim() === '0' : rec.event === 'AUI' || rec.event === 'FU0' || !AUDIT_EVENTS.has(rec.event)),
    },
  },
});

function find(env: PatternEnv): void {
  env.hits.addPatterns(eventsOfKind(env, AUDIT_TAMPERING.kind).map((e) => pattern('AUDIT_LOG_TAMPERING', 'critical', e[K.user], e[K.epoch], e[K.activity])));
}

export const AUDIT_LOG_TAMPERING = definePattern(
  { name: 'AUDIT_LOG_TAMPERING', severity: 'critical', title: 'Security audit log tampered with', summary: 'The audit log was switched off, a slot deactivated, its medium changed or its files deleted.', reads: 'AUJ with value 0, AUI, FU0, SM18, RSAUPURG, RSAU_CLEAR_AUDIT_LOG', nextSteps: 'Find who changed the audit log and what happened while it was off or after the files were deleted.', sentinel: 'SAP - Deactivation of Security Audit Log' },
  { find, collects: [AUDIT_TAMPERING] },
);

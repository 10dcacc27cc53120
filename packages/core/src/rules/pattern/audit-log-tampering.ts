/** AUDIT_LOG_TAMPERING: every record that switches the audit log off, deactivates a slot, changes its medium or deletes its files. */
import { definePattern, type PatternRule } from './define-pattern.ts';
import { SECURITY_KIND as K_ } from '../../flags/security-kinds.ts';
import { eventsOfKind, K, pattern, type PatternEnv } from './pattern-env.ts';

function find(env: PatternEnv): void {
  env.hits.addPatterns(eventsOfKind(env, K_.auditTampering).map((e) => pattern('AUDIT_LOG_TAMPERING', 'critical', e[K.user], e[K.epoch], e[K.activity])));
}

export const AUDIT_LOG_TAMPERING: PatternRule<'AUDIT_LOG_TAMPERING'> = definePattern(
  { name: 'AUDIT_LOG_TAMPERING', severity: 'critical', title: 'Security audit log tampered with', summary: 'The audit log was switched off, a slot deactivated, its medium changed or its files deleted.', reads: 'AUJ with value 0, AUI, FU0, SM18, RSAUPURG, RSAU_CLEAR_AUDIT_LOG', nextSteps: 'Find who changed the audit log and what happened while it was off or after the files were deleted.', sentinel: 'SAP - Deactivation of Security Audit Log' },
  { find },
);

/** AUDIT_LOG_TAMPERING: every record that switches the audit log off, deactivates a slot, changes its medium or deletes its files. */
import { eventsOfKind, K, pattern, type PatternEnv, type PatternRule } from './pattern-env.ts';

function find(env: PatternEnv): void {
  env.hits.addPatterns(eventsOfKind(env, 'T').map((e) => pattern('AUDIT_LOG_TAMPERING', 'critical', e[K.user], e[K.epoch], e[K.activity])));
}

export const AUDIT_LOG_TAMPERING: PatternRule = { name: 'AUDIT_LOG_TAMPERING', reads: [], find };

/**
 * OTHER reasons of SM20 event groups: security (SAL-FAILED-LOGON, SAL-USER-LOCKED,
 * SAL-SPNEGO-REPLAY, SAL-USER-ADMIN, SAL-PASSWORD-OTHER, SAL-CATALOGUE-HIGH), config
 * (SAL-CONFIG-EVENT) and the audit log (SAL-AUDIT-OFF, SAL-AUDIT-CONFIG), with the event's text
 * from the SAL events list.
 */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { MARK_PASSWORD_OTHER, setOther, type FlagResult } from '../../flags/flag-result.ts';
import { fillPlaceholders } from '../../flags/placeholders.ts';
import { EV_AUDIT, EV_CATALOGUE_HIGH, EV_CONFIG, EV_FAILED, EV_PASSWORD, EV_SECURITY, type RuleEnv } from './record-env.ts';

/** `e`: the event's EV_ bits. */
export function flagEventCategory(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, e: number): void {
  const ev = rec.event;
  const full = env.full;
  if (e & EV_SECURITY) {
    const rule = e & EV_FAILED ? 'SAL-FAILED-LOGON' : ev === 'AUM' ? 'SAL-USER-LOCKED' : ev === 'BUI' ? 'SAL-SPNEGO-REPLAY' : 'SAL-USER-ADMIN';
    setOther(out, 'security', full ? `security: ${eventReason(env, 'OS', rec, 'security event')}` : '', rule);
  }
  if (e & EV_PASSWORD) flagPasswordOfOther(env, rec, out);
  if (e & EV_CATALOGUE_HIGH) setOther(out, 'security', full ? `security: ${eventReason(env, 'OH', rec, 'high-severity event')}` : '', 'SAL-CATALOGUE-HIGH');
  if (e & EV_CONFIG) setOther(out, 'config', full ? `config: ${eventReason(env, 'OE', rec, 'configuration change')}` : '', 'SAL-CONFIG-EVENT');
  if (e & EV_AUDIT) {
    if (ev === 'AUJ') {
      const off = rec.var1.trim() === '0';
      setOther(out, 'audit_trail', full ? `audit_trail: Event AUJ: security audit log switched ${off ? 'off' : 'on'} (${eventText(env, rec, 'active status changed')})` : '', off ? 'SAL-AUDIT-OFF' : 'SAL-AUDIT-CONFIG');
    } else setOther(out, 'audit_trail', full ? `audit_trail: ${eventReason(env, 'OA', rec, 'audit configuration changed')}` : '', 'SAL-AUDIT-CONFIG');
  }
}

/** SAL-PASSWORD-OTHER: BU2 whose second variable (the user whose password changed) is not the acting user. */
function flagPasswordOfOther(env: RuleEnv, rec: CanonicalRecord, out: FlagResult): void {
  const target = rec.var2.trim();
  const user = rec.user.trim();
  if (target === '' || target.toUpperCase() === user.toUpperCase()) return;
  out.marks |= MARK_PASSWORD_OTHER;
  setOther(out, 'security', env.full ? `security: Event BU2: password of user ${target} changed by ${user || 'an unknown user'}${rec.var1.trim() ? ` in client ${rec.var1.trim()}` : ''}` : '', 'SAL-PASSWORD-OTHER');
}

function eventText(env: RuleEnv, rec: CanonicalRecord, fallback: string): string {
  const text = env.ctx.events.get(rec.event)?.text;
  return text === undefined ? fallback : fillPlaceholders(text, rec.var1, rec.var2, rec.var3).replace(/[.:\s]+$/, '');
}

function eventReason(env: RuleEnv, kind: string, rec: CanonicalRecord, fallback: string): string {
  return env.full ? env.reason(kind, `${rec.event}\u0001${rec.var1}\u0001${rec.var2}\u0001${rec.var3}`, () => `Event ${rec.event}: ${eventText(env, rec, fallback)}`) : '';
}

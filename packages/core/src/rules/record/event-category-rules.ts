/**
 * OTHER reasons of SM20 event groups: security (SAL-FAILED-LOGON, SAL-USER-LOCKED,
 * SAL-SPNEGO-REPLAY, SAL-USER-ADMIN, SAL-PASSWORD-OTHER, SAL-CATALOGUE-HIGH), config
 * (SAL-CONFIG-EVENT, SAL-FTP-INSECURE) and the audit log (SAL-AUDIT-OFF, SAL-AUDIT-CONFIG), with the event's text
 * from the SAL events list.
 */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { setOther, type FlagResult } from '../../flags/flag-result.ts';
import { fillPlaceholders } from '../../flags/placeholders.ts';
import { FTP_CONFIG_EVENTS } from '../../flags/sm20-events.ts';
import { EV_AUDIT, EV_CATALOGUE_HIGH, EV_CONFIG, EV_FAILED, EV_PASSWORD, EV_SECURITY, type RuleEnv } from './record-env.ts';
import { defineRecordRules } from './define-record-rules.ts';

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
  if (e & EV_CONFIG) setOther(out, 'config', full ? `config: ${eventReason(env, 'OE', rec, 'configuration change')}` : '', FTP_CONFIG_EVENTS.has(ev) ? 'SAL-FTP-INSECURE' : 'SAL-CONFIG-EVENT');
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
  setOther(out, 'security', env.full ? `security: Event BU2: password of user ${target} changed by ${user || 'an unknown user'}${rec.var1.trim() ? ` in client ${rec.var1.trim()}` : ''}` : '', 'SAL-PASSWORD-OTHER');
}

function eventText(env: RuleEnv, rec: CanonicalRecord, fallback: string): string {
  const text = env.ctx.events.get(rec.event)?.text;
  return text === undefined ? fallback : fillPlaceholders(text, rec.var1, rec.var2, rec.var3).replace(/[.:\s]+$/, '');
}

function eventReason(env: RuleEnv, kind: string, rec: CanonicalRecord, fallback: string): string {
  return env.full ? env.reason(kind, `${rec.event}\u0001${rec.var1}\u0001${rec.var2}\u0001${rec.var3}`, () => `Event ${rec.event}: ${eventText(env, rec, fallback)}`) : '';
}

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const EVENT_CATEGORY_RULES = defineRecordRules([
  { id: 'SAL-FAILED-LOGON', title: 'Failed logon', severity: 'medium', flag: 'OTHER', category: 'security', reads: 'SM20 events AU2 AU6 AUO BU1', nextSteps: 'Look for repeated failures (FAILED_LOGON_BURST) and a later successful logon.' },
  { id: 'SAL-USER-LOCKED', title: 'User locked after wrong passwords', severity: 'medium', flag: 'OTHER', category: 'security', reads: 'SM20 event AUM', nextSteps: 'Ask the user whether the failed attempts were theirs.' },
  { id: 'SAL-SPNEGO-REPLAY', title: 'SPNego replay attack', severity: 'high', flag: 'OTHER', category: 'security', reads: 'SM20 event BUI', nextSteps: 'Treat as an attack: identify the source address and the user principal named.', sentinel: 'SAP - SPNego Attack' },
  { id: 'SAL-USER-ADMIN', title: 'User master change', severity: 'medium', flag: 'OTHER', category: 'security', reads: 'SM20 events AU7 AU8 AU9 AUA AUB AUD AUR AUS AUT AUU', nextSteps: 'Check the user-administration change against an approved access request.' },
  { id: 'SAL-PASSWORD-OTHER', title: 'Password of another user changed', severity: 'medium', flag: 'OTHER', category: 'security', reads: 'SM20 event BU2 whose second variable (the user whose password changed) is not the acting user', nextSteps: 'Check that a password-reset request of that user exists and that the user then logged on from their own machine (USER_UNLOCKED_AND_USED).' },
  { id: 'SAL-FTP-INSECURE', title: 'Insecure FTP server configuration', severity: 'medium', flag: 'OTHER', category: 'config', reads: 'SM20 events DU1 (FTP server allowlist empty) and DU2 (allowlist with placeholders), written when an FTP connection is checked against table SAPFTP_SERVERS', nextSteps: 'Maintain the allowed FTP servers in SAPFTP_SERVERS (view SAPFTP_SERVERS_V, SM30) without placeholders, and find which program opened the FTP connection.', sentinel: 'SAP - Insecure FTP servers configuration' },
  { id: 'SAL-CATALOGUE-HIGH', title: 'High-severity audit event', severity: 'high', flag: 'OTHER', category: 'security', reads: 'SM20 events the SAL event catalogue rates high that no other rule names (AUG BU8 BUV BUW)', nextSteps: 'Read the event text: the catalogue rates it high (a server start, a virus found, an invalid hash, a refresh token used by another client); find its cause.', sentinel: 'SAP - Dynamic Deterministic Audit Log Monitor' },
  { id: 'SAL-CONFIG-EVENT', title: 'System configuration event', severity: 'medium', flag: 'OTHER', category: 'config', reads: 'SM20 events EU1 EU2 AUP AUQ BUG FU1 DU8', nextSteps: 'Check the configuration change against a change request.', sentinel: 'SAP - System Configuration Change; SAP - Client Configuration Change; SAP - Transaction is unlocked; SAP - Dynamic RFC Destination; SAP - FTP for non authorized servers' },
  { id: 'SAL-AUDIT-OFF', title: 'Security audit log switched off', severity: 'critical', flag: 'OTHER', category: 'audit_trail', reads: 'SM20 event AUJ with value 0', nextSteps: 'Find who switched the log off, for how long, and what happened while it was off.', sentinel: 'SAP - Deactivation of Security Audit Log' },
  { id: 'SAL-AUDIT-CONFIG', title: 'Security audit log configuration changed', severity: 'high', flag: 'OTHER', category: 'audit_trail', reads: 'SM20 events AUE AUF AUI FU0, AUJ with value 1', nextSteps: 'Compare the audit configuration before and after the change (SM19/RSAU_CONFIG).', sentinel: 'SAP - Security Audit Log Configuration Change' },
]);

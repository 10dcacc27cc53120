/**
 * The escalations of DETECTION.md section 6, keyed on pattern names as strings (a pattern the
 * analysis does not know yet simply never matches):
 * - privilege, then use: the actor gained privilege (target of SENSITIVE_PROFILE_ASSIGNED or
 *   SENSITIVE_ROLE_ASSIGNED, in through BRUTE_FORCE_SUCCESS, an emergency ID used without a ticket)
 *   and within 24 hours changed data or ran a high-risk transaction; for USER_CREATED_AND_USED and
 *   USER_UNLOCKED_AND_USED the account X's use counts for the pattern's user A (A acted as X);
 * - covered tracks: AUDIT_LOG_TAMPERING or SYSTEM_OPENED_FOR_CHANGES by the actor, then a change by
 *   the actor within 8 hours;
 * - bank change, then payment: a BANK_CHANGE_THEN_PAYMENT pattern of the actor.
 * The windows are handed to the report step (CaseTrigger), which sees every record; a pattern of a
 * change kind inside a window counts as a use as well.
 */
import { PatternTable } from '../correlate/pattern-table.ts';
import type { SuspiciousPattern } from '../model/index.ts';
import { SETTING_EVENTS, type CaseTrigger, type TriggerHit } from './tally.ts';
import type { CaseEscalationKind } from './types.ts';

export const PRIVILEGE_USE_HOURS = 24;
export const COVERED_TRACKS_HOURS = 8;

/** Patterns that are a change by their user (a use of privilege, a change after tampering). */
const CHANGE_PATTERNS: ReadonlySet<string> = new Set(['DEBUGGER_DATA_CHANGE', 'UNDOCUMENTED_TABLE_CHANGE', 'CHANGE_WITHOUT_TICKET', 'AFTER_HOURS_SENSITIVE_CHANGE', 'BANK_CHANGE_THEN_PAYMENT', 'SELF_AUTHORIZATION', 'SENSITIVE_PROFILE_ASSIGNED', 'SENSITIVE_ROLE_ASSIGNED', 'MASS_PASSWORD_RESET']);

/** The patterns that can start an escalation's window (the report step reads only these before its parts run). */
export const TRIGGER_PATTERNS: ReadonlySet<string> = new Set(['SENSITIVE_PROFILE_ASSIGNED', 'SENSITIVE_ROLE_ASSIGNED', 'BRUTE_FORCE_SUCCESS', 'EMERGENCY_ACCESS', 'USER_CREATED_AND_USED', 'USER_UNLOCKED_AND_USED', 'AUDIT_LOG_TAMPERING', 'SYSTEM_OPENED_FOR_CHANGES']);

/** A trigger with what the case needs to name its escalation. */
export interface EscalationTrigger extends CaseTrigger {
  kind: CaseEscalationKind;
  /** The user whose case gets the escalation (the pattern's user A for created/unlocked accounts). */
  caseUser: string;
  /** How the actor got there, in words. */
  how: string;
}

export const epochOf = (time: string) => Date.parse(`${time.replace(' ', 'T')}Z`) / 1000;
const ID = /[^\s,;:()'"]+/.source;

/** The user a pattern's activity names as the target ("… to user X", "… for user X", "User X …"). */
export function targetUserOf(activity: string): string | undefined {
  const m = new RegExp(`\\b(?:to|for) user (${ID})`, 'i').exec(activity) ?? new RegExp(`\\btarget user (${ID})`, 'i').exec(activity) ?? new RegExp(`\\buser (${ID})`, 'i').exec(activity) ?? new RegExp(`\\bto (${ID})`, 'i').exec(activity);
  const user = m?.[1]?.replace(/[.]+$/, '').toUpperCase();
  return user && user !== '' ? user : undefined;
}

/** The windows to watch, one per pattern that can start an escalation. */
export function escalationTriggers(patterns: readonly SuspiciousPattern[]): EscalationTrigger[] {
  const out: EscalationTrigger[] = [];
  const add = (kind: CaseEscalationKind, user: string | undefined, caseUser: string, time: string, hours: number, changesOnly: boolean, how: string) => {
    const from = epochOf(time);
    if (!user || Number.isNaN(from)) return;
    out.push({ id: out.length, kind, user: user.trim().toUpperCase(), caseUser: caseUser.trim().toUpperCase(), from, to: from + hours * 3600, changesOnly, how });
  };
  for (const p of patterns) {
    const name = p.pattern as string;
    const user = p.user.trim().toUpperCase();
    switch (name) {
      case 'SENSITIVE_PROFILE_ASSIGNED':
      case 'SENSITIVE_ROLE_ASSIGNED': {
        const target = targetUserOf(p.sm20_activity);
        if (target) add('privilege_then_use', target, target, p.sm20_time, PRIVILEGE_USE_HOURS, false, `${target} was given ${name === 'SENSITIVE_ROLE_ASSIGNED' ? 'a sensitive role' : 'a sensitive profile'} by ${user || 'an unknown user'} at ${p.sm20_time}`);
        break;
      }
      case 'BRUTE_FORCE_SUCCESS':
        add('privilege_then_use', user, user, p.sm20_time, PRIVILEGE_USE_HOURS, false, `${user} got in after a burst of failed logons at ${p.sm20_time}`);
        break;
      case 'EMERGENCY_ACCESS':
        if (p.risk_level === 'critical') add('privilege_then_use', user, user, p.sm20_time, PRIVILEGE_USE_HOURS, false, `emergency ID ${user} was used without a ticket at ${p.sm20_time}`);
        break;
      case 'USER_CREATED_AND_USED':
      case 'USER_UNLOCKED_AND_USED': {
        const account = /^User (\S+)/i.exec(p.sm20_activity)?.[1] ?? targetUserOf(p.sm20_activity);
        if (account) add('privilege_then_use', account, user, p.sm20_time, PRIVILEGE_USE_HOURS, false, `${user} ${name === 'USER_CREATED_AND_USED' ? 'created' : 'unlocked'} ${account.toUpperCase()}, which logged on from ${user}'s terminal at ${p.sm20_time}`);
        break;
      }
      case 'AUDIT_LOG_TAMPERING':
        add('covered_tracks', user, user, p.sm20_time, COVERED_TRACKS_HOURS, true, `${user} tampered with the audit log at ${p.sm20_time}`);
        break;
      case 'SYSTEM_OPENED_FOR_CHANGES': {
        // "Client 100 opened for changes by …" or "System opened for changes by …" (system-opened-for-changes.ts).
        const client = /^Client (\S+) opened/i.exec(p.sm20_activity)?.[1];
        add('covered_tracks', user, user, p.sm20_time, COVERED_TRACKS_HOURS, true, `${user} opened ${client ? `client ${client}` : 'the system'} for changes at ${p.sm20_time}`);
        break;
      }
    }
  }
  return out;
}

/** A pattern inside a trigger's window that is itself a use (a change by the trigger's user). */
export function patternUses(triggers: readonly EscalationTrigger[], patterns: PatternTable | readonly SuspiciousPattern[]): Map<number, TriggerHit> {
  if (triggers.length === 0) return new Map();
  const table = patterns instanceof PatternTable ? patterns : PatternTable.of(patterns);
  const watched = new Set(triggers.map((w) => w.user));
  // The change patterns of watched users, as table rows per user (upper-cased once per user of the table).
  const change = new Uint8Array(table.kinds.length);
  table.kinds.forEach((k, j) => (change[j] = CHANGE_PATTERNS.has(k) ? 1 : 0));
  const upper = table.users.map((u) => u.trim().toUpperCase());
  const byUser = new Map<string, number[]>();
  for (let i = 0; i < table.count; i++) {
    if (change[table.kind[i]!] !== 1) continue;
    const u = upper[table.user[i]!]!;
    if (watched.has(u)) (byUser.get(u) ?? byUser.set(u, []).get(u)!).push(i);
  }
  const hits = new Map<number, TriggerHit>();
  for (const w of triggers) {
    for (const i of byUser.get(w.user) ?? []) {
      const t = Math.floor(table.epoch[i]!);
      if (Number.isNaN(t) || t <= w.from || t > w.to) continue;
      // A change pattern of an SM20 change event names the event first ("EU1 SE06"): the window's own closing is no use of it.
      if (w.changesOnly && SETTING_EVENTS.has(table.activity(i).split(' ', 1)[0]!)) continue;
      const known = hits.get(w.id);
      if (!known || t < known.epoch) hits.set(w.id, { epoch: t, text: `changed data (${table.kindName(i)} at ${table.time(i)})` });
    }
  }
  return hits;
}

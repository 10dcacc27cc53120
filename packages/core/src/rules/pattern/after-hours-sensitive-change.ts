/**
 * AFTER_HOURS_SENSITIVE_CHANGE: a change to sensitive data or a high-risk table outside business
 * hours (step 1's records, and CDPOS items whose time only their header knows); one pattern per
 * user and moment, as a header and its items describe the same change.
 */
import { definePattern } from './define-pattern.ts';
import { itemActivity, toEpoch } from '../../facts/file-facts.ts';
import type { ItemPatternRule, ItemRuleEnv } from './pattern-env.ts';

function find(env: ItemRuleEnv): void {
  const { users, hits } = env;
  const afterHours = env.pairSet();
  for (const f of env.facts) {
    const a = f.afterHoursSensitive;
    const uid = users.column(a.users);
    const src = hits.source((i) => [a.users.get(i), a.activities.get(i)]);
    for (let i = 0; i < a.users.length; i++) if (afterHours.add(uid(i), a.times[i]!) >= 0) hits.add('AFTER_HOURS_SENSITIVE_CHANGE', 'high', a.times[i]!, src, i);
  }
  const headers = env.headers;
  for (const f of env.facts) {
    const s = f.sensitiveItemKeys;
    const headerOf = new Int32Array(s.keys.length);
    const src = hits.source((i) => [headers.user(headerOf[i]!), itemActivity(s.keys.get(i), s.details.get(i))]);
    for (let i = 0; i < s.keys.length; i++) {
      const h = (headerOf[i] = headers.findKeyAt(s.keys, i));
      if (h < 0) continue;
      const date = headers.date(h);
      const time = headers.time(h);
      const t = toEpoch(date, time);
      if (t !== undefined && env.timingOf(date, time) !== undefined && afterHours.add(users.of(headers.user(h)), t) >= 0) hits.add('AFTER_HOURS_SENSITIVE_CHANGE', 'high', t, src, i);
    }
  }
}

export const AFTER_HOURS_SENSITIVE_CHANGE: ItemPatternRule<'AFTER_HOURS_SENSITIVE_CHANGE'> = definePattern(
  { name: 'AFTER_HOURS_SENSITIVE_CHANGE', severity: 'high', title: 'Sensitive change outside business hours', summary: 'A change to sensitive data or a high-risk table outside business hours ({businessHours.start}–{businessHours.end}), on a weekend or a holiday.', reads: 'records with CHANGE_TIMING and SENSITIVE_OBJECT, SENSITIVE_FIELD, a DU9/CUZ change of a high-risk table or a debugger change (CUL, BUY) naming one; an SM20 file alone is enough', nextSteps: 'Check the change was planned; sensitive changes at night or at weekends are a common fraud signal.' },
  { facts: ['afterHoursSensitive', 'sensitiveItemKeys'], find },
);

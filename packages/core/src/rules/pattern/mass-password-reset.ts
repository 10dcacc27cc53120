/**
 * MASS_PASSWORD_RESET: one user changes the passwords of `passwordResets.count` or more other users
 * within `passwordResets.minutes` (BU2 of another user; IDENTITY items on USR02's password fields of
 * another user); one pattern per run, stating the count.
 */
import { definePattern } from './define-pattern.ts';
import type { SuspiciousPattern } from '../../model/index.ts';
import { defineFact } from './define-fact.ts';
import { PASSWORD_FIELDS } from '../record/change-document-keys.ts';
import { distinctRuns } from './distinct-runs.ts';
import { actorOf, K, MINUTE, pattern, type PatternEnv } from './pattern-env.ts';

/** The target (`target`) is a user other than the record's user (neither empty). */
const another = (target: string, user: string) => {
  const t = target.trim().toUpperCase();
  return t !== '' && t !== user.trim().toUpperCase();
};

/**
 * The password of another user changed: SM20 BU2 with another user in the second variable, an
 * IDENTITY item on USR02's password fields of another user. Declared by event and by table, field and
 * class: no record rule marks it.
 */
export const PASSWORD_RESET = defineFact({
  kind: 'password_reset',
  about: "the password of another user changed (BU2 of another user; IDENTITY items on USR02's password fields)",
  events: ['BU2'],
  changes: [{ tables: ['USR02'], fields: [...PASSWORD_FIELDS], classes: ['IDENTITY'] }],
  records: {
    SM20: { target: 'var2', terminal: 'terminal', peer: 'peerAddress', when: (rec) => another(rec.var2, rec.user) },
    CDPOS: { target: 'objectid', key: 'docKey', when: (rec) => another(rec.objectid, rec.user) },
  },
});

interface Reset {
  target: string;
  epoch: number;
}

function find(env: PatternEnv): void {
  const th = env.thresholds.passwordResets;
  const byUser = new Map<string, Reset[]>();
  for (const e of env.securityEvents) {
    if (e[K.kind] !== PASSWORD_RESET.kind) continue;
    const { user, epoch } = actorOf(env, e);
    const actor = user.trim().toUpperCase();
    const target = e[K.target].trim().toUpperCase();
    if (actor === '' || target === '' || target === actor || Number.isNaN(epoch)) continue;
    let list = byUser.get(actor);
    if (list === undefined) byUser.set(actor, (list = []));
    list.push({ target, epoch });
  }
  const found: SuspiciousPattern[] = [];
  for (const [actor, list] of byUser) {
    list.sort((a, b) => a.epoch - b.epoch);
    for (const run of distinctRuns(list, (r) => r.epoch, (r) => r.target, th.minutes * MINUTE, th.count)) {
      const targets = [...run.values];
      found.push(pattern('MASS_PASSWORD_RESET', 'high', actor, list[run.first]!.epoch, `Passwords of ${targets.length} other users changed within ${th.minutes} minutes (${targets.slice(0, 20).join(', ')}${targets.length > 20 ? ' …' : ''})`));
    }
  }
  env.hits.addPatterns(found);
}

export const MASS_PASSWORD_RESET = definePattern(
  {
    name: 'MASS_PASSWORD_RESET',
    severity: 'high',
    title: 'Passwords of many users changed by one user',
    summary: 'One user changed the passwords of {passwordResets.count} or more other users within {passwordResets.minutes} minutes.',
    reads: 'SM20 BU2 with another user in the second variable; IDENTITY change documents on USR02 password fields (PASSCODE PWDSALTEDHASH BCODE CODVN PWDSTATE PWDINITIAL PWDCHGDATE) of another user ({passwordResets.count} users in {passwordResets.minutes} minutes)',
    nextSteps: 'Ask why so many passwords were reset at once; check a request for each and that no account was then used by the person who reset it (USER_UNLOCKED_AND_USED).',
    sentinel: 'SAP - Multiple Password Changes',
    settings: [{ key: 'passwordResets', kind: 'numbers', fields: { count: { default: 5, min: 2, max: 10000, label: 'Password resets by one user', unit: 'users', help: "Other users' passwords: MASS_PASSWORD_RESET" }, minutes: { default: 60, min: 1, max: 1440, label: 'Password reset window in minutes', unit: 'minutes' } } }],
  },
  { find, collects: [PASSWORD_RESET] },
);

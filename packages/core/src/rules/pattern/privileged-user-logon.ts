/** PRIVILEGED_USER_LOGON: a standard user of the privileged-users watchlist logged on. */
import { definePattern } from './define-pattern.ts';
import { defineFact } from './define-fact.ts';
import { eventsOfKind, K, pattern, type PatternEnv } from './pattern-env.ts';

/** A successful logon (AU1 AU5) of a standard user of the privileged-users watchlist (user-rules.ts marks it: USER-PRIVILEGED). */
export const PRIVILEGED_LOGON = defineFact({
  kind: 'privileged_logon',
  about: 'a successful logon of a privileged standard user (SAP*, DDIC …)',
  records: { SM20: { terminal: 'terminal', peer: 'peerAddress', activity: 'recordText' } },
});

function find(env: PatternEnv): void {
  const kindOf = env.kindOf;
  const found = [];
  for (const e of eventsOfKind(env, PRIVILEGED_LOGON.kind)) {
    if (!kindOf || kindOf(e[K.user]) === 'standard') found.push(pattern('PRIVILEGED_USER_LOGON', 'high', e[K.user], e[K.epoch], `Logon of privileged standard user ${e[K.user]}: ${e[K.activity]}`));
  }
  env.hits.addPatterns(found);
}

export const PRIVILEGED_USER_LOGON = definePattern(
  { name: 'PRIVILEGED_USER_LOGON', severity: 'high', title: 'Logon of a privileged standard user', summary: 'A logon of a standard user such as SAP* or DDIC, which should stay locked.', reads: 'SM20 AU1 AU5 of a standard user of the privileged-users watchlist', nextSteps: 'Find who used the standard user and why; it should be locked and its password in a vault.', sentinel: 'SAP - Sensitive Privileged User Logged in; SAP - Dialog logon attempt from a privileged user' },
  { find, collects: [PRIVILEGED_LOGON] },
);

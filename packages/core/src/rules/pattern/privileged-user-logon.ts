/** PRIVILEGED_USER_LOGON: a standard user of the privileged-users watchlist logged on. */
import { eventsOfKind, K, pattern, type PatternEnv, type PatternRule } from './pattern-env.ts';

function find(env: PatternEnv): void {
  const kindOf = env.kindOf;
  const found = [];
  for (const e of eventsOfKind(env, 'P')) {
    if (!kindOf || kindOf(e[K.user]) === 'standard') found.push(pattern('PRIVILEGED_USER_LOGON', 'high', e[K.user], e[K.epoch], `Logon of privileged standard user ${e[K.user]}: ${e[K.activity]}`));
  }
  env.hits.addPatterns(found);
}

export const PRIVILEGED_USER_LOGON: PatternRule = { name: 'PRIVILEGED_USER_LOGON', reads: [], find };

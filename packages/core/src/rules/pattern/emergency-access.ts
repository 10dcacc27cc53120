/** EMERGENCY_ACCESS: the first record of each emergency (firefighter) ID per calendar day; critical when no ticket covers it. */
import { formatEpoch } from '../../facts/index.ts';
import { eventsOfKind, K, pattern, type PatternEnv, type PatternRule } from './pattern-env.ts';

/** Emergency IDs' records are checked against tickets too. */
function coverUsers(env: PatternEnv, mark: (uid: number) => void): void {
  for (const e of env.securityEvents) if (e[K.kind] === 'E' && e[K.user] !== '') mark(env.users.of(e[K.user].toUpperCase()));
}

function find(env: PatternEnv): void {
  const coverage = env.coverage;
  const seenDays = new Set<string>();
  const found = [];
  for (const e of eventsOfKind(env, 'E').sort((a, b) => a[K.epoch] - b[K.epoch])) {
    const day = formatEpoch(e[K.epoch]).slice(0, 10);
    const id = `${e[K.user].toUpperCase()}\u0001${day}`;
    if (e[K.user] === '' || seenDays.has(id)) continue;
    seenDays.add(id);
    const uncovered = coverage !== undefined && !coverage.covers(env.users.of(e[K.user].toUpperCase()), e[K.epoch]);
    found.push(pattern('EMERGENCY_ACCESS', uncovered ? 'critical' : 'high', e[K.user], e[K.epoch], `First record of emergency ID ${e[K.user]} on ${day}${uncovered ? ' (no ticket covers it)' : ''}: ${e[K.activity]}`));
  }
  env.hits.addPatterns(found);
}

export const EMERGENCY_ACCESS: PatternRule = { name: 'EMERGENCY_ACCESS', reads: [], coverUsers, find };

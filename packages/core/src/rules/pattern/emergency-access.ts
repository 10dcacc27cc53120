/** EMERGENCY_ACCESS: the first record of each emergency (firefighter) ID per calendar day; critical when no ticket covers it. */
import { definePattern } from './define-pattern.ts';
import { defineFact } from './define-fact.ts';
import { formatEpoch } from '../../facts/file-facts.ts';
import { eventsOfKind, K, pattern, type PatternEnv } from './pattern-env.ts';

/**
 * A record of an emergency ID of the privileged-users watchlist (user-rules.ts marks it: USER-EMERGENCY,
 * the acting user); change documents only with their date (an item whose header is elsewhere has no user).
 */
export const EMERGENCY_RECORD = defineFact({
  kind: 'emergency',
  about: 'a record of an emergency (firefighter) ID',
  records: {
    SM20: { terminal: 'terminal', peer: 'peerAddress', activity: 'recordText' },
    CDHDR: { activity: 'recordText', key: 'docKey', when: (rec) => rec.date !== '' },
    CDPOS: { activity: 'recordText', key: 'docKey', when: (rec) => rec.date !== '' },
  },
});

/** Emergency IDs' records are checked against tickets too. */
function coverUsers(env: PatternEnv, mark: (uid: number) => void): void {
  for (const e of env.securityEvents) if (e[K.kind] === EMERGENCY_RECORD.kind && e[K.user] !== '') mark(env.users.of(e[K.user].toUpperCase()));
}

function find(env: PatternEnv): void {
  const coverage = env.coverage;
  const seenDays = new Set<string>();
  const found = [];
  for (const e of eventsOfKind(env, EMERGENCY_RECORD.kind).sort((a, b) => a[K.epoch] - b[K.epoch])) {
    const day = formatEpoch(e[K.epoch]).slice(0, 10);
    const id = `${e[K.user].toUpperCase()}\u0001${day}`;
    if (e[K.user] === '' || seenDays.has(id)) continue;
    seenDays.add(id);
    const uncovered = coverage !== undefined && !coverage.covers(env.users.of(e[K.user].toUpperCase()), e[K.epoch]);
    found.push(pattern('EMERGENCY_ACCESS', uncovered ? 'critical' : 'high', e[K.user], e[K.epoch], `First record of emergency ID ${e[K.user]} on ${day}${uncovered ? ' (no ticket covers it)' : ''}: ${e[K.activity]}`));
  }
  env.hits.addPatterns(found);
}

export const EMERGENCY_ACCESS = definePattern(
  { name: 'EMERGENCY_ACCESS', severity: 'high', title: 'Emergency ID used', summary: 'An emergency (firefighter) ID was used; critical when no ticket covers it.', reads: 'the first record of each emergency ID per day; tickets (critical when none covers it)', nextSteps: 'Match the use to a firefighter request and review the firefighter log.' },
  { coverUsers, find, collects: [EMERGENCY_RECORD] },
);

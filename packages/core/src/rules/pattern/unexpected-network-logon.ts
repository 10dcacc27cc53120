/**
 * UNEXPECTED_NETWORK_LOGON: a successful logon from a peer address outside the organisation's
 * networks (setting `networks`; off while empty; a logon without an address is not judged). One
 * pattern per user, address and day: the first such logon.
 */
import type { SuspiciousPattern } from '../../model/index.ts';
import { definePattern } from './define-pattern.ts';
import { formatEpoch } from '../../facts/file-facts.ts';
import { createNetworkCheck } from '../../flags/networks.ts';
import { logonsByUser } from './logon-log.ts';
import { pattern, type PatternEnv } from './pattern-env.ts';

function find(env: PatternEnv): void {
  const networks = createNetworkCheck(env.thresholds.networks);
  if (networks.empty) return;
  const found: SuspiciousPattern[] = [];
  for (const [user, list] of logonsByUser(env.logonLogs)) {
    const seen = new Set<string>();
    for (const l of list) {
      if (!l.peer || !networks.outside(l.address)) continue;
      const day = formatEpoch(l.time).slice(0, 10);
      const id = `${l.address}\u0001${day}`;
      if (seen.has(id)) continue;
      seen.add(id);
      found.push(pattern('UNEXPECTED_NETWORK_LOGON', 'high', user, l.time, `Logon of ${user} from ${l.address}, outside the organisation's networks (${env.thresholds.networks.join(', ')})`));
    }
  }
  env.hits.addPatterns(found);
}

export const UNEXPECTED_NETWORK_LOGON = definePattern(
  {
    name: 'UNEXPECTED_NETWORK_LOGON',
    severity: 'high',
    title: 'Logon from outside the organisation’s networks',
    summary: 'A successful logon from an address outside the organisation’s networks (the first of each user, address and day).',
    reads: 'SM20 AU1 AU5 peer address (without its port) against the networks setting (CIDR ranges; the rule is off while the list is empty; a logon without an address is not judged)',
    nextSteps: 'Find whose address it is; a logon from an unknown network may be a stolen account or remote access nobody approved.',
    sentinel: 'SAP - Login from unexpected network',
    settings: [{ key: 'networks', kind: 'cidrs', default: [], max: 1000, label: 'Networks (CIDR ranges, one per line)', title: "The organisation's networks", help: 'A successful logon from an address outside these ranges is UNEXPECTED_NETWORK_LOGON. While the list is empty (the default) no logon is judged.', placeholder: '10.0.0.0/8\n192.168.10.0/24' }],
  },
  { find },
);

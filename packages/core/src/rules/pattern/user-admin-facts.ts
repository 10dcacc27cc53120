/**
 * The user administration that USER_CREATED_AND_USED and USER_UNLOCKED_AND_USED read, and the logon
 * windows they open (logon-windows.ts): declared here, apart from the two patterns, because the
 * windows read them too. Target: the user created, unlocked or given a new password (as written).
 */
import { defineFact } from './define-fact.ts';

/** A user created (SM20 AU7; the new user in the first variable). */
export const USER_CREATED = defineFact({
  kind: 'user_created',
  about: 'a user created (AU7)',
  events: ['AU7'],
  records: { SM20: { target: (rec) => rec.var1, terminal: 'terminal', peer: 'peerAddress', activity: 'recordText' } },
});

/** A user unlocked (AUA; the user in the first variable) or given a new password (BU2; in the second). */
export const USER_UNLOCKED = defineFact({
  kind: 'user_unlocked',
  about: 'a user unlocked or given a new password (AUA, BU2)',
  events: ['AUA', 'BU2'],
  records: { SM20: { target: (rec) => (rec.event === 'AUA' ? rec.var1 : rec.var2), terminal: 'terminal', peer: 'peerAddress', activity: 'recordText' } },
});

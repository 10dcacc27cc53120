/** USER-PRIVILEGED and USER-EMERGENCY: the privileged-users watchlist against the acting and the target user. */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { markFact, setOther, type FlagResult } from '../../flags/flag-result.ts';
import { EMERGENCY_RECORD } from '../pattern/emergency-access.ts';
import { PRIVILEGED_LOGON } from '../pattern/privileged-user-logon.ts';
import type { RuleEnv } from './record-env.ts';
import { defineRecordRules } from './define-record-rules.ts';

/** privileged_user / emergency_access for the acting user and, when given, the target user. */
export function flagUsers(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, target: string): void {
  const watch = env.watch;
  if (watch.empty) return;
  const reason = env.reason;
  const initial = rec.userInitial;
  if (initial !== 0 && (initial < 0 || watch.mayMatchInitial(initial))) {
    const user = rec.user;
    const kind = watch.kindOf(user);
    if (kind === 'standard') {
      setOther(out, 'privileged_user', reason('PU', user, () => `privileged_user: Record of privileged standard user ${user}`), 'USER-PRIVILEGED');
      if (rec.event === 'AU1' || rec.event === 'AU5') markFact(out, PRIVILEGED_LOGON);
    } else if (kind === 'emergency') {
      setOther(out, 'emergency_access', reason('EA', user, () => `emergency_access: Record of emergency user ${user}`), 'USER-EMERGENCY');
      markFact(out, EMERGENCY_RECORD);
    }
  }
  if (target !== '' && watch.kindOf(target) === 'standard') {
    setOther(out, 'privileged_user', reason('PT', target, () => `privileged_user: Privileged standard user ${target} is the target`), 'USER-PRIVILEGED');
  }
}

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const USER_RULES = defineRecordRules([
  { id: 'USER-PRIVILEGED', title: 'Privileged standard user involved', severity: 'high', flag: 'OTHER', category: 'privileged_user', reads: 'acting user, or the target user of AU7–AUD (first variable), BU1 BU2 AUM (second variable) and IDENTITY change documents (OBJECTID), against the standard users of the privileged-users watchlist', nextSteps: 'Standard users such as SAP* and DDIC should be locked and unused; find who used or changed it and why.', sentinel: 'SAP - Change in a Sensitive Privileged User; SAP - Sensitive privileged user makes a change in another user' },
  { id: 'USER-EMERGENCY', title: 'Emergency (firefighter) ID used', severity: 'high', flag: 'OTHER', category: 'emergency_access', reads: 'acting user against the emergency IDs of the privileged-users watchlist', nextSteps: 'Match the session to its firefighter request and review the firefighter log.' },
]);

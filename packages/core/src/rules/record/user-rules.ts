/** USER-PRIVILEGED and USER-EMERGENCY: the privileged-users watchlist against the acting and the target user. */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { setOther, type FlagResult } from '../../flags/flag-result.ts';
import type { RuleEnv } from './record-env.ts';

/** privileged_user / emergency_access for the acting user and, when given, the target user. */
export function flagUsers(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, target: string): void {
  const watch = env.watch;
  if (watch.empty) return;
  const reason = env.reason;
  const initial = rec.userInitial;
  if (initial !== 0 && (initial < 0 || watch.mayMatchInitial(initial))) {
    const user = rec.user;
    const kind = watch.kindOf(user);
    if (kind === 'standard') setOther(out, 'privileged_user', reason('PU', user, () => `privileged_user: Record of privileged standard user ${user}`), 'USER-PRIVILEGED');
    else if (kind === 'emergency') setOther(out, 'emergency_access', reason('EA', user, () => `emergency_access: Record of emergency user ${user}`), 'USER-EMERGENCY');
  }
  if (target !== '' && watch.kindOf(target) === 'standard') {
    setOther(out, 'privileged_user', reason('PT', target, () => `privileged_user: Privileged standard user ${target} is the target`), 'USER-PRIVILEGED');
  }
}

import { AFTER_HOURS_SENSITIVE_CHANGE } from './after-hours-sensitive-change.ts';
import { AUDIT_LOG_TAMPERING } from './audit-log-tampering.ts';
import { BRUTE_FORCE_SUCCESS } from './brute-force-success.ts';
import { CHANGE_WITHOUT_TICKET } from './change-without-ticket.ts';
import { DEBUGGER_DATA_CHANGE } from './debugger-data-change.ts';
import { EMERGENCY_ACCESS } from './emergency-access.ts';
import { FAILED_LOGON_BURST } from './failed-logon-burst.ts';
import { MASS_DOWNLOAD } from './mass-download.ts';
import type { PatternRule } from './pattern-env.ts';
import { PRIVILEGED_USER_LOGON } from './privileged-user-logon.ts';
import { SELF_AUTHORIZATION } from './self-authorization.ts';
import { SENSITIVE_PROFILE_ASSIGNED } from './sensitive-profile-assigned.ts';
import { SYSTEM_OPENED_FOR_CHANGES } from './system-opened-for-changes.ts';
import { UNDOCUMENTED_TABLE_CHANGE } from './undocumented-table-change.ts';
import { USER_CREATED_AND_USED, USER_UNLOCKED_AND_USED } from './user-created-or-unlocked.ts';

/**
 * The correlation patterns, in the order their kinds are listed at equal times (and counted in the
 * summary). The correlation step runs a rule once the late facts keys it reads are loaded, in this
 * order otherwise. A new pattern is a module here, a line below and a catalogue entry
 * (rules/pattern-rules.ts).
 */
export const PATTERN_LIST: readonly PatternRule[] = [
  DEBUGGER_DATA_CHANGE,
  UNDOCUMENTED_TABLE_CHANGE,
  SELF_AUTHORIZATION,
  CHANGE_WITHOUT_TICKET,
  BRUTE_FORCE_SUCCESS,
  PRIVILEGED_USER_LOGON,
  EMERGENCY_ACCESS,
  USER_CREATED_AND_USED,
  USER_UNLOCKED_AND_USED,
  SENSITIVE_PROFILE_ASSIGNED,
  AUDIT_LOG_TAMPERING,
  MASS_DOWNLOAD,
  SYSTEM_OPENED_FOR_CHANGES,
  AFTER_HOURS_SENSITIVE_CHANGE,
  FAILED_LOGON_BURST,
];

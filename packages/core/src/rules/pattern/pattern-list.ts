import { AFTER_HOURS_SENSITIVE_CHANGE } from './after-hours-sensitive-change.ts';
import { AUDIT_LOG_TAMPERING } from './audit-log-tampering.ts';
import { BANK_CHANGE_THEN_PAYMENT } from './bank-change-then-payment.ts';
import { BRUTE_FORCE_SUCCESS } from './brute-force-success.ts';
import { CHANGE_WITHOUT_TICKET } from './change-without-ticket.ts';
import { DEBUGGER_DATA_CHANGE } from './debugger-data-change.ts';
import { EMERGENCY_ACCESS } from './emergency-access.ts';
import { FAILED_LOGON_BURST } from './failed-logon-burst.ts';
import { MASS_DOWNLOAD } from './mass-download.ts';
import { MASS_PASSWORD_RESET } from './mass-password-reset.ts';
import { MULTIPLE_LOGONS_BY_IP } from './multiple-logons-by-ip.ts';
import { MULTIPLE_LOGONS_BY_USER } from './multiple-logons-by-user.ts';
import { PRIVILEGED_USER_LOGON } from './privileged-user-logon.ts';
import { SELF_AUTHORIZATION } from './self-authorization.ts';
import { SENSITIVE_PROFILE_ASSIGNED } from './sensitive-profile-assigned.ts';
import { SENSITIVE_ROLE_ASSIGNED } from './sensitive-role-assigned.ts';
import { SYSTEM_OPENED_FOR_CHANGES } from './system-opened-for-changes.ts';
import { UNDOCUMENTED_TABLE_CHANGE } from './undocumented-table-change.ts';
import { UNEXPECTED_NETWORK_LOGON } from './unexpected-network-logon.ts';
import { USER_CREATED_AND_USED, USER_UNLOCKED_AND_USED } from './user-created-or-unlocked.ts';

/**
 * The correlation patterns: the only list of them. The rule catalogue and the `PatternName` type
 * derive from it. Its order is the order their kinds are listed at equal times (and counted in the
 * summary); the correlation step runs a rule once the late facts keys it reads are loaded, in this
 * order otherwise. A new pattern is a module of this folder (definePattern: its catalogue entry and
 * its code) and a line below (docs/contributing.md).
 */
export const PATTERN_LIST = [
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
  SENSITIVE_ROLE_ASSIGNED,
  AUDIT_LOG_TAMPERING,
  MASS_DOWNLOAD,
  MASS_PASSWORD_RESET,
  SYSTEM_OPENED_FOR_CHANGES,
  BANK_CHANGE_THEN_PAYMENT,
  AFTER_HOURS_SENSITIVE_CHANGE,
  FAILED_LOGON_BURST,
  MULTIPLE_LOGONS_BY_USER,
  MULTIPLE_LOGONS_BY_IP,
  UNEXPECTED_NETWORK_LOGON,
] as const;

/** The name of a correlation pattern (SuspiciousPattern.pattern), as the list gives them. */
export type PatternName = (typeof PATTERN_LIST)[number]['name'];

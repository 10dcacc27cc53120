import type { PatternName } from '../model/index.ts';
import type { RuleDefinition } from './types.ts';

const pattern = (name: PatternName, severity: RuleDefinition['severity'], r: Omit<RuleDefinition, 'kind' | 'id' | 'pattern' | 'severity'>): RuleDefinition => ({
  id: patternRuleId(name),
  kind: 'pattern',
  pattern: name,
  severity,
  ...r,
});

/** Rule id of a pattern: PAT- and the name with hyphens (BRUTE_FORCE_SUCCESS -> PAT-BRUTE-FORCE-SUCCESS). */
export function patternRuleId(name: PatternName): string {
  return `PAT-${name.replace(/_/g, '-')}`;
}

/** Rules of the correlation patterns (DETECTION.md section 3). */
export const PATTERN_RULES: readonly RuleDefinition[] = [
  pattern('DEBUGGER_DATA_CHANGE', 'critical', { title: 'Debugger change followed by a data change', reads: 'SM20 CUL, then a change document or DU9/CUZ change by the same user within 60 minutes', nextSteps: 'Compare the debugger session with the data changed; treat as manipulation until explained.', sentinel: 'SAP - Data has Changed during Debugging Activity' }),
  pattern('UNDOCUMENTED_TABLE_CHANGE', 'high', { title: 'Table change without a change document', reads: 'SM20 DU9/CUZ change activity and CDHDR of the same user within 15 minutes', nextSteps: 'Find what was changed in the table (table logging, DBTABLOG) and why no document exists.' }),
  pattern('SELF_AUTHORIZATION', 'critical', { title: 'User changed their own authorisations', reads: 'AU7 AUB AUD (first variable), IDENTITY change documents on authorisation tables (OBJECTID), PFCG AGR_USERS (user in TABKEY)', nextSteps: 'Remove the self-granted access and find how the user could administer themselves (segregation of duties).' }),
  pattern('CHANGE_WITHOUT_TICKET', 'high', { title: 'Flagged change without a ticket', reads: 'flagged change records and the tickets naming the user (one day before request to one day after close)', nextSteps: 'Ask for the change request; an unapproved change to a flagged object is a finding.' }),
  pattern('AFTER_HOURS_SENSITIVE_CHANGE', 'high', { title: 'Sensitive change outside business hours', reads: 'records with CHANGE_TIMING and SENSITIVE_OBJECT, SENSITIVE_FIELD, a DU9/CUZ change of a high-risk table or a CUL naming one', nextSteps: 'Check the change was planned; sensitive changes at night or at weekends are a common fraud signal.' }),
  pattern('FAILED_LOGON_BURST', 'medium', { title: 'Burst of failed logons', reads: 'SM20 AU2 AU6 AUO BU1 per user, terminal or peer address (5 in 10 minutes by default)', nextSteps: 'Check whether a logon succeeded afterwards and whether the source is known.', sentinel: 'SAP - Brute force attacks' }),
  pattern('BRUTE_FORCE_SUCCESS', 'critical', { title: 'Successful logon after a burst of failures', reads: 'a failed-logon burst, then AU1/AU5 of the same user or from the same terminal or address within 30 minutes', nextSteps: 'Treat the account as compromised until the owner confirms the logon; review what the session did.' }),
  pattern('PRIVILEGED_USER_LOGON', 'high', { title: 'Logon of a privileged standard user', reads: 'SM20 AU1 AU5 of a standard user of the privileged-users watchlist', nextSteps: 'Find who used the standard user and why; it should be locked and its password in a vault.', sentinel: 'SAP - Sensitive privileged user logged in' }),
  pattern('EMERGENCY_ACCESS', 'high', { title: 'Emergency ID used', reads: 'the first record of each emergency ID per day; tickets (critical when none covers it)', nextSteps: 'Match the use to a firefighter request and review the firefighter log.' }),
  pattern('USER_CREATED_AND_USED', 'high', { title: 'User created and then used from the creator’s machine', reads: 'AU7 (user X created by A), then a logon of X from A’s terminal or address within 60 minutes', nextSteps: 'Ask A why they logged on as the new user; delete or lock it if unexplained.', sentinel: 'SAP - User Creates and uses new user' }),
  pattern('USER_UNLOCKED_AND_USED', 'high', { title: 'User unlocked and then used from the unlocker’s machine', reads: 'AUA or BU2 (X unlocked or password changed by A), then a logon of X from A’s terminal or address within 60 minutes', nextSteps: 'Ask A why they used the unlocked user; lock it again if unexplained.', sentinel: 'SAP - User Unlocks and uses other users' }),
  pattern('SENSITIVE_PROFILE_ASSIGNED', 'critical', { title: 'Sensitive profile assigned', reads: 'an insert on UST04 or SUSR_UST04 with a profile of the sensitive-profiles watchlist', nextSteps: 'Check the approval; SAP_ALL and similar profiles should only be given through an emergency process.', sentinel: 'SAP - Assignment of a sensitive profile' }),
  pattern('AUDIT_LOG_TAMPERING', 'critical', { title: 'Security audit log tampered with', reads: 'AUJ with value 0, AUI, FU0, SM18, RSAUPURG, RSAU_CLEAR_AUDIT_LOG', nextSteps: 'Find who changed the audit log and what happened while it was off or after the files were deleted.', sentinel: 'SAP - Deactivation of Security Audit Log' }),
  pattern('MASS_DOWNLOAD', 'high', { title: 'Many downloads by one user', reads: 'SM20 AUY per user (10 in 60 minutes by default)', nextSteps: 'Check what was downloaded and whether the data may leave the system.', sentinel: 'SAP - Multiple Files Download' }),
  pattern('SYSTEM_OPENED_FOR_CHANGES', 'critical', { title: 'System or client opened for changes', reads: 'EU1 (state Modifiable/Änderbar) or EU2 (settings with 1 in the third position), then change activity until it is closed, at most 8 hours', nextSteps: 'Check the opening was approved and review every change made while the system was open.', sentinel: 'SAP - System Configuration Change' }),
];

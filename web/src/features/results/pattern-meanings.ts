/** Titles and one-line explanations of the suspicious patterns (DETECTION.md section 3). */
export interface PatternMeaning {
  title: string;
  explanation: string;
}

export const PATTERN_MEANINGS: Record<string, PatternMeaning> = {
  DEBUGGER_DATA_CHANGE: { title: 'Data changed in the debugger', explanation: 'A debugger field change followed by a data change of the same user within 60 minutes.' },
  SELF_AUTHORIZATION: { title: 'User changed own authorisations', explanation: 'The acting user created, changed or assigned roles or profiles to themselves.' },
  BRUTE_FORCE_SUCCESS: { title: 'Logon succeeded after failed attempts', explanation: 'A burst of failed logons followed within 30 minutes by a successful one.' },
  SENSITIVE_PROFILE_ASSIGNED: { title: 'Sensitive profile assigned', explanation: 'A sensitive profile such as SAP_ALL was assigned to a user.' },
  AUDIT_LOG_TAMPERING: { title: 'Security audit log tampered with', explanation: 'The audit log was switched off, a slot deactivated, its medium changed or its files deleted.' },
  SYSTEM_OPENED_FOR_CHANGES: { title: 'System opened for changes', explanation: 'A system or client was made modifiable; the changes made while it was open are counted.' },
  EMERGENCY_ACCESS: { title: 'Emergency user active', explanation: 'An emergency (firefighter) ID was used; critical when no ticket covers it.' },
  UNDOCUMENTED_TABLE_CHANGE: { title: 'Table changed without a change document', explanation: 'Direct table maintenance with no change document by that user within 15 minutes.' },
  CHANGE_WITHOUT_TICKET: { title: 'Change without a ticket', explanation: 'A flagged change by a user that no supplied ticket covers.' },
  AFTER_HOURS_SENSITIVE_CHANGE: { title: 'Sensitive change outside business hours', explanation: 'A change to sensitive data or a high-risk table at night, on a weekend or a holiday.' },
  PRIVILEGED_USER_LOGON: { title: 'Privileged standard user logged on', explanation: 'A logon of a standard user such as SAP* or DDIC, which should stay locked.' },
  USER_CREATED_AND_USED: { title: 'User created and used at once', explanation: 'A new user logged on from the creator’s terminal within 60 minutes of being created.' },
  USER_UNLOCKED_AND_USED: { title: 'User unlocked and used at once', explanation: 'A user logged on from the unlocker’s terminal within 60 minutes of being unlocked or given a new password.' },
  MASS_DOWNLOAD: { title: 'Mass download', explanation: 'Ten or more downloads by one user within 60 minutes.' },
  FAILED_LOGON_BURST: { title: 'Burst of failed logons', explanation: 'Five or more failed logons for one user or from one terminal within 10 minutes.' },
};

/** The readable title and explanation of a pattern; unknown patterns keep their name. */
export function patternMeaning(pattern: string): PatternMeaning {
  return PATTERN_MEANINGS[pattern] ?? { title: pattern.replace(/_/g, ' ').toLowerCase().replace(/^./, (c) => c.toUpperCase()), explanation: 'A pattern found across the records by the analyzer.' };
}

const LEVEL_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3 };

export function levelRank(level: string | undefined): number {
  return LEVEL_RANK[(level ?? '').toLowerCase()] ?? 4;
}

/** Critical first, then high, medium, low (unknown last); by time within a level. */
export function sortBySeverity<T extends { risk_level: string; sm20_time?: string }>(patterns: readonly T[]): T[] {
  return [...patterns].sort((a, b) => levelRank(a.risk_level) - levelRank(b.risk_level) || (a.sm20_time ?? '').localeCompare(b.sm20_time ?? ''));
}

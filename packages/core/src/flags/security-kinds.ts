/**
 * The security events step 1's collector makes by itself (facts `securityEvents`, read by the pattern
 * modules of rules/pattern/): a closed list of names, one per kind of record. The facts store them as
 * words in a dictionary column, so a name costs no more than a letter did. A kind a pattern needs
 * beyond these is a fact the pattern module declares (rules/pattern/define-fact.ts); the union of
 * both is `SecurityEventKind` (rules/pattern/fact-list.ts).
 */
export const SECURITY_KIND = {
  /** A successful logon of a privileged standard user (PRIVILEGED_USER_LOGON). */
  privilegedLogon: 'privileged_logon',
  /** A user created (AU7). */
  userCreated: 'user_created',
  /** A user unlocked or given a new password (AUA, BU2). */
  userUnlocked: 'user_unlocked',
  /** The audit log switched off, a slot deactivated, its medium changed, its files deleted. */
  auditTampering: 'audit_tampering',
  /** The system or a client opened for changes (EU1, EU2). */
  opened: 'opened',
  /** The system or a client closed again (EU1, EU2 that do not open). */
  closed: 'closed',
  /** A record of an emergency ID. */
  emergency: 'emergency',
  /** A change-document item that changes a user's authorisations (SELF_AUTHORIZATION). */
  authorisationChange: 'authorisation_change',
  /** A logon read again in correlation (logon-windows.ts). */
  logon: 'logon',
} as const;

export type SecurityKindName = keyof typeof SECURITY_KIND;
/** The closed union of security event kinds. */
export type SecurityKind = (typeof SECURITY_KIND)[SecurityKindName];

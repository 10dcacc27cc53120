/**
 * What a security event of step 1's facts is (facts `securityEvents`, read by the pattern modules
 * of rules/pattern/): a closed list of names, one per kind of record the patterns read. The facts
 * store them as words in a dictionary column, so a name costs no more than a letter did.
 */
export const SECURITY_KIND = {
  /** A successful logon of a privileged standard user (PRIVILEGED_USER_LOGON). */
  privilegedLogon: 'privileged_logon',
  /** A user created (AU7). */
  userCreated: 'user_created',
  /** A user unlocked or given a new password (AUA, BU2). */
  userUnlocked: 'user_unlocked',
  /** A download (AUY). */
  download: 'download',
  /** The audit log switched off, a slot deactivated, its medium changed, its files deleted. */
  auditTampering: 'audit_tampering',
  /** The system or a client opened for changes (EU1, EU2). */
  opened: 'opened',
  /** The system or a client closed again (EU1, EU2 that do not open). */
  closed: 'closed',
  /** A record of an emergency ID. */
  emergency: 'emergency',
  /** A sensitive profile assigned to a user. */
  profileAssigned: 'profile_assigned',
  /** A change-document item that changes a user's authorisations (SELF_AUTHORIZATION). */
  authorisationChange: 'authorisation_change',
  /** A logon read again in correlation (logon-windows.ts). */
  logon: 'logon',
  /** A sensitive role assigned to a user, or made valid again. */
  roleAssigned: 'role_assigned',
  /** The password of another user changed (BU2, IDENTITY items on USR02's password fields). */
  resetOfOthersPassword: 'password_reset',
  /** A vendor's or customer's bank details changed. */
  bankChange: 'bank_change',
  /** A payment transaction run (SM20, or a change document's TCODE). */
  payment: 'payment',
} as const;

export type SecurityKindName = keyof typeof SECURITY_KIND;
/** The closed union of security event kinds. */
export type SecurityKind = (typeof SECURITY_KIND)[SecurityKindName];

/**
 * Security events (facts `securityEvents`, read by the pattern modules of rules/pattern/) are the
 * facts the pattern modules declare (rules/pattern/define-fact.ts: kind, records and columns);
 * step 1's collector makes none of its own. What is left here is the kind correlation gives the
 * logons it reads from the logons' columns (logon-windows.ts). The closed union of every kind is
 * `SecurityEventKind` (rules/pattern/fact-list.ts); the facts store kinds as words in a dictionary
 * column, so a name costs no more than a letter did.
 */
export const SECURITY_KIND = {
  /** A successful logon, as correlation indexes the logons' columns (logon-windows.ts). */
  logon: 'logon',
} as const;

export type SecurityKindName = keyof typeof SECURITY_KIND;
/** The kinds of this file (the closed union of all kinds is rules/pattern/fact-list.ts `SecurityEventKind`). */
export type SecurityKind = (typeof SECURITY_KIND)[SecurityKindName];

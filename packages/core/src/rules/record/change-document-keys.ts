/** Change-document keys the record rules and patterns read beyond the list lookups: bank-detail keys, profiles and roles in TABKEY, the target of an authorisation change (DETECTION.md 2). */

/** Bank-detail tables whose key (bank key, account) sits in TABKEY. */
export const BANK_TABLES = new Set(['LFBK', 'KNBK', 'BUT0BK', 'TIBAN']);
/** Tables holding a user's profiles. */
export const PROFILE_TABLES = new Set(['UST04', 'SUSR_UST04', 'UST10C', 'UST10S']);
/** Profile assignment tables (an insert there is an assignment to a user). */
export const USER_PROFILE_TABLES = new Set(['UST04', 'SUSR_UST04']);
export const PROFILE_CLASSES = new Set(['IDENTITY', 'SUSR_PROF']);
/** Classes whose AGR_USERS items assign roles to users. */
export const ROLE_CLASSES = new Set(['PFCG', 'IDENTITY']);
/** Vendor and customer master classes, whose bank fields are bank details. */
export const PARTNER_CLASSES = new Set(['KRED', 'DEBI']);
/** Bank fields of the vendor and customer master (KRED, DEBI). */
export const BANK_FIELDS = new Set(['BANKL', 'BANKN', 'BKONT', 'IBAN', 'BVTYP']);
/** USR02's password fields (an IDENTITY change there on another user is a password reset). */
export const PASSWORD_FIELDS = new Set(['PASSCODE', 'PWDSALTEDHASH', 'BCODE', 'CODVN', 'PWDSTATE', 'PWDINITIAL', 'PWDCHGDATE']);

/**
 * Role and user of an AGR_USERS key: client (3 characters), role (30), user (12).
 * @example roleKey('100SAP_BC_BASIS_ADMIN             JDOE') // { role: 'SAP_BC_BASIS_ADMIN', user: 'JDOE' }
 */
export function roleKey(tabkey: string): { role: string; user: string } {
  const role = tabkey.slice(3, 33).trim();
  const user = tabkey.slice(33, 45).trim();
  return { role, user };
}

/** The fields of a change-document item the role and profile readings below use. */
export interface ItemFields {
  objectclas: string;
  objectid: string;
  tabkey: string;
  chngind: string;
  fname: string;
  valueNew: string;
  valueOld: string;
}

/** An AGR_USERS item of a role on a list: the role as the list names it, whose it is, the change indicator (upper case) and its change of validity. */
export interface ListedRoleItem {
  role: string;
  owner: string;
  ind: string;
  validity: ValidityChange | undefined;
}

/**
 * An AGR_USERS item whose role (TABKEY after the client) is on `roles`, or undefined. The owner is
 * the OBJECTID of an IDENTITY document, else the user in TABKEY. Read by the record rule
 * CD-SENSITIVE-ROLE and by SENSITIVE_ROLE_ASSIGNED's fact, which judge it differently.
 */
export function listedRoleItem(rec: ItemFields, roles: { readonly empty: boolean; match(name: string): string | undefined }): ListedRoleItem | undefined {
  if (roles.empty) return undefined;
  const key = roleKey(rec.tabkey);
  const role = roles.match(key.role);
  if (role === undefined) return undefined;
  const owner = (rec.objectclas.toUpperCase() === 'IDENTITY' ? rec.objectid.trim() : '') || key.user || 'unknown user';
  const ind = rec.chngind.toUpperCase();
  return { role, owner, ind, validity: validityChange(ind, rec.fname.toUpperCase(), rec.valueNew, rec.valueOld) };
}

/** A TO_DAT change of an AGR_USERS item: the end of validity before and after, as YYYYMMDD ('' when not given). */
export interface ValidityChange {
  from: string;
  to: string;
}

/** A date cell as YYYYMMDD: as CDPOS stores it (20241231), or as a list shows it (2024-12-31, 31.12.2024, 12/31/2024); '' for anything else. */
function yyyymmdd(v: string): string {
  const s = v.trim();
  if (/^\d{8}$/.test(s)) return s;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m) return `${m[1]}${m[2]}${m[3]}`;
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s);
  if (m) return `${m[3]}${m[2]!.padStart(2, '0')}${m[1]!.padStart(2, '0')}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  return m ? `${m[3]}${m[1]!.padStart(2, '0')}${m[2]!.padStart(2, '0')}` : '';
}

/** The TO_DAT change of an AGR_USERS update item (FNAME TO_DAT, CHNGIND U), else undefined. */
export function validityChange(chngind: string, fname: string, valueNew: string, valueOld: string): ValidityChange | undefined {
  if (chngind.toUpperCase() !== 'U' || fname !== 'TO_DAT') return undefined;
  const to = yyyymmdd(valueNew);
  return to === '' ? undefined : { from: yyyymmdd(valueOld), to };
}

/**
 * Does a change of validity make the assignment valid again on `isoDate` (the change's date)? Its old
 * end (VALUE_OLD) lay before that day, so the assignment had expired, and its new end is on or after
 * it. An export without the old value is judged by the new end alone (an expired assignment cannot
 * be told from a valid one then; the rule errs towards listing it).
 * @example validAgain({ from: '20240101', to: '99991231' }, '2026-11-18') // true
 * @example validAgain({ from: '20261231', to: '99991231' }, '2026-11-18') // false: it was still valid, only extended
 */
export function validAgain(change: ValidityChange, isoDate: string): boolean {
  const day = isoDate.replace(/-/g, '');
  return (change.from === '' || change.from < day) && change.to >= day;
}

/** "(TO_DAT 20240101 → 99991231)": how a role's validity change is written in its reason and security event. */
export function validityText(change: ValidityChange): string {
  return `(TO_DAT ${change.from || 'not given'} → ${change.to})`;
}

const VALIDITY_SUFFIX = / \(TO_DAT (\d{8}|not given) → (\d{8})\)$/;

/** The validity change written at the end of a text by validityText, or undefined. */
export function validityOf(text: string): ValidityChange | undefined {
  const m = VALIDITY_SUFFIX.exec(text);
  return m ? { from: m[1] === 'not given' ? '' : m[1]!, to: m[2]! } : undefined;
}

/** A key insert or delete (FNAME KEY, CHNGIND I, D or E) in a bank-detail table: 'added' | 'removed', else undefined. */
export function bankKeyChange(table: string, fname: string, chngind: string): 'added' | 'removed' | undefined {
  if (!BANK_TABLES.has(table) || fname !== 'KEY') return undefined;
  const c = chngind.toUpperCase();
  return c === 'I' ? 'added' : c === 'D' || c === 'E' ? 'removed' : undefined;
}

/** The bank key and account as TABKEY holds them, client dropped and padding squeezed: "100 0000100001 DE 10020030 1234567" → readable. */
export function readableKey(tabkey: string): string {
  return tabkey.trim().replace(/\s+/g, ' ');
}

const NAME_CHAR = /[A-Z0-9_.]/;

/** The first profile of `profiles` that TABKEY or VALUE_NEW names as a whole name, or undefined. */
export function namedProfile(tabkey: string, valueNew: string, profiles: ReadonlySet<string>): string | undefined {
  const v = valueNew.trim().toUpperCase();
  if (profiles.has(v)) return v;
  const key = tabkey.toUpperCase();
  for (const p of profiles) {
    let at = key.indexOf(p);
    while (at >= 0) {
      const after = key[at + p.length] ?? '';
      if (!NAME_CHAR.test(after)) return p;
      at = key.indexOf(p, at + 1);
    }
  }
  return undefined;
}

/**
 * The user a profile row belongs to: OBJECTID of an IDENTITY document, else the user name in
 * TABKEY (client, 3 characters, then the 12-character user name).
 */
export function profileOwner(objectclas: string, objectid: string, tabkey: string): string {
  if (objectclas === 'IDENTITY' && objectid.trim() !== '') return objectid.trim();
  return tabkey.length > 3 ? tabkey.slice(3, 15).trim() : '';
}

/** IDENTITY tables that hold authorisations (a change there on one's own user is self-authorisation). */
const AUTH_TABLES = new Set(['UST04', 'USR04', 'USR10', 'UST10C', 'UST10S']);
/** USR02 fields that decide what a user may do (its password fields do not). */
const USR02_AUTH_FIELDS = new Set(['UFLAG', 'USTYP', 'CLASS', 'GLTGV', 'GLTGB', 'ACCNT']);

/**
 * The target user of a change-document item that changes authorisations, or undefined: OBJECTID of
 * an IDENTITY item on an authorisation table (USR02 only for its lock, type, group and validity
 * fields), the whole TABKEY of a PFCG item on AGR_USERS (selfAuthorised compares it).
 */
export function authorisationTarget(objectclas: string, objectid: string, tabname: string, fname: string, tabkey: string): string | undefined {
  const cls = objectclas.toUpperCase();
  const tab = tabname.toUpperCase();
  if (cls === 'IDENTITY' || cls === 'BENUTZER') {
    if (AUTH_TABLES.has(tab) || (tab === 'USR02' && USR02_AUTH_FIELDS.has(fname.toUpperCase()))) return objectid;
    return undefined;
  }
  return cls === 'PFCG' && tab === 'AGR_USERS' ? tabkey : undefined;
}

/** Is `user` the target: the IDENTITY object id, or a name in the AGR_USERS key after client and role? */
export function selfAuthorised(kind: 'identity' | 'role', target: string, user: string): boolean {
  const u = user.trim().toUpperCase();
  if (u === '') return false;
  if (kind === 'identity') return target.trim().toUpperCase() === u;
  return target.toUpperCase().slice(3).trim().split(/\s+/).slice(1).includes(u);
}

/** Rules on change documents beyond the list lookups: bank-detail keys and sensitive profiles (DETECTION.md 2). */

/** Bank-detail tables whose key (bank key, account) sits in TABKEY. */
export const BANK_TABLES = new Set(['LFBK', 'KNBK', 'BUT0BK', 'TIBAN']);
/** Tables holding a user's profiles. */
export const PROFILE_TABLES = new Set(['UST04', 'SUSR_UST04', 'UST10C', 'UST10S']);
/** Profile assignment tables (an insert there is an assignment to a user). */
export const USER_PROFILE_TABLES = new Set(['UST04', 'SUSR_UST04']);
export const PROFILE_CLASSES = new Set(['IDENTITY', 'SUSR_PROF']);

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

/**
 * The detection watchlists (DETECTION.md section 4) share one code path; this table holds what
 * differs: storage partition, version counter, CSV columns, allowed kinds and ID shape.
 */
import { keys } from '../keys.ts';

export type WatchlistName = 'privileged-users' | 'sensitive-profiles' | 'sensitive-roles' | 'sensitive-programs';
export const WATCHLIST_NAMES: readonly WatchlistName[] = ['privileged-users', 'sensitive-profiles', 'sensitive-roles', 'sensitive-programs'];

export type WatchlistAuditType = 'privileged_user' | 'sensitive_profile' | 'sensitive_role' | 'sensitive_program';

export interface WatchlistInfo {
  name: WatchlistName;
  pk: string;
  /** Sort key of this list's version counter under RISK#META. */
  versionSk: string;
  auditType: WatchlistAuditType;
  /** Words for messages: "Privileged user SAP* is already in the watchlist". */
  noun: string;
  listName: string;
  /** CSV columns of import and export, as in packages/core/data/defaults. */
  csvIdColumn: 'USER' | 'PROFILE' | 'ROLE' | 'NAME';
  /** Allowed KIND values; empty when the list has no kind. */
  kinds: readonly string[];
  /** Upper-cased ID shape; a trailing `*` makes an entry a prefix (except `SAP*`). */
  idPattern: RegExp;
  idRule: string;
  /** Default file name of an export (the same as the shipped default list). */
  fileName: string;
}

export const WATCHLISTS: Record<WatchlistName, WatchlistInfo> = {
  'privileged-users': {
    name: 'privileged-users',
    pk: keys.watchPrivilegedUser,
    versionSk: 'VERSION#PRIVILEGED_USERS',
    auditType: 'privileged_user',
    noun: 'User',
    listName: 'the privileged-users watchlist',
    csvIdColumn: 'USER',
    kinds: ['standard', 'emergency'],
    idPattern: /^[A-Z0-9_.\-@&/]{1,12}\*?$/,
    idRule: 'an SAP user ID of 1-12 characters (letters, digits, _ . - @ & /), optionally ending in * for a prefix',
    fileName: 'privileged_users.csv',
  },
  'sensitive-profiles': {
    name: 'sensitive-profiles',
    pk: keys.watchSensitiveProfile,
    versionSk: 'VERSION#SENSITIVE_PROFILES',
    auditType: 'sensitive_profile',
    noun: 'Profile',
    listName: 'the sensitive-profiles watchlist',
    csvIdColumn: 'PROFILE',
    kinds: [],
    idPattern: /^[A-Z0-9_.\-&/]{1,12}\*?$/,
    idRule: 'an SAP profile name of 1-12 characters (letters, digits, _ . - & /), optionally ending in * for a prefix',
    fileName: 'sensitive_profiles.csv',
  },
  'sensitive-roles': {
    name: 'sensitive-roles',
    pk: keys.watchSensitiveRole,
    versionSk: 'VERSION#SENSITIVE_ROLES',
    auditType: 'sensitive_role',
    noun: 'Role',
    listName: 'the sensitive-roles watchlist',
    csvIdColumn: 'ROLE',
    kinds: [],
    idPattern: /^[A-Z0-9_/][A-Z0-9_.\-&/]{0,29}\*?$/,
    idRule: 'an SAP role name of 1-30 characters (letters, digits, _ . - & /), optionally ending in * for a prefix',
    fileName: 'sensitive_roles.csv',
  },
  'sensitive-programs': {
    name: 'sensitive-programs',
    pk: keys.watchSensitiveProgram,
    versionSk: 'VERSION#SENSITIVE_PROGRAMS',
    auditType: 'sensitive_program',
    noun: 'Program',
    listName: 'the sensitive-programs watchlist',
    csvIdColumn: 'NAME',
    kinds: ['report', 'function_module'],
    idPattern: /^[A-Z0-9_/][A-Z0-9_/.-]{0,39}\*?$/,
    idRule: 'a program or function module name of 1-40 characters (letters, digits, _ / - .), optionally ending in * for a prefix',
    fileName: 'sensitive_programs.csv',
  },
};

export function isWatchlistName(value: string): value is WatchlistName {
  return (WATCHLIST_NAMES as readonly string[]).includes(value);
}

/** A watchlist entry as the API returns it. `kind` is absent for the sensitive profiles and roles. */
export interface WatchlistEntry {
  id: string;
  kind?: string;
  description: string;
  addedBy: string;
  lastModified: string;
  lastModifiedBy: string;
  active: boolean;
}

export interface StoredWatchlistEntry extends WatchlistEntry {
  pk: string;
  sk: string;
}

export function toApiEntry(stored: StoredWatchlistEntry): WatchlistEntry {
  const { pk: _pk, sk: _sk, ...rest } = stored;
  return rest;
}

/** Upper-cases and trims; undefined when the ID does not fit the list's shape. */
export function normaliseWatchlistId(info: WatchlistInfo, raw: string): string | undefined {
  const id = raw.trim().toUpperCase();
  return info.idPattern.test(id) ? id : undefined;
}

/** Lower-cases and trims; undefined when the list has no such kind. */
export function normaliseKind(info: WatchlistInfo, raw: string): string | undefined {
  const kind = raw.trim().toLowerCase();
  return info.kinds.includes(kind) ? kind : undefined;
}

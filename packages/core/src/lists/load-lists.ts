import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EngineError } from '../errors/index.ts';
import type { DetectionLists, PaymentTcode, RiskListEntry, SalEvent, SensitiveProfile, SensitiveProgram, SensitiveRole, WatchlistUser } from '../model/index.ts';
import { parseCsvText } from './parse-csv-text.ts';
import { canonicalCategory } from './category-aliases.ts';

// Resolved from this module, so tsx runs work from any working directory. A bundled Lambda has no
// module tree, so the stacks copy the folder beside the bundle and name it in APP_DATA_DIR.
const DATA_DIR = process.env.APP_DATA_DIR
  ? pathToFileURL(resolve(process.env.APP_DATA_DIR) + '/')
  : new URL('../../data/', import.meta.url);

function readDataCsv(relative: string): string[][] {
  return parseCsvText(readFileSync(new URL(relative, DATA_DIR), 'utf8'));
}

/** Rows after the header as objects keyed by upper-cased header labels. */
function rowsAsRecords(rows: string[][]): Record<string, string>[] {
  const [header, ...body] = rows;
  if (!header) return [];
  const keys = header.map((h) => h.trim().toUpperCase());
  return body.map((r) => Object.fromEntries(keys.map((k, i) => [k, (r[i] ?? '').trim()])));
}

function toRiskEntries(rows: string[][], idColumn: 'TCODE' | 'TABNAME'): RiskListEntry[] {
  return rowsAsRecords(rows)
    .filter((r) => r[idColumn])
    .map((r) => ({ id: r[idColumn]!.toUpperCase(), category: r.CATEGORY ?? '', description: r.DESCRIPTION ?? '' }));
}

function toWatchlistUsers(rows: string[][]): WatchlistUser[] {
  return rowsAsRecords(rows)
    .filter((r) => r.USER)
    .map((r) => ({ user: r.USER!.toUpperCase(), kind: r.KIND?.toLowerCase() === 'emergency' ? 'emergency' : 'standard', description: r.DESCRIPTION ?? '' }));
}

function toProfiles(rows: string[][]): SensitiveProfile[] {
  return rowsAsRecords(rows)
    .filter((r) => r.PROFILE)
    .map((r) => ({ profile: r.PROFILE!.toUpperCase(), description: r.DESCRIPTION ?? '' }));
}

function toRoles(rows: string[][]): SensitiveRole[] {
  return rowsAsRecords(rows)
    .filter((r) => r.ROLE)
    .map((r) => ({ role: r.ROLE!.toUpperCase(), description: r.DESCRIPTION ?? '' }));
}

function toPayments(rows: string[][]): PaymentTcode[] {
  return rowsAsRecords(rows)
    .filter((r) => r.TCODE)
    .map((r) => ({ tcode: r.TCODE!.toUpperCase(), description: r.DESCRIPTION ?? '' }));
}

function toPrograms(rows: string[][]): SensitiveProgram[] {
  return rowsAsRecords(rows)
    .filter((r) => r.NAME)
    .map((r) => ({ name: r.NAME!.toUpperCase(), kind: (r.KIND ?? '').toLowerCase(), description: r.DESCRIPTION ?? '' }));
}

function withCanonicalCategory(e: RiskListEntry): RiskListEntry {
  return { ...e, category: canonicalCategory(e.category) };
}

let cachedDefaults: DetectionLists | undefined;

/**
 * The lists shipped in `packages/core/data/defaults/` (seed of the admin lists and detection defaults).
 * @example loadDefaultLists().highRiskTcodes.find((t) => t.id === 'SU01')?.category // "User Administration"
 */
export function loadDefaultLists(): DetectionLists {
  cachedDefaults ??= {
    highRiskTcodes: toRiskEntries(readDataCsv('defaults/high_risk_tcodes.csv'), 'TCODE').map(withCanonicalCategory),
    highRiskTables: toRiskEntries(readDataCsv('defaults/high_risk_tables.csv'), 'TABNAME').map(withCanonicalCategory),
    sensitiveFields: rowsAsRecords(readDataCsv('defaults/sensitive_fields.csv')).map((r) => r.FNAME!.toUpperCase()).filter(Boolean),
    sensitiveObjectClasses: rowsAsRecords(readDataCsv('defaults/sensitive_object_classes.csv'))
      .map((r) => r.OBJECTCLAS!.toUpperCase())
      .filter(Boolean),
    events: rowsAsRecords(readDataCsv('defaults/sal_events.csv')).map(
      (r): SalEvent => ({ event: r.EVENT!, category: r.CATEGORY!, severity: r.SEVERITY as SalEvent['severity'], text: r.TEXT! }),
    ),
    privilegedUsers: toWatchlistUsers(readDataCsv('defaults/privileged_users.csv')),
    sensitiveProfiles: toProfiles(readDataCsv('defaults/sensitive_profiles.csv')),
    sensitivePrograms: toPrograms(readDataCsv('defaults/sensitive_programs.csv')),
    sensitiveRoles: toRoles(readDataCsv('defaults/sensitive_roles.csv')),
    paymentTcodes: toPayments(readDataCsv('defaults/payment_tcodes.csv')),
  };
  return structuredClone(cachedDefaults);
}

export interface MasterEntry {
  id: string;
  description: string;
}

/** Master lists (autocomplete, descriptions when an admin adds an entry). Curated subsets. */
export function loadMasterLists(): { tcodes: MasterEntry[]; tables: MasterEntry[] } {
  const read = (file: string, col: string) =>
    rowsAsRecords(readDataCsv(file)).map((r) => ({ id: r[col]!.toUpperCase(), description: r.DESCRIPTION ?? '' }));
  return { tcodes: read('master/tcodes.csv', 'TCODE'), tables: read('master/tables.csv', 'TABNAME') };
}

/**
 * Parses a `--tcodes` / `--tables` override (columns TCODE|TABNAME, CATEGORY, DESCRIPTION; the
 * last two optional). Throws EngineError BAD_LIST naming what is missing.
 */
export function parseListCsv(text: string, kind: 'tcodes' | 'tables'): RiskListEntry[] {
  const idColumn = kind === 'tcodes' ? 'TCODE' : 'TABNAME';
  const rows = parseCsvText(text);
  const header = rows[0]?.map((h) => h.trim().toUpperCase()) ?? [];
  if (!header.includes(idColumn)) {
    throw new EngineError('BAD_LIST', `the ${kind} list needs a header row with columns ${idColumn},CATEGORY,DESCRIPTION (found: ${header.join(',') || 'nothing'})`);
  }
  const entries = toRiskEntries(rows, idColumn);
  if (entries.length === 0) throw new EngineError('BAD_LIST', `the ${kind} list has no ${idColumn} entries`);
  return entries;
}

const WATCHLIST_COLUMNS = { privileged: 'USER', profiles: 'PROFILE', programs: 'NAME', roles: 'ROLE', payments: 'TCODE' } as const;
const WATCHLIST_HEADERS: Record<WatchlistKind, string> = { privileged: 'USER,KIND,DESCRIPTION', profiles: 'PROFILE,DESCRIPTION', programs: 'NAME,KIND,DESCRIPTION', roles: 'ROLE,DESCRIPTION', payments: 'TCODE,DESCRIPTION' };
export type WatchlistKind = keyof typeof WATCHLIST_COLUMNS;

/**
 * Parses a `--privileged` / `--profiles` / `--programs` / `--roles` / `--payments` override (columns
 * as the default files: USER,KIND,DESCRIPTION / PROFILE,DESCRIPTION / NAME,KIND,DESCRIPTION /
 * ROLE,DESCRIPTION / TCODE,DESCRIPTION; all but the first optional).
 * Throws EngineError BAD_LIST naming what is missing.
 */
export function parseWatchlistCsv(text: string, kind: 'privileged'): WatchlistUser[];
export function parseWatchlistCsv(text: string, kind: 'profiles'): SensitiveProfile[];
export function parseWatchlistCsv(text: string, kind: 'programs'): SensitiveProgram[];
export function parseWatchlistCsv(text: string, kind: 'roles'): SensitiveRole[];
export function parseWatchlistCsv(text: string, kind: 'payments'): PaymentTcode[];
export function parseWatchlistCsv(text: string, kind: WatchlistKind): WatchlistUser[] | SensitiveProfile[] | SensitiveProgram[] | SensitiveRole[] | PaymentTcode[] {
  const idColumn = WATCHLIST_COLUMNS[kind];
  const rows = parseCsvText(text);
  const header = rows[0]?.map((h) => h.trim().toUpperCase()) ?? [];
  if (!header.includes(idColumn)) {
    const expected = WATCHLIST_HEADERS[kind];
    throw new EngineError('BAD_LIST', `the ${kind} list needs a header row with columns ${expected} (found: ${header.join(',') || 'nothing'})`);
  }
  if (kind === 'privileged') {
    const bad = rowsAsRecords(rows).find((r) => r.KIND && !['standard', 'emergency'].includes(r.KIND.toLowerCase()));
    if (bad) throw new EngineError('BAD_LIST', `the privileged list's KIND must be standard or emergency (found "${bad.KIND}" for ${bad.USER})`);
  }
  const entries = kind === 'privileged' ? toWatchlistUsers(rows) : kind === 'profiles' ? toProfiles(rows) : kind === 'roles' ? toRoles(rows) : kind === 'payments' ? toPayments(rows) : toPrograms(rows);
  if (entries.length === 0) throw new EngineError('BAD_LIST', `the ${kind} list has no ${idColumn} entries`);
  return entries;
}

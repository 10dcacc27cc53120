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

/** The privileged-users list's KIND is standard or emergency. */
function checkUserKinds(rows: string[][]): void {
  const bad = rowsAsRecords(rows).find((r) => r.KIND && !['standard', 'emergency'].includes(r.KIND.toLowerCase()));
  if (bad) throw new EngineError('BAD_LIST', `the privileged list's KIND must be standard or emergency (found "${bad.KIND}" for ${bad.USER})`);
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
    ...(Object.fromEntries(WATCHLISTS.map((l) => [l.key, l.read(readDataCsv(`defaults/${l.file}`))])) as Pick<DetectionLists, WatchlistKey>),
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

/**
 * The watchlists and shipped lists of one ID column plus description (DETECTION.md section 4), one
 * entry each: the `DetectionLists` field, the CLI option that replaces it (`--<flag> CSV`, and the
 * `kind` of `parseWatchlistCsv`), the default file in `data/defaults/`, its columns and how its rows
 * are read. `loadDefaultLists`, `parseWatchlistCsv` and the CLI's options, `--help` and reading
 * derive from this table: a new list of this shape is a line here, its CSV (with its row in
 * `data/README.md`), its field in `DetectionLists` and its lookup in `flags/flag-context.ts`.
 */
export const WATCHLISTS = [
  { key: 'privilegedUsers', flag: 'privileged', file: 'privileged_users.csv', idColumn: 'USER', columns: 'USER,KIND,DESCRIPTION', help: 'privileged-users watchlist (columns USER,KIND,DESCRIPTION; KIND standard or emergency; a trailing * is a prefix, except in SAP*)', read: toWatchlistUsers, check: checkUserKinds },
  { key: 'sensitiveProfiles', flag: 'profiles', file: 'sensitive_profiles.csv', idColumn: 'PROFILE', columns: 'PROFILE,DESCRIPTION', help: 'sensitive profiles (columns PROFILE,DESCRIPTION)', read: toProfiles },
  { key: 'sensitivePrograms', flag: 'programs', file: 'sensitive_programs.csv', idColumn: 'NAME', columns: 'NAME,KIND,DESCRIPTION', help: 'sensitive programs and function modules (columns NAME,KIND,DESCRIPTION)', read: toPrograms },
  { key: 'sensitiveRoles', flag: 'roles', file: 'sensitive_roles.csv', idColumn: 'ROLE', columns: 'ROLE,DESCRIPTION', help: 'sensitive roles (columns ROLE,DESCRIPTION; a trailing * is a prefix)', read: toRoles },
  { key: 'paymentTcodes', flag: 'payments', file: 'payment_tcodes.csv', idColumn: 'TCODE', columns: 'TCODE,DESCRIPTION', help: 'payment transactions (columns TCODE,DESCRIPTION)', read: toPayments },
] as const satisfies readonly { key: keyof DetectionLists; flag: string; file: string; idColumn: string; columns: string; help: string; read: (rows: string[][]) => unknown[]; check?: (rows: string[][]) => void }[];

type Watchlist = (typeof WATCHLISTS)[number];
/** The `DetectionLists` fields of the lists of WATCHLISTS. */
export type WatchlistKey = Watchlist['key'];
/** The CLI option of a list of WATCHLISTS (`--roles`), and `parseWatchlistCsv`'s kind. */
export type WatchlistKind = Watchlist['flag'];
type EntryOf<K extends WatchlistKind> = ReturnType<Extract<Watchlist, { flag: K }>['read']>[number];

/**
 * Parses a list that replaces a default one (`--privileged`, `--profiles`, `--programs`, `--roles`,
 * `--payments`: columns as the default files, WATCHLISTS; all but the ID column optional).
 * Throws EngineError BAD_LIST naming what is missing.
 */
export function parseWatchlistCsv<K extends WatchlistKind>(text: string, kind: K): EntryOf<K>[] {
  const list: Watchlist = WATCHLISTS.find((l) => l.flag === kind)!;
  const idColumn = list.idColumn;
  const rows = parseCsvText(text);
  const header = rows[0]?.map((h) => h.trim().toUpperCase()) ?? [];
  if (!header.includes(idColumn)) {
    throw new EngineError('BAD_LIST', `the ${kind} list needs a header row with columns ${list.columns} (found: ${header.join(',') || 'nothing'})`);
  }
  if ('check' in list) list.check(rows);
  const entries = list.read(rows) as EntryOf<K>[];
  if (entries.length === 0) throw new EngineError('BAD_LIST', `the ${kind} list has no ${idColumn} entries`);
  return entries;
}

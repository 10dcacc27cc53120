/**
 * The watchlists and shipped lists of one ID column plus description (DETECTION.md section 4), one
 * line each. No file system here: the web app reads this table too (its Risk Management tabs).
 *
 * A line holds the `DetectionLists` field, the CLI option that replaces the list (`--<flag> CSV`,
 * and the `kind` of `parseWatchlistCsv`), the default file in `data/defaults/`, its columns, how its
 * rows are read, its title (the analysis summary's "List: …"), and for a list administrators keep
 * in Risk Management its `admin` part: the list's URL name, item word, kinds, ID shape and the tab's
 * texts. `loadDefaultLists`, `parseWatchlistCsv`, the CLI's options, and for an admin list the
 * service's routes, storage keys, audit type, seeding, import, export and snapshot, and the web
 * app's tab derive from the line (`adminWatchlists()` below; docs/contributing.md "A list").
 */
import { EngineError } from '../errors/index.ts';
import { createNameList, createWatchlist } from '../flags/watchlist.ts';
import type { PaymentTcode, SensitiveProfile, SensitiveProgram, SensitiveRole, WatchlistUser } from '../model/index.ts';

/** Rows after the header as objects keyed by upper-cased header labels. */
export function rowsAsRecords(rows: string[][]): Record<string, string>[] {
  const [header, ...body] = rows;
  if (!header) return [];
  const keys = header.map((h) => h.trim().toUpperCase());
  return body.map((r) => Object.fromEntries(keys.map((k, i) => [k, (r[i] ?? '').trim()])));
}

function toWatchlistUsers(rows: string[][]): WatchlistUser[] {
  return rowsAsRecords(rows)
    .filter((r) => r.USER)
    .map((r) => ({ user: r.USER!.toUpperCase(), kind: r.KIND?.toLowerCase() === 'emergency' ? 'emergency' : 'standard', description: r.DESCRIPTION ?? '' }));
}

/** A list of IDs with descriptions: each row with its ID column (upper-cased) as `field`. */
function described<K extends string>(id: string, field: K): (rows: string[][]) => (Record<K, string> & { description: string })[] {
  return (rows) =>
    rowsAsRecords(rows)
      .filter((r) => r[id])
      .map((r) => ({ [field]: r[id]!.toUpperCase(), description: r.DESCRIPTION ?? '' }) as Record<K, string> & { description: string });
}

const toProfiles: (rows: string[][]) => SensitiveProfile[] = described('PROFILE', 'profile');
const toRoles: (rows: string[][]) => SensitiveRole[] = described('ROLE', 'role');
const toPayments: (rows: string[][]) => PaymentTcode[] = described('TCODE', 'tcode');

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

/**
 * What Risk Management needs of a list administrators keep. `name` (the URL's and the tab's name,
 * `sensitive-roles`) and `item` (`sensitive_role`) never change once shipped: the service's storage
 * partition (`WATCH#SENSITIVE_ROLE`), version counter (`VERSION#SENSITIVE_ROLES`), seed marker
 * (`SEEDED#WATCHLISTS#SENSITIVE_ROLES`) and audit type (`sensitive_role`) derive from them.
 */
export interface AdminListSpec {
  name: string;
  item: string;
  /** The word for one entry in messages ("Role SAP_ALL is already in the watchlist"). */
  noun: string;
  /** The ID column's label in the tab, when not the noun. */
  idLabel?: string;
  /** Allowed KIND values with their labels (the first is the default); none when the list has no kind. */
  kinds: readonly { value: string; label: string }[];
  /** Upper-cased ID shape; a trailing `*` makes an entry a prefix (except `SAP*`). */
  idPattern: RegExp;
  /** The ID shape in words (the service's message for an ID that does not fit). */
  idRule: string;
  maxIdLength: number;
  /** What the list is for, shown above the tab's table. */
  purpose: string;
  /** The seed marker of the lists shipped before markers per list (`SEEDED#WATCHLISTS`); a new list leaves it out. */
  seedMarker?: string;
}

interface ListLine {
  /** The list's field in `DetectionLists` (the analysis's lists) and in `FlagContext` (its lookup). */
  key: string;
  flag: string;
  file: string;
  idColumn: string;
  /** The field of an entry that holds its ID (`role` of `SensitiveRole`). */
  field: string;
  columns: string;
  title: string;
  help: string;
  read: (rows: string[][]) => unknown[];
  check?: (rows: string[][]) => void;
  /** The lookup the rules make in the list (`FlagContext[key]`), made once per analysis from its entries. */
  compile: (entries: never) => unknown;
  /** The list came after analyses were stored: a snapshot may lack it (the default list applies then). */
  optional?: true;
  admin?: AdminListSpec;
}

const upperSet = (ids: readonly string[]) => new Set(ids.map((id) => id.trim().toUpperCase()));

const ID_PREFIX = 'optionally ending in * for a prefix';

export const WATCHLISTS = [
  {
    key: 'privilegedUsers', flag: 'privileged', file: 'privileged_users.csv', idColumn: 'USER', field: 'user', columns: 'USER,KIND,DESCRIPTION', title: 'Privileged users',
    help: 'privileged-users watchlist (columns USER,KIND,DESCRIPTION; KIND standard or emergency; a trailing * is a prefix, except in SAP*)', read: toWatchlistUsers, check: checkUserKinds,
    compile: (e: WatchlistUser[]) => createWatchlist(e),
    admin: {
      name: 'privileged-users', item: 'privileged_user', noun: 'User', seedMarker: 'SEEDED#WATCHLISTS',
      kinds: [{ value: 'standard', label: 'Standard user' }, { value: 'emergency', label: 'Emergency (firefighter) ID' }],
      idPattern: /^[A-Z0-9_.\-@&/]{1,12}\*?$/, maxIdLength: 12, idRule: `an SAP user ID of 1-12 characters (letters, digits, _ . - @ & /), ${ID_PREFIX}`,
      purpose: 'Standard users (SAP*, DDIC …) raise a privileged_user reason and PRIVILEGED_USER_LOGON; emergency IDs raise emergency_access and EMERGENCY_ACCESS. An entry ending in * is a prefix (FF_*), except SAP*, which is the user itself.',
    },
  },
  {
    key: 'sensitiveProfiles', flag: 'profiles', file: 'sensitive_profiles.csv', idColumn: 'PROFILE', field: 'profile', columns: 'PROFILE,DESCRIPTION', title: 'Sensitive profiles',
    help: 'sensitive profiles (columns PROFILE,DESCRIPTION)', read: toProfiles, compile: (e: SensitiveProfile[]) => upperSet(e.map((p) => p.profile)),
    admin: {
      name: 'sensitive-profiles', item: 'sensitive_profile', noun: 'Profile', seedMarker: 'SEEDED#WATCHLISTS', kinds: [],
      idPattern: /^[A-Z0-9_.\-&/]{1,12}\*?$/, maxIdLength: 12, idRule: `an SAP profile name of 1-12 characters (letters, digits, _ . - & /), ${ID_PREFIX}`,
      purpose: 'Assigning or removing one of these profiles raises an authorization reason; assigning it raises SENSITIVE_PROFILE_ASSIGNED. An entry ending in * is a prefix.',
    },
  },
  {
    key: 'sensitiveRoles', flag: 'roles', file: 'sensitive_roles.csv', idColumn: 'ROLE', field: 'role', columns: 'ROLE,DESCRIPTION', title: 'Sensitive roles',
    help: 'sensitive roles (columns ROLE,DESCRIPTION; a trailing * is a prefix)', read: toRoles, compile: (e: SensitiveRole[]) => createNameList(e.map((r) => r.role)), optional: true,
    admin: {
      name: 'sensitive-roles', item: 'sensitive_role', noun: 'Role', kinds: [],
      idPattern: /^[A-Z0-9_/][A-Z0-9_.\-&/]{0,29}\*?$/, maxIdLength: 30, idRule: `an SAP role name of 1-30 characters (letters, digits, _ . - & /), ${ID_PREFIX}`,
      purpose: 'Assigning or removing one of these roles (AGR_USERS in PFCG or IDENTITY change documents) raises an authorization reason; assigning it, or making its assignment valid again, raises SENSITIVE_ROLE_ASSIGNED. An entry ending in * is a prefix (Z_FIREFIGHTER*).',
    },
  },
  {
    key: 'sensitivePrograms', flag: 'programs', file: 'sensitive_programs.csv', idColumn: 'NAME', field: 'name', columns: 'NAME,KIND,DESCRIPTION', title: 'Sensitive programs',
    help: 'sensitive programs and function modules (columns NAME,KIND,DESCRIPTION)', read: toPrograms, compile: (e: SensitiveProgram[]) => upperSet(e.map((p) => p.name)),
    admin: {
      name: 'sensitive-programs', item: 'sensitive_program', noun: 'Program', idLabel: 'Program or function module', seedMarker: 'SEEDED#WATCHLISTS',
      kinds: [{ value: 'report', label: 'Report' }, { value: 'function_module', label: 'Function module' }],
      idPattern: /^[A-Z0-9_/][A-Z0-9_/.-]{0,39}\*?$/, maxIdLength: 40, idRule: `a program or function module name of 1-40 characters (letters, digits, _ / - .), ${ID_PREFIX}`,
      purpose: 'Starting one of these reports (AUW) or calling one of these function modules (AUK) raises SENSITIVE_ACCESS_FLAG. An entry ending in * is a prefix.',
    },
  },
  {
    key: 'paymentTcodes', flag: 'payments', file: 'payment_tcodes.csv', idColumn: 'TCODE', field: 'tcode', columns: 'TCODE,DESCRIPTION', title: 'Payment transactions',
    help: 'payment transactions (columns TCODE,DESCRIPTION)', read: toPayments, compile: (e: PaymentTcode[]) => upperSet(e.map((p) => p.tcode)), optional: true,
  },
] as const satisfies readonly ListLine[];

type Watchlist = (typeof WATCHLISTS)[number];
/** The `DetectionLists` fields of the lists of WATCHLISTS. */
export type WatchlistKey = Watchlist['key'];
/** The CLI option of a list of WATCHLISTS (`--roles`), and `parseWatchlistCsv`'s kind. */
export type WatchlistKind = Watchlist['flag'];
/** The lists of WATCHLISTS as fields of `DetectionLists` (model/index.ts): a list marked `optional` may be absent in a stored snapshot. */
export type TableLists = { [L in Exclude<Watchlist, { optional: true }> as L['key']]: ReturnType<L['read']> } & {
  [L in Extract<Watchlist, { optional: true }> as L['key']]?: ReturnType<L['read']>;
};
/** The lists of WATCHLISTS as lookups of `FlagContext` (flags/flag-context.ts). */
export type CompiledLists = { [L in Watchlist as L['key']]: ReturnType<L['compile']> };
/** The lists of transaction codes (ID column TCODE): a fact may be declared by one (define-fact.ts `transactions`). */
export type TcodeListKey = Extract<Watchlist, { idColumn: 'TCODE' }>['key'];
/** A line of WATCHLISTS. */
export type WatchlistLine = Watchlist;
type AdminLine = Extract<Watchlist, { admin: unknown }>;
/** The URL name of an admin list (`sensitive-roles`). */
export type AdminListName = AdminLine['admin']['name'];
/** The audit type of an admin list's changes (`sensitive_role`). */
export type AdminListItem = AdminLine['admin']['item'];

/** An entry of an admin list as the service stores it: its ID, its kind (lists with kinds) and description. */
export interface AdminListRow {
  id: string;
  kind?: string;
  description: string;
}

/** An admin list: its line, and the names and keys derived from it. */
export interface AdminList {
  name: AdminListName;
  item: AdminListItem;
  line: WatchlistLine;
  spec: AdminListSpec;
  /** The `DetectionLists` field. */
  key: WatchlistKey;
  /** The service's storage partition (`WATCH#SENSITIVE_ROLE`). */
  pk: string;
  /** The service's version counter (`VERSION#SENSITIVE_ROLES`, under RISK#META). */
  versionSk: string;
  /** The seed marker: the lists of one marker are seeded together once. */
  seedMarker: string;
  /** "the sensitive-roles watchlist". */
  listName: string;
  /** The list's entries as stored rows (seeding from the defaults) … */
  toRows: (entries: readonly unknown[]) => AdminListRow[];
  /** … and the stored rows as the list's entries (the analysis snapshot). */
  fromRows: (rows: readonly AdminListRow[]) => unknown[];
}

function adminList(line: AdminLine): AdminList {
  const spec: AdminListSpec = line.admin;
  const field = line.field;
  const kinds = spec.kinds.map((k) => k.value);
  return {
    name: line.admin.name,
    item: line.admin.item,
    line,
    spec,
    key: line.key,
    pk: `WATCH#${spec.item.toUpperCase()}`,
    versionSk: `VERSION#${spec.name.replaceAll('-', '_').toUpperCase()}`,
    seedMarker: spec.seedMarker ?? `SEEDED#WATCHLISTS#${spec.name.replaceAll('-', '_').toUpperCase()}`,
    listName: `the ${spec.name} watchlist`,
    toRows: (entries) =>
      entries.map((e) => {
        const r = e as Record<string, string>;
        return { id: r[field]!, ...(kinds.length > 0 ? { kind: r.kind } : {}), description: r.description ?? '' };
      }),
    fromRows: (rows) =>
      rows.map((r) => ({ [field]: r.id, ...(kinds.length > 0 ? { kind: r.kind !== undefined && kinds.includes(r.kind) ? r.kind : kinds[0] } : {}), description: r.description })),
  };
}

/** The admin lists of WATCHLISTS, in the table's order (Risk Management's tabs, the service's routes). */
export function adminWatchlists(): AdminList[] {
  return WATCHLISTS.filter((l): l is AdminLine => 'admin' in l).map(adminList);
}

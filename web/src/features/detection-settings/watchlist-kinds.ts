/**
 * The detection watchlists (DETECTION.md section 4) share one tab; this table holds every path,
 * label and text that differs between them.
 */
export type WatchlistName = 'privileged-users' | 'sensitive-profiles' | 'sensitive-roles' | 'sensitive-programs';

export interface WatchlistEntry {
  id: string;
  kind?: string;
  description: string;
  addedBy: string;
  /** The e-mail behind addedBy, where the server knows it. */
  addedByEmail?: string;
  lastModified: string;
  lastModifiedBy?: string;
}

export interface WatchlistInfo {
  name: WatchlistName;
  tabLabel: string;
  idLabel: string;
  addLabel: string;
  /** Used in 'Are you sure you want to remove {id} from {listName}?'. */
  listName: string;
  /** Allowed kinds with their labels; empty when the list has none. */
  kinds: { value: string; label: string }[];
  /** What the list is for, shown above the table. */
  purpose: string;
  /** CSV columns of import and export. */
  columns: string;
  importNoun: string;
  maxIdLength: number;
  emptyText: string;
}

export const WATCHLISTS: Record<WatchlistName, WatchlistInfo> = {
  'privileged-users': {
    name: 'privileged-users',
    tabLabel: 'Privileged Users',
    idLabel: 'User',
    addLabel: 'Add User',
    listName: 'the privileged-users watchlist',
    kinds: [
      { value: 'standard', label: 'Standard user' },
      { value: 'emergency', label: 'Emergency (firefighter) ID' },
    ],
    purpose:
      'Standard users (SAP*, DDIC …) raise a privileged_user reason and PRIVILEGED_USER_LOGON; emergency IDs raise emergency_access and EMERGENCY_ACCESS. An entry ending in * is a prefix (FF_*), except SAP*, which is the user itself.',
    columns: 'Columns: USER, KIND (standard or emergency), DESCRIPTION (optional).',
    importNoun: 'users',
    maxIdLength: 12,
    emptyText: 'No privileged users found',
  },
  'sensitive-profiles': {
    name: 'sensitive-profiles',
    tabLabel: 'Sensitive Profiles',
    idLabel: 'Profile',
    addLabel: 'Add Profile',
    listName: 'the sensitive-profiles watchlist',
    kinds: [],
    purpose:
      'Assigning or removing one of these profiles raises an authorization reason; assigning it raises SENSITIVE_PROFILE_ASSIGNED. An entry ending in * is a prefix.',
    columns: 'Columns: PROFILE, DESCRIPTION (optional).',
    importNoun: 'profiles',
    maxIdLength: 12,
    emptyText: 'No sensitive profiles found',
  },
  'sensitive-roles': {
    name: 'sensitive-roles',
    tabLabel: 'Sensitive Roles',
    idLabel: 'Role',
    addLabel: 'Add Role',
    listName: 'the sensitive-roles watchlist',
    kinds: [],
    purpose:
      'Assigning or removing one of these roles (AGR_USERS in PFCG or IDENTITY change documents) raises an authorization reason; assigning it, or making its assignment valid again, raises SENSITIVE_ROLE_ASSIGNED. An entry ending in * is a prefix (Z_FIREFIGHTER*).',
    columns: 'Columns: ROLE, DESCRIPTION (optional).',
    importNoun: 'roles',
    maxIdLength: 30,
    emptyText: 'No sensitive roles found',
  },
  'sensitive-programs': {
    name: 'sensitive-programs',
    tabLabel: 'Sensitive Programs',
    idLabel: 'Program or function module',
    addLabel: 'Add Program',
    listName: 'the sensitive-programs watchlist',
    kinds: [
      { value: 'report', label: 'Report' },
      { value: 'function_module', label: 'Function module' },
    ],
    purpose: 'Starting one of these reports (AUW) or calling one of these function modules (AUK) raises SENSITIVE_ACCESS_FLAG. An entry ending in * is a prefix.',
    columns: 'Columns: NAME, KIND (report or function_module), DESCRIPTION (optional).',
    importNoun: 'programs',
    maxIdLength: 40,
    emptyText: 'No sensitive programs found',
  },
};

export const WATCHLIST_NAMES = Object.keys(WATCHLISTS) as WatchlistName[];

export function kindLabel(info: WatchlistInfo, kind: string | undefined): string {
  return info.kinds.find((k) => k.value === kind)?.label ?? kind ?? '';
}

/** The same shape rule as the server's, so a typo is caught before the call. */
export function validateWatchlistId(info: WatchlistInfo, raw: string): string | undefined {
  const id = raw.trim().toUpperCase();
  if (!id) return `${info.idLabel} is required`;
  const name = id.endsWith('*') ? id.slice(0, -1) : id;
  if (!name || name.length > info.maxIdLength || !/^[A-Z0-9_/@&][A-Z0-9_/.\-@&]*$/.test(name)) {
    return `${info.idLabel} must be 1-${info.maxIdLength} letters, digits or _ / . - (optionally ending in * for a prefix)`;
  }
  return undefined;
}

/**
 * The local search: the ID contains the upper-cased query, or the description contains it in any case.
 *
 * @example matchesWatchlistSearch({ id: 'DDIC', description: 'Data dictionary user', ... }, 'dictionary') // true
 */
export function matchesWatchlistSearch(entry: Pick<WatchlistEntry, 'id' | 'description'>, typed: string): boolean {
  const query = typed.trim();
  return !query || entry.id.includes(query.toUpperCase()) || entry.description.toLowerCase().includes(query.toLowerCase());
}

/**
 * The detection watchlists (DETECTION.md section 4) share one tab; every path, label and text that
 * differs between them comes from the list's line in core's lists table (`WATCHLISTS`,
 * packages/core/src/lists/watchlist-table.ts, its `admin` part): a new admin list is a tab here
 * with no line in the web app.
 */
import { adminWatchlists, type AdminList, type AdminListName } from '@app/core/lists/watchlist-table.ts';

export type WatchlistName = AdminListName;

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

/** "Sensitive roles" → "Sensitive Roles". */
const titleCase = (s: string) => s.replace(/\b[a-z]/g, (c) => c.toUpperCase());

function infoOf(list: AdminList): WatchlistInfo {
  const { spec, line } = list;
  const kinds = spec.kinds.map((k) => ({ ...k }));
  // "Columns: USER, KIND (standard or emergency), DESCRIPTION (optional)."
  const kindColumn = kinds.length > 0 ? `KIND (${kinds.map((k) => k.value).join(' or ')}), ` : '';
  const plural = spec.name.slice(spec.name.indexOf('-') + 1);
  return {
    name: list.name,
    tabLabel: titleCase(line.title),
    idLabel: spec.idLabel ?? spec.noun,
    addLabel: `Add ${spec.noun}`,
    listName: list.listName,
    kinds,
    purpose: spec.purpose,
    columns: `Columns: ${line.idColumn}, ${kindColumn}DESCRIPTION (optional).`,
    importNoun: plural,
    maxIdLength: spec.maxIdLength,
    emptyText: `No ${line.title.toLowerCase()} found`,
  };
}

export const WATCHLISTS = Object.fromEntries(adminWatchlists().map((l) => [l.name, infoOf(l)])) as Record<WatchlistName, WatchlistInfo>;

export const WATCHLIST_NAMES = adminWatchlists().map((l) => l.name);

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

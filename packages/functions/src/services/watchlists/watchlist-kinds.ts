/**
 * The detection watchlists (DETECTION.md section 4) share one code path; what differs between them
 * (storage partition, version counter, CSV columns, allowed kinds, ID shape, audit type) comes from
 * their lines in core's lists table (`WATCHLISTS`, packages/core/src/lists/watchlist-table.ts): a
 * list administrators keep is an `admin` part there, and its routes, import, export, seeding and
 * snapshot follow.
 */
import { adminWatchlists, type AdminList, type AdminListItem, type AdminListName } from '@app/core/lists/watchlist-table.ts';

export type WatchlistName = AdminListName;
export type WatchlistAuditType = AdminListItem;

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
  csvIdColumn: string;
  /** Allowed KIND values; empty when the list has no kind. */
  kinds: readonly string[];
  /** Upper-cased ID shape; a trailing `*` makes an entry a prefix (except `SAP*`). */
  idPattern: RegExp;
  idRule: string;
  /** Default file name of an export (the same as the shipped default list). */
  fileName: string;
  /** The core list: its `DetectionLists` field, seed marker and the conversions of its entries. */
  list: AdminList;
}

function infoOf(list: AdminList): WatchlistInfo {
  const { spec, line } = list;
  return {
    name: list.name,
    pk: list.pk,
    versionSk: list.versionSk,
    auditType: list.item,
    noun: spec.noun,
    listName: list.listName,
    csvIdColumn: line.idColumn,
    kinds: spec.kinds.map((k) => k.value),
    idPattern: spec.idPattern,
    idRule: spec.idRule,
    fileName: line.file,
    list,
  };
}

export const WATCHLISTS = Object.fromEntries(adminWatchlists().map((l) => [l.name, infoOf(l)])) as Record<WatchlistName, WatchlistInfo>;
export const WATCHLIST_NAMES: readonly WatchlistName[] = adminWatchlists().map((l) => l.name);

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

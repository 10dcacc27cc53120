import type { WatchlistUser } from '../model/index.ts';

/** What the privileged-users watchlist says of a user ID. */
export type WatchKind = 'standard' | 'emergency' | undefined;

/** Lookups on the privileged-users watchlist: exact IDs and `*` prefixes (except `SAP*`, a user ID itself). */
export interface Watchlist {
  /** 'standard', 'emergency' or undefined; case ignored. */
  kindOf(user: string): WatchKind;
  /** False when no entry can match a user starting with this character code (skip reading the user). */
  mayMatchInitial(code: number): boolean;
  readonly empty: boolean;
}

export function createWatchlist(entries: readonly WatchlistUser[]): Watchlist {
  const exact = new Map<string, WatchKind>();
  const prefixes: [string, WatchKind][] = [];
  const initials = new Uint8Array(128);
  for (const e of entries) {
    const id = e.user.trim().toUpperCase();
    if (id === '') continue;
    const kind: WatchKind = e.kind === 'emergency' ? 'emergency' : 'standard';
    if (id.endsWith('*') && id !== 'SAP*' && id.length > 1) prefixes.push([id.slice(0, -1), kind]);
    else exact.set(id, kind);
    const c = id.charCodeAt(0);
    if (c < 128) {
      initials[c] = 1;
      initials[String.fromCharCode(c).toLowerCase().charCodeAt(0)] = 1;
    }
  }
  // null: known not to be on the list (one lookup per user instead of has and get).
  const known = new Map<string, WatchKind | null>();
  return {
    empty: exact.size === 0 && prefixes.length === 0,
    mayMatchInitial: (code) => code >= 128 || initials[code] === 1,
    kindOf(user) {
      if (user === '') return undefined;
      const seen = known.get(user);
      if (seen !== undefined) return seen ?? undefined;
      const u = user.trim().toUpperCase();
      let kind = exact.get(u);
      if (kind === undefined) for (const [p, k] of prefixes) if (u.startsWith(p)) { kind = k; break; }
      if (known.size > 20_000) known.clear();
      known.set(user, kind ?? null);
      return kind;
    },
  };
}

/** Names of a watchlist whose entries may end in `*` (a prefix): the sensitive roles. */
export interface NameList {
  /** The entry that matches `name` (upper-cased, trimmed), or undefined. */
  match(name: string): string | undefined;
  readonly empty: boolean;
}

export function createNameList(entries: readonly string[]): NameList {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const e of entries) {
    const id = e.trim().toUpperCase();
    if (id === '') continue;
    if (id.endsWith('*') && id.length > 1) prefixes.push(id.slice(0, -1));
    else exact.add(id);
  }
  return {
    empty: exact.size === 0 && prefixes.length === 0,
    match(name) {
      const n = name.trim().toUpperCase();
      if (n === '') return undefined;
      if (exact.has(n)) return n;
      for (const p of prefixes) if (n.startsWith(p)) return n;
      return undefined;
    },
  };
}

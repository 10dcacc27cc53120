/**
 * The v2 patterns read from security events (DETECTION.md section 3): brute force that got in,
 * privileged and emergency users, users created or unlocked and then used, sensitive profiles,
 * audit-log tampering, mass downloads and systems opened for changes. Each pattern names the
 * record that completes it (`completions`), so the report step can add an OTHER reason to it.
 */
import type { WatchKind } from '../flags/watchlist.ts';
import { DEFAULT_THRESHOLDS, type DetectionThresholds, type PatternName, type SuspiciousPattern } from '../model/index.ts';
import { formatEpoch, type FailedLogon, type SecurityEvent } from '../facts/index.ts';
import { findLogonBursts, pattern } from './find-patterns.ts';

const MINUTE = 60;

/** A record that completes a pattern: an SM20 record (user and time) or a change document (its key). */
export type CompletionKey = string;

/** Key of an SM20 record for completions. */
export function sm20CompletionKey(user: string, epoch: number): CompletionKey {
  return `S\u0001${user.trim().toUpperCase()}\u0001${epoch}`;
}

/** Key of a change document for completions. */
export function docCompletionKey(docKey: string): CompletionKey {
  return `D\u0001${docKey}`;
}

/** A change (for SYSTEM_OPENED_FOR_CHANGES): its time and the key of its record. */
export interface ChangeMoment {
  epoch: number;
  key: CompletionKey;
}

export interface SecurityPatternInput {
  events: readonly SecurityEvent[];
  failedLogons: readonly FailedLogon[];
  /** Successful logons (AU1 AU5). */
  logons: readonly FailedLogon[];
  thresholds?: DetectionThresholds;
  kindOf?: (user: string) => WatchKind;
  /** Ticket coverage of a user at a time; undefined when no tickets were supplied. */
  covers?: (user: string, epoch: number) => boolean;
  /** Change activity (DU9/CUZ changes, CUL, BU4, change documents once per CHANGENR), any order. */
  changes: readonly ChangeMoment[];
  /** Acting user and time of a change document's header, for items that do not know them. */
  headerOf?: (docKey: string) => { user: string; epoch: number } | undefined;
}

export interface SecurityPatternResult {
  patterns: SuspiciousPattern[];
  completions: [CompletionKey, PatternName][];
}

const K = { kind: 0, user: 1, target: 2, terminal: 3, peer: 4, epoch: 5, activity: 6, key: 7 } as const;

/** Logons by user, terminal and address, each sorted by time. */
class LogonIndex {
  private readonly by = new Map<string, SecurityEvent[]>();
  constructor(logons: SecurityEvent[]) {
    for (const e of logons) {
      this.add(`U${e[K.user].toUpperCase()}`, e);
      if (e[K.terminal] !== '') this.add(`T${e[K.terminal]}`, e);
      if (e[K.peer] !== '') this.add(`A${e[K.peer]}`, e);
    }
    for (const list of this.by.values()) list.sort((a, b) => a[K.epoch] - b[K.epoch]);
  }
  private add(k: string, e: SecurityEvent) {
    (this.by.get(k) ?? this.by.set(k, []).get(k)!).push(e);
  }
  /** The first logon under `k` with from < time <= to, optionally of one user. */
  first(k: string, from: number, to: number, user?: string): SecurityEvent | undefined {
    for (const e of this.by.get(k) ?? []) {
      const t = e[K.epoch];
      if (t <= from) continue;
      if (t > to) return undefined;
      if (user === undefined || e[K.user].toUpperCase() === user) return e;
    }
    return undefined;
  }
}

/** A time span (from, to] in which a logon can complete a pattern, optionally only a logon of one user (upper case). */
interface LogonWindow {
  from: number;
  to: number;
  user?: string;
}

/**
 * Where and when a successful logon can complete BRUTE_FORCE_SUCCESS, USER_CREATED_AND_USED or
 * USER_UNLOCKED_AND_USED: after each burst (its user, terminal or address) and after each user
 * creation or unlock (the admin's terminal and address, the target user). Every query of
 * findSecurityPatterns' LogonIndex lies inside one of these windows, so the logons outside them can
 * be left out without changing any pattern; with no window, no logon is needed at all.
 */
export class LogonWindows {
  private readonly users = new Map<string, LogonWindow[]>();
  private readonly terminals = new Map<string, LogonWindow[]>();
  private readonly peers = new Map<string, LogonWindow[]>();

  constructor(input: Pick<SecurityPatternInput, 'events' | 'failedLogons' | 'thresholds'>) {
    const th = input.thresholds ?? DEFAULT_THRESHOLDS;
    for (const b of findLogonBursts(input.failedLogons, th.burst)) {
      const w = { from: b.end, to: b.end + th.bruteForceMinutes * MINUTE };
      add(b.by === 'user' ? this.users : b.by === 'terminal' ? this.terminals : this.peers, b.key, w);
    }
    for (const e of input.events) {
      if ((e[K.kind] !== 'C' && e[K.kind] !== 'U') || Number.isNaN(e[K.epoch])) continue;
      const user = e[K.target].trim().toUpperCase();
      if (user === '' || user === e[K.user].toUpperCase()) continue;
      const w = { from: e[K.epoch], to: e[K.epoch] + 60 * MINUTE, user };
      if (e[K.terminal] !== '') add(this.terminals, e[K.terminal], w);
      if (e[K.peer] !== '') add(this.peers, e[K.peer], w);
    }
  }

  /** As plain data (to a worker thread); `fromPlain` makes it again. */
  toPlain(): PlainLogonWindows {
    return { users: [...this.users], terminals: [...this.terminals], peers: [...this.peers] };
  }

  static fromPlain(p: PlainLogonWindows): LogonWindows {
    const w = new LogonWindows({ events: [], failedLogons: [] });
    for (const [k, list] of p.users) w.users.set(k, list);
    for (const [k, list] of p.terminals) w.terminals.set(k, list);
    for (const [k, list] of p.peers) w.peers.set(k, list);
    return w;
  }

  /** Whether any logon can complete a pattern. */
  get isEmpty(): boolean {
    return this.users.size === 0 && this.terminals.size === 0 && this.peers.size === 0;
  }

  /** Whether some window holds a logon of `user` from `terminal` and address `peer` (as the facts keep them); `epoch` is asked for only then. */
  wants(user: string, terminal: string, peer: string, epoch: () => number): boolean {
    const byUser = this.users.size === 0 ? undefined : this.users.get(user.toUpperCase());
    const byTerminal = terminal === '' ? undefined : this.terminals.get(terminal);
    const byPeer = peer === '' ? undefined : this.peers.get(peer);
    if (!byUser && !byTerminal && !byPeer) return false;
    const t = epoch();
    if (Number.isNaN(t)) return false;
    const upper = byTerminal || byPeer ? user.toUpperCase() : '';
    const inside = (list: LogonWindow[] | undefined) => list !== undefined && list.some((w) => t > w.from && t <= w.to && (w.user === undefined || w.user === upper));
    return inside(byUser) || inside(byTerminal) || inside(byPeer);
  }
}

export interface PlainLogonWindows {
  users: [string, LogonWindow[]][];
  terminals: [string, LogonWindow[]][];
  peers: [string, LogonWindow[]][];
}

function add(m: Map<string, LogonWindow[]>, k: string, w: LogonWindow): void {
  (m.get(k) ?? m.set(k, []).get(k)!).push(w);
}

export function findSecurityPatterns(input: SecurityPatternInput): SecurityPatternResult {
  const th = input.thresholds ?? DEFAULT_THRESHOLDS;
  const patterns: SuspiciousPattern[] = [];
  const completions: [CompletionKey, PatternName][] = [];
  const ofKind = (k: string) => input.events.filter((e) => e[K.kind] === k && !Number.isNaN(e[K.epoch]));
  // As SecurityEvents (kind L) for the index; logons carry no text.
  const index = new LogonIndex(input.logons.map(([user, terminal, t, peer]): SecurityEvent => ['L', user, '', terminal, peer ?? '', t, '', '']).filter((e) => !Number.isNaN(e[K.epoch])));
  const complete = (e: SecurityEvent, name: PatternName) => completions.push([sm20CompletionKey(e[K.user], e[K.epoch]), name]);

  // BRUTE_FORCE_SUCCESS: a burst, then a logon of the same user or from the same terminal or address;
  // one pattern per logon, naming the largest burst before it.
  const bruteForce = new Map<SecurityEvent, ReturnType<typeof findLogonBursts>[number]>();
  for (const b of findLogonBursts(input.failedLogons, th.burst)) {
    const to = b.end + th.bruteForceMinutes * MINUTE;
    const hit = b.by === 'user' ? index.first(`U${b.key}`, b.end, to) : index.first(`${b.by === 'terminal' ? 'T' : 'A'}${b.key}`, b.end, to);
    if (hit && (bruteForce.get(hit)?.count ?? 0) < b.count) bruteForce.set(hit, b);
  }
  for (const [hit, b] of bruteForce) {
    const source = b.by === 'user' ? '' : ` from ${b.by} ${b.key}`;
    patterns.push(pattern('BRUTE_FORCE_SUCCESS', 'critical', hit[K.user], hit[K.epoch], `Logon of ${hit[K.user]} at ${formatEpoch(hit[K.epoch]).slice(11)} after ${b.count} failed logons${source} (${b.users.join(', ')}) from ${formatEpoch(b.start).slice(11)}`));
    complete(hit, 'BRUTE_FORCE_SUCCESS');
  }
  // PRIVILEGED_USER_LOGON: a standard user of the watchlist logged on.
  for (const e of ofKind('P')) {
    if (!input.kindOf || input.kindOf(e[K.user]) === 'standard') patterns.push(pattern('PRIVILEGED_USER_LOGON', 'high', e[K.user], e[K.epoch], `Logon of privileged standard user ${e[K.user]}: ${e[K.activity]}`));
  }

  // EMERGENCY_ACCESS: the first record of each emergency ID per calendar day.
  const seenDays = new Set<string>();
  for (const e of ofKind('E').sort((a, b) => a[K.epoch] - b[K.epoch])) {
    const day = formatEpoch(e[K.epoch]).slice(0, 10);
    const id = `${e[K.user].toUpperCase()}\u0001${day}`;
    if (e[K.user] === '' || seenDays.has(id)) continue;
    seenDays.add(id);
    const uncovered = input.covers !== undefined && !input.covers(e[K.user], e[K.epoch]);
    patterns.push(pattern('EMERGENCY_ACCESS', uncovered ? 'critical' : 'high', e[K.user], e[K.epoch], `First record of emergency ID ${e[K.user]} on ${day}${uncovered ? ' (no ticket covers it)' : ''}: ${e[K.activity]}`));
  }

  // USER_CREATED_AND_USED / USER_UNLOCKED_AND_USED: X logs on from A's terminal or address within 60 minutes.
  const createdOrUnlocked = (kind: 'C' | 'U', name: PatternName, verb: string) => {
    for (const e of ofKind(kind)) {
      const target = e[K.target].trim().toUpperCase();
      if (target === '' || target === e[K.user].toUpperCase()) continue;
      const to = e[K.epoch] + 60 * MINUTE;
      const hit = (e[K.terminal] !== '' ? index.first(`T${e[K.terminal]}`, e[K.epoch], to, target) : undefined) ?? (e[K.peer] !== '' ? index.first(`A${e[K.peer]}`, e[K.epoch], to, target) : undefined);
      if (!hit) continue;
      const from = hit[K.terminal] !== '' && hit[K.terminal] === e[K.terminal] ? `terminal ${hit[K.terminal]}` : `address ${hit[K.peer]}`;
      patterns.push(pattern(name, 'high', e[K.user], hit[K.epoch], `User ${e[K.target]} ${verb} by ${e[K.user]} at ${formatEpoch(e[K.epoch]).slice(11)}, then logged on from ${e[K.user]}'s ${from}`));
      complete(hit, name);
    }
  };
  createdOrUnlocked('C', 'USER_CREATED_AND_USED', 'created');
  createdOrUnlocked('U', 'USER_UNLOCKED_AND_USED', 'unlocked or given a new password');

  // SENSITIVE_PROFILE_ASSIGNED: once per document and assignment.
  const assigned = new Set<string>();
  for (const e of input.events) {
    if (e[K.kind] !== 'A') continue;
    const once = `${e[K.key]}\u0001${e[K.target]}`;
    if (assigned.has(once)) continue;
    assigned.add(once);
    let user = e[K.user];
    let t = e[K.epoch];
    if (user === '' || Number.isNaN(t)) {
      const h = input.headerOf?.(e[K.key]);
      if (h) {
        user ||= h.user;
        if (Number.isNaN(t)) t = h.epoch;
      }
    }
    if (Number.isNaN(t)) continue;
    patterns.push(pattern('SENSITIVE_PROFILE_ASSIGNED', 'critical', user, t, `Sensitive profile ${e[K.target]}`));
  }

  // AUDIT_LOG_TAMPERING: every record.
  for (const e of ofKind('T')) patterns.push(pattern('AUDIT_LOG_TAMPERING', 'critical', e[K.user], e[K.epoch], e[K.activity]));

  // MASS_DOWNLOAD: count downloads in `minutes` per user; one pattern per run.
  const downloads = new Map<string, SecurityEvent[]>();
  for (const e of ofKind('D')) (downloads.get(e[K.user].toUpperCase()) ?? downloads.set(e[K.user].toUpperCase(), []).get(e[K.user].toUpperCase())!).push(e);
  const window = th.massDownload.minutes * MINUTE;
  for (const list of downloads.values()) {
    list.sort((a, b) => a[K.epoch] - b[K.epoch]);
    let start = 0;
    let lastEnd = -1;
    for (let end = 0; end < list.length; end++) {
      while (list[end]![K.epoch] - list[start]![K.epoch] > window) start++;
      if (end - start + 1 >= th.massDownload.count && start > lastEnd) {
        while (end + 1 < list.length && list[end + 1]![K.epoch] - list[start]![K.epoch] <= window) end++;
        patterns.push(pattern('MASS_DOWNLOAD', 'high', list[start]![K.user], list[start]![K.epoch], `${end - start + 1} downloads within ${th.massDownload.minutes} minutes`));
        lastEnd = end;
      }
    }
  }

  // SYSTEM_OPENED_FOR_CHANGES: change activity after an opening, until it is closed (same scope) or the window ends.
  const openings = ofKind('O').sort((a, b) => a[K.epoch] - b[K.epoch]);
  if (openings.length > 0) {
    const closings = ofKind('X').sort((a, b) => a[K.epoch] - b[K.epoch]);
    const changes = [...input.changes].filter((c) => !Number.isNaN(c.epoch)).sort((a, b) => a.epoch - b.epoch);
    for (const o of openings) {
      const t = o[K.epoch];
      const close = closings.find((x) => x[K.epoch] > t && x[K.target] === o[K.target]);
      const end = Math.min(close ? close[K.epoch] : Infinity, t + th.openingHours * 3600);
      const inside = changes.filter((c) => c.epoch > t && c.epoch < end);
      if (inside.length === 0) continue;
      const scope = o[K.target] === 'SYSTEM' ? 'System' : `Client ${o[K.target].replace('CLIENT ', '')}`;
      patterns.push(pattern('SYSTEM_OPENED_FOR_CHANGES', 'critical', o[K.user], t, `${scope} opened for changes by ${o[K.user]}; ${inside.length} change${inside.length === 1 ? '' : 's'} until ${close ? `closed at ${formatEpoch(close[K.epoch]).slice(11)}` : `${th.openingHours} hours later`}`));
      completions.push([inside[0]!.key, 'SYSTEM_OPENED_FOR_CHANGES']);
    }
  }
  return { patterns, completions };
}

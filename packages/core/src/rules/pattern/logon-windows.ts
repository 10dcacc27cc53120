/**
 * The successful logons BRUTE_FORCE_SUCCESS, USER_CREATED_AND_USED and USER_UNLOCKED_AND_USED read:
 * an index of them (one scan, shared by the three rules) and the windows in which a logon can
 * complete one of them (engine/correlate/read-logons.ts reads the SM20 files again for those only).
 */
import type { DetectionThresholds } from '../../model/index.ts';
import type { FailedLogon, SecurityEvent } from '../../facts/index.ts';
import { SECURITY_KIND } from '../../flags/security-kinds.ts';
import { findLogonBursts } from './logon-bursts.ts';
import { K, MINUTE, type PatternEnv } from './pattern-env.ts';
import { USER_CREATED, USER_UNLOCKED } from './user-admin-facts.ts';

/** Logons by user, terminal and address, each sorted by time. */
export class LogonIndex {
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
 * LogonIndex (logonIndexOf) lies inside one of these windows, so the logons outside them can
 * be left out without changing any pattern; with no window, no logon is needed at all.
 */
export class LogonWindows {
  /** Every logon is read too, into a LogonLog (MULTIPLE_LOGONS_BY_USER, UNEXPECTED_NETWORK_LOGON). */
  everyLogon = false;
  private readonly users = new Map<string, LogonWindow[]>();
  private readonly terminals = new Map<string, LogonWindow[]>();
  private readonly peers = new Map<string, LogonWindow[]>();

  constructor(input: { events: readonly SecurityEvent[]; failedLogons: readonly FailedLogon[]; thresholds?: Pick<DetectionThresholds, 'burst' | 'bruteForceMinutes'>; everyLogon?: boolean }) {
    // Without thresholds (no failed logons to judge) there is no burst.
    const th = input.thresholds ?? { burst: { count: Number.POSITIVE_INFINITY, minutes: 0 }, bruteForceMinutes: 0 };
    this.everyLogon = input.everyLogon ?? false;
    for (const b of findLogonBursts(input.failedLogons, th.burst)) {
      const w = { from: b.end, to: b.end + th.bruteForceMinutes * MINUTE };
      add(b.by === 'user' ? this.users : b.by === 'terminal' ? this.terminals : this.peers, b.key, w);
    }
    for (const e of input.events) {
      if ((e[K.kind] !== USER_CREATED.kind && e[K.kind] !== USER_UNLOCKED.kind) || Number.isNaN(e[K.epoch])) continue;
      const user = e[K.target].trim().toUpperCase();
      if (user === '' || user === e[K.user].toUpperCase()) continue;
      const w = { from: e[K.epoch], to: e[K.epoch] + 60 * MINUTE, user };
      if (e[K.terminal] !== '') add(this.terminals, e[K.terminal], w);
      if (e[K.peer] !== '') add(this.peers, e[K.peer], w);
    }
  }

  /** As plain data (to a worker thread); `fromPlain` makes it again. */
  toPlain(): PlainLogonWindows {
    return { users: [...this.users], terminals: [...this.terminals], peers: [...this.peers], everyLogon: this.everyLogon };
  }

  static fromPlain(p: PlainLogonWindows): LogonWindows {
    const w = new LogonWindows({ events: [], failedLogons: [] });
    for (const [k, list] of p.users) w.users.set(k, list);
    for (const [k, list] of p.terminals) w.terminals.set(k, list);
    for (const [k, list] of p.peers) w.peers.set(k, list);
    w.everyLogon = p.everyLogon ?? false;
    return w;
  }

  /** Whether no logon is needed: none can complete a pattern and none is logged (everyLogon). */
  get isEmpty(): boolean {
    return !this.everyLogon && this.users.size === 0 && this.terminals.size === 0 && this.peers.size === 0;
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
  everyLogon?: boolean;
}

function add(m: Map<string, LogonWindow[]>, k: string, w: LogonWindow): void {
  (m.get(k) ?? m.set(k, []).get(k)!).push(w);
}

/** The logon index of a correlation (env.shared): the logons as SecurityEvents of kind L (they carry no text). */
export function logonIndexOf(env: PatternEnv): LogonIndex {
  return new LogonIndex(env.logons.map(([user, terminal, t, peer]): SecurityEvent => [SECURITY_KIND.logon, user, '', terminal, peer ?? '', t, '', '']).filter((e) => !Number.isNaN(e[K.epoch])));
}

import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import { patternRuleId } from '../rules/pattern-rules.ts';
import { formatEpoch, type Activity, type FailedLogon } from '../facts/index.ts';

const MINUTE = 60;

/** Per-user sorted times, for "same user within N minutes" lookups by binary search. */
export class UserTimeline {
  private readonly times = new Map<string, number[]>();
  add(user: string, epoch: number): void {
    const u = user.toUpperCase();
    let list = this.times.get(u);
    if (!list) this.times.set(u, (list = []));
    list.push(epoch);
  }
  seal(): this {
    for (const list of this.times.values()) list.sort((a, b) => a - b);
    return this;
  }
  /** Is there a time of this user in [from, to]? */
  hasBetween(user: string, from: number, to: number): boolean {
    const list = this.times.get(user.toUpperCase());
    if (!list) return false;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < list.length && list[lo]! <= to;
  }
}

export function pattern(name: PatternName, risk: SuspiciousPattern['risk_level'], user: string, epoch: number, activity: string): SuspiciousPattern {
  return { pattern: name, risk_level: risk, rule: patternRuleId(name), user, sm20_time: formatEpoch(epoch), sm20_activity: activity };
}

/** Answers "a time of this user (case-insensitive) in [from, to]?" (UserTimeline, UserTimes). */
export interface TimesByUser {
  hasBetween(user: string, from: number, to: number): boolean;
}

/** CUL by a user, then a change document or DU9/CUZ change by the same user within 60 minutes. */
export function findDebuggerDataChanges(debuggerChanges: Activity[], docTimes: TimesByUser, tableTimes: TimesByUser): SuspiciousPattern[] {
  return debuggerChanges
    .filter(([user, t]) => docTimes.hasBetween(user, t, t + 60 * MINUTE) || tableTimes.hasBetween(user, t + 1, t + 60 * MINUTE))
    .map(([user, t, activity]) => pattern('DEBUGGER_DATA_CHANGE', 'critical', user, t, activity));
}

/** DU9/CUZ change with no change document by that user within 15 minutes (either side). */
export function findUndocumentedTableChanges(tableChanges: Activity[], docTimes: TimesByUser): SuspiciousPattern[] {
  return tableChanges
    .filter(([user, t]) => !docTimes.hasBetween(user, t - 15 * MINUTE, t + 15 * MINUTE))
    .map(([user, t, activity]) => pattern('UNDOCUMENTED_TABLE_CHANGE', 'high', user, t, activity));
}

/** One burst of failed logons: by one user, from one terminal or from one peer address. */
export interface LogonBurst {
  by: 'user' | 'terminal' | 'address';
  /** Upper-cased user, or the terminal or address. */
  key: string;
  users: string[];
  start: number;
  /** Time of the burst's last failed logon. */
  end: number;
  count: number;
}

/**
 * Failed logons (AU2 AU6 AUO BU1) by one user, from one terminal or from one peer address, at
 * least `burst.count` within `burst.minutes`: one burst per run (extended while failures go on
 * within the window of its first). A terminal or address burst of one user is that user's burst.
 */
export function findLogonBursts(failedLogons: readonly FailedLogon[], burst = { count: 5, minutes: 10 }): LogonBurst[] {
  const found: LogonBurst[] = [];
  const windowSeconds = burst.minutes * MINUTE;
  const scan = (groups: Map<string, [string, number][]>, by: LogonBurst['by']) => {
    for (const [key, events] of groups) {
      events.sort((a, b) => a[1] - b[1]);
      let start = 0;
      let lastBurstEnd = -1;
      for (let end = 0; end < events.length; end++) {
        while (events[end]![1] - events[start]![1] > windowSeconds) start++;
        if (end - start + 1 >= burst.count && start > lastBurstEnd) {
          while (end + 1 < events.length && events[end + 1]![1] - events[start]![1] <= windowSeconds) end++;
          const window = events.slice(start, end + 1);
          const users = [...new Set(window.map((e) => e[0]))];
          if (!(by !== 'user' && users.length === 1)) found.push({ by, key, users, start: window[0]![1], end: window[window.length - 1]![1], count: window.length });
          lastBurstEnd = end;
        }
      }
    }
  };
  const byUser = new Map<string, [string, number][]>();
  const byTerminal = new Map<string, [string, number][]>();
  const byAddress = new Map<string, [string, number][]>();
  const add = (m: Map<string, [string, number][]>, k: string, user: string, t: number) => (m.get(k) ?? m.set(k, []).get(k)!).push([user, t]);
  for (const [user, terminal, t, peer] of failedLogons) {
    if (user !== '') add(byUser, user.toUpperCase(), user, t);
    if (terminal !== '') add(byTerminal, terminal, user, t);
    if (peer && peer !== terminal) add(byAddress, peer, user, t);
  }
  scan(byUser, 'user');
  scan(byTerminal, 'terminal');
  const terminalBursts = new Set(found.filter((b) => b.by === 'terminal').map((b) => `${b.start}\u0001${b.count}\u0001${b.users.join()}`));
  const before = found.length;
  scan(byAddress, 'address');
  // An address burst that is exactly a terminal's burst (one terminal behind the address) is that burst.
  return found.filter((b, i) => i < before || !terminalBursts.has(`${b.start}\u0001${b.count}\u0001${b.users.join()}`));
}

/** FAILED_LOGON_BURST per burst: the user, or the terminal or address with the users in the activity. */
export function findFailedLogonBursts(failedLogons: readonly FailedLogon[], burst = { count: 5, minutes: 10 }): SuspiciousPattern[] {
  return findLogonBursts(failedLogons, burst).map((b) => {
    const within = `within ${burst.minutes} minutes`;
    const activity = b.by === 'user' ? `${b.count} failed logons ${within}` : `${b.count} failed logons from ${b.by} ${b.key} ${within} (users ${b.users.join(', ')})`;
    return pattern('FAILED_LOGON_BURST', 'medium', b.by === 'user' ? b.users[0]! : b.key, b.start, activity);
  });
}

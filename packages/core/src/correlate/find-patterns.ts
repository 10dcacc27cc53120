import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import { patternRuleId } from '../rules/pattern-rules.ts';
import { formatEpoch, type Activity } from './facts.ts';

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

function pattern(name: PatternName, risk: SuspiciousPattern['risk_level'], user: string, epoch: number, activity: string): SuspiciousPattern {
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

/** Five or more AU2 for one user, or one terminal, within 10 minutes: one pattern per burst. */
export function findFailedLogonBursts(failedLogons: [user: string, terminal: string, epoch: number][]): SuspiciousPattern[] {
  const found: SuspiciousPattern[] = [];
  const scan = (groups: Map<string, [string, number][]>, by: 'user' | 'terminal') => {
    for (const [key, events] of groups) {
      events.sort((a, b) => a[1] - b[1]);
      let start = 0;
      let lastBurstEnd = -1;
      for (let end = 0; end < events.length; end++) {
        while (events[end]![1] - events[start]![1] > 10 * MINUTE) start++;
        if (end - start + 1 >= 5 && start > lastBurstEnd) {
          const window = events.slice(start, end + 1);
          const users = [...new Set(window.map((e) => e[0]))];
          // A terminal burst by one user is the same burst the user scan reports.
          if (!(by === 'terminal' && users.length === 1)) {
            const activity = by === 'user' ? `${window.length} failed logons (AU2) within 10 minutes` : `${window.length} failed logons (AU2) from terminal ${key} within 10 minutes`;
            found.push(pattern('FAILED_LOGON_BURST', 'medium', by === 'user' ? key : users.join(', '), window[0]![1], activity));
          }
          lastBurstEnd = end;
        }
      }
    }
  };
  const byUser = new Map<string, [string, number][]>();
  const byTerminal = new Map<string, [string, number][]>();
  for (const [user, terminal, t] of failedLogons) {
    if (user !== '') (byUser.get(user.toUpperCase()) ?? byUser.set(user.toUpperCase(), []).get(user.toUpperCase())!).push([user, t]);
    if (terminal !== '') (byTerminal.get(terminal) ?? byTerminal.set(terminal, []).get(terminal)!).push([user, t]);
  }
  scan(byUser, 'user');
  scan(byTerminal, 'terminal');
  return found;
}


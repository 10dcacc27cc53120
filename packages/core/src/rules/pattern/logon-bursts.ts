import type { FailedLogon } from '../../facts/index.ts';
import { MINUTE, type PatternEnv } from './pattern-env.ts';

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

/** The bursts of a correlation, shared by FAILED_LOGON_BURST and BRUTE_FORCE_SUCCESS (env.shared). */
export function logonBurstsOf(env: PatternEnv): LogonBurst[] {
  return findLogonBursts(env.failedLogons, env.thresholds.burst);
}

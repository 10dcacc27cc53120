// Ticket coverage before the compact rewrite (commit 5b1b159): reference for the differential test.
import type { TicketFact } from '../facts/index.ts';

const DAY = 86_400;
// Runs of the characters SAP user names are spelt with (dots, @ and - inside, never at the end);
// a name is any span of a run from a word start to a word end (DETECTION.md v2: whole words).
const RUN = /[A-Z0-9_][A-Z0-9_.@-]*[A-Z0-9_]|[A-Z0-9_]/g;

/** One user's tickets sorted by start, with the running maximum of their ends. */
interface CoverageIndex {
  starts: number[];
  maxEnds: number[];
}

function buildIndex(windows: [number, number][]): CoverageIndex {
  windows.sort((a, b) => a[0] - b[0]);
  const starts = windows.map((w) => w[0]);
  const maxEnds: number[] = [];
  let max = Number.NEGATIVE_INFINITY;
  for (const [, end] of windows) maxEnds.push((max = Math.max(max, end)));
  return { starts, maxEnds };
}

/**
 * Tickets cover a user's activity from one day before the request time to one day after the
 * close time (an open ticket: to any later time), when the ticket's user fields or its text
 * name that user (as a whole word). `users` limits the text index to the users that matter.
 * Each lookup is a binary search, so large ticket exports stay fast.
 */
export function createTicketCoverage(tickets: TicketFact[], users?: Iterable<string>): (user: string, epoch: number) => boolean {
  const wanted = users ? new Set([...users].map((u) => u.toUpperCase())) : undefined;
  const windowsByUser = new Map<string, [number, number][]>();
  const add = (user: string, window: [number, number]) => {
    let list = windowsByUser.get(user);
    if (!list) windowsByUser.set(user, (list = []));
    list.push(window);
  };
  for (const t of tickets) {
    const start = t[3] ?? t[4];
    if (start === null) continue;
    const window: [number, number] = [start - DAY, t[4] === null ? Number.POSITIVE_INFINITY : t[4] + DAY];
    const named = new Set(t[1]);
    for (const run of t[2].match(RUN) ?? []) {
      const parts = run.split(/([.@-]+)/);
      for (let a = 0; a < parts.length; a += 2)
        for (let b = a; b < parts.length; b += 2) {
          const word = parts.slice(a, b + 1).join('');
          if (!wanted || wanted.has(word)) named.add(word);
        }
    }
    for (const u of named) if (!wanted || wanted.has(u)) add(u, window);
  }
  const index = new Map<string, CoverageIndex>();
  for (const [user, windows] of windowsByUser) index.set(user, buildIndex(windows));
  return (user, epoch) => {
    const ix = index.get(user.toUpperCase());
    if (!ix) return false;
    // Last window starting at or before epoch; covered if any window up to it ends at or after epoch.
    let lo = 0;
    let hi = ix.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ix.starts[mid]! <= epoch) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 && ix.maxEnds[lo - 1]! >= epoch;
  };
}

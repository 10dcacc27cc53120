import { PackedColumn, type StrColumn } from './columns.ts';
import { toCompactFacts, type CompactFacts } from './compact-facts.ts';
import type { TicketFact } from './facts.ts';
import { I32List, UserIds } from './user-ids.ts';

const DAY = 86_400;

type Tickets = CompactFacts['tickets'];

/**
 * Tickets cover a user's activity from one day before the request time to one day after the
 * close time (an open ticket: to any later time), when the ticket's user fields or its text
 * name that user as a whole word (`[A-Z0-9_][A-Z0-9_.@-]*[A-Z0-9_]`, as SAP user names are
 * spelt). Only users in `wanted` (ids of `users`) are indexed. Windows live in typed arrays,
 * grouped per user, sorted by start with the running maximum of their ends, so each lookup is
 * a binary search.
 */
export class TicketCoverage {
  private readonly offsets: Int32Array;
  private readonly starts: Float64Array;
  private readonly maxEnds: Float64Array;

  constructor(users: UserIds, wanted: (uid: number) => boolean, files: readonly Tickets[]) {
    // (user id, ticket) pairs; a user named twice by one ticket adds the same window twice, which covers alike.
    const pairUser = new I32List();
    const pairFile = new I32List();
    const pairTicket = new I32List();
    files.forEach((t, f) => {
      const words = wordFinder(users, wanted);
      let flatAt = 0;
      for (let i = 0; i < t.n; i++) {
        const len = t.users.lens[i]!;
        const from = flatAt;
        flatAt += len;
        if (Number.isNaN(t.starts[i]!) && Number.isNaN(t.ends[i]!)) continue;
        const add = (uid: number) => {
          pairUser.push(uid);
          pairFile.push(f);
          pairTicket.push(i);
        };
        for (let k = from; k < from + len; k++) {
          const uid = users.findUpper(t.users.flat.get(k));
          if (uid >= 0 && wanted(uid)) add(uid);
        }
        words(t.texts, i, add);
      }
    });
    const n = users.size;
    const offsets = new Int32Array(n + 1);
    const pu = pairUser.view();
    for (let k = 0; k < pu.length; k++) offsets[pu[k]! + 1]!++;
    for (let u = 0; u < n; u++) offsets[u + 1]! += offsets[u]!;
    const fill = offsets.slice(0, n);
    const starts = new Float64Array(pu.length);
    const ends = new Float64Array(pu.length);
    for (let k = 0; k < pu.length; k++) {
      const t = files[pairFile.data[k]!]!;
      const i = pairTicket.data[k]!;
      const start = Number.isNaN(t.starts[i]!) ? t.ends[i]! : t.starts[i]!;
      const end = t.ends[i]!;
      const at = fill[pu[k]!]!++;
      starts[at] = start - DAY;
      ends[at] = Number.isNaN(end) ? Number.POSITIVE_INFINITY : end + DAY;
    }
    const maxEnds = new Float64Array(pu.length);
    for (let u = 0; u < n; u++) {
      const from = offsets[u]!;
      const to = offsets[u + 1]!;
      if (to - from > 1) {
        const order = Uint32Array.from({ length: to - from }, (_, j) => from + j).sort((a, b) => starts[a]! - starts[b]!);
        const s = Float64Array.from(order, (k) => starts[k]!);
        const e = Float64Array.from(order, (k) => ends[k]!);
        starts.set(s, from);
        ends.set(e, from);
      }
      let max = Number.NEGATIVE_INFINITY;
      for (let k = from; k < to; k++) maxEnds[k] = max = Math.max(max, ends[k]!);
    }
    this.offsets = offsets;
    this.starts = starts;
    this.maxEnds = maxEnds;
  }

  /** Is this user id's activity at `epoch` covered by a ticket? */
  covers(uid: number, epoch: number): boolean {
    if (uid < 0 || uid + 1 >= this.offsets.length) return false;
    const first = this.offsets[uid]!;
    let lo = first;
    let hi = this.offsets[uid + 1]!;
    // Last window starting at or before epoch; covered if any window up to it ends at or after epoch.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! <= epoch) lo = mid + 1;
      else hi = mid;
    }
    return lo > first && this.maxEnds[lo - 1]! >= epoch;
  }
}

const isWordChar = (c: number) => (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
const isInnerChar = (c: number) => isWordChar(c) || c === 46 || c === 64 || c === 45;

/**
 * Calls `add` with the id of each wanted user a ticket text names as a word. Words are the
 * WORD regex's matches: in a run of [A-Z0-9_.@-], from its first to its last [A-Z0-9_].
 * Packed ASCII/UTF-8 texts are scanned on their bytes (multi-byte characters never match).
 */
function wordFinder(users: UserIds, wanted: (uid: number) => boolean): (texts: StrColumn, i: number, add: (uid: number) => void) => void {
  return (texts, i, add) => {
    let unit: (k: number) => number;
    let from: number;
    let to: number;
    let slice: (a: number, b: number) => string;
    if (texts instanceof PackedColumn) {
      const b = texts.bytes;
      from = texts.start(i);
      to = texts.end(i);
      unit = (k) => b[k]!;
      slice = (a, e) => b.toString('latin1', a, e);
    } else {
      const s = texts.get(i);
      from = 0;
      to = s.length;
      unit = (k) => s.charCodeAt(k);
      slice = (a, e) => s.slice(a, e);
    }
    let k = from;
    while (k < to) {
      while (k < to && !isWordChar(unit(k))) k++;
      if (k >= to) break;
      const start = k;
      let last = k;
      while (k < to && isInnerChar(unit(k))) {
        if (isWordChar(unit(k))) last = k;
        k++;
      }
      const uid = users.findUpper(slice(start, last + 1));
      if (uid >= 0 && wanted(uid)) add(uid);
    }
  };
}

/**
 * Coverage over plain ticket facts, as a function of user name and epoch.
 * `users` limits the text index to the users that matter (all named users when left out).
 */
export function createTicketCoverage(tickets: TicketFact[], users?: Iterable<string>): (user: string, epoch: number) => boolean {
  const ids = new UserIds();
  const wantedIds = new Set<number>();
  if (users) for (const u of users) wantedIds.add(ids.of(u));
  else for (const t of tickets) for (const u of t[1]) ids.of(u);
  const compact = toCompactFacts({ tickets }).tickets;
  const wanted = users ? (uid: number) => wantedIds.has(uid) : () => true;
  if (!users) {
    // Without a user list every word may be a user: intern them all first.
    for (const t of tickets) for (const w of t[2].match(/[A-Z0-9_][A-Z0-9_.@-]*[A-Z0-9_]|[A-Z0-9_]/g) ?? []) ids.of(w);
  }
  const coverage = new TicketCoverage(ids, wanted, [compact]);
  return (user, epoch) => coverage.covers(ids.findUpper(user.toUpperCase()), epoch);
}

import { DictColumn, FNV_PRIME, HASH_SEED, hashString, hashUnit, PackedColumn, type StrColumn, toCompactFacts, type CompactFacts, type TicketFact } from '../facts/index.ts';
import { I32List, UserIds } from './user-ids.ts';

const DAY = 86_400;

type Tickets = CompactFacts['tickets'];

/**
 * Tickets cover a user's activity from one day before the request time to one day after the
 * close time (an open ticket: to any later time), when the ticket's user fields or its text
 * name that user as a whole word (no letter, digit or `_` right before or after it; names may
 * hold `.`, `@` and `-` inside, as SAP user names are spelt). Only users in `wanted` (ids of `users`) are indexed. Windows live in typed arrays,
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
    let file = 0;
    let ticket = 0;
    const add = (uid: number) => {
      pairUser.push(uid);
      pairFile.push(file);
      pairTicket.push(ticket);
    };
    const words = wordFinder(users, wanted);
    files.forEach((t, f) => {
      file = f;
      const named = knownUsers(users, t.users.flat);
      let flatAt = 0;
      for (let i = 0; i < t.n; i++) {
        const len = t.users.lens[i]!;
        const from = flatAt;
        flatAt += len;
        if (Number.isNaN(t.starts[i]!) && Number.isNaN(t.ends[i]!)) continue;
        ticket = i;
        for (let k = from; k < from + len; k++) {
          const uid = named(k);
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
      let sorted = true;
      for (let k = from + 1; k < to && sorted; k++) sorted = starts[k - 1]! <= starts[k]!;
      // Ticket exports mostly come in time order already.
      if (!sorted) {
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

/** Id per row of a column of upper-cased names (-1: not a known user); a dictionary's values looked up once. */
function knownUsers(users: UserIds, col: StrColumn): (k: number) => number {
  if (col instanceof DictColumn) {
    const ids = col.ids;
    const table = Int32Array.from(col.dict, (u) => users.findUpper(u));
    return (k) => table[ids[k]!]!;
  }
  return (k) => users.findUpper(col.get(k));
}

/** Every span of `text` that names a user as a whole word (the candidates wordFinder looks up). */
export function namedWords(text: string): string[] {
  const words: string[] = [];
  for (const run of text.match(/[A-Z0-9_][A-Z0-9_.@-]*[A-Z0-9_]|[A-Z0-9_]/g) ?? []) {
    const bounds = [...run.matchAll(/[A-Z0-9_]+/g)].map((m) => [m.index, m.index + m[0].length] as const);
    for (const [s] of bounds.slice(0, MAX_STARTS_PER_RUN)) for (const [, e] of bounds) if (e > s) words.push(run.slice(s, e));
  }
  return words;
}

// Character classes of names as a table over code units 0..127.
const WORD_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const s = String.fromCharCode(c);
  if (/[A-Z0-9_]/.test(s)) WORD_CHAR[c] = 2;
  else if (/[.@-]/.test(s)) WORD_CHAR[c] = 1;
}

/** Wanted users' names (ASCII ones: a word is ASCII) by hash, found from bytes or characters without a string per word. */
class WantedNames {
  private readonly table: Int32Array;
  private readonly mask: number;
  constructor(private readonly users: UserIds, wanted: (uid: number) => boolean) {
    let capacity = 64;
    while (capacity < users.size * 2) capacity *= 2;
    this.table = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
    for (let uid = 0; uid < users.size; uid++) {
      const name = users.names[uid]!;
      if (!wanted(uid) || name === '' || !/^[\x00-\x7f]*$/.test(name)) continue;
      let slot = mix(hashString(name, HASH_SEED)) & this.mask;
      while (this.table[slot]! >= 0) slot = (slot + 1) & this.mask;
      this.table[slot] = uid;
    }
  }
  /** Id of the wanted user spelt by code units [from, to) of `unitAt`, or -1. */
  find(h: number, equals: (name: string) => boolean): number {
    for (let slot = mix(h) & this.mask; ; slot = (slot + 1) & this.mask) {
      const uid = this.table[slot]!;
      if (uid < 0) return -1;
      if (equals(this.users.names[uid]!)) return uid;
    }
  }
}

function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h;
}

/** Word starts looked at in one run of name characters; longer runs (rare) are cut there. */
const MAX_STARTS_PER_RUN = 64;

/**
 * Calls `add` with the id of each wanted user a ticket text names as a whole word: the name
 * stands in the text with no letter, digit or `_` right before or after it (DETECTION.md 2:
 * `Karin Weber (KWEBER)` and `kweber@corp.example` name KWEBER; `KWEBERT` does not). Names may
 * hold `.`, `@` and `-` (`J.DOE`), so inside a run of [A-Z0-9_.@-] every span from a word start
 * to a word end is a candidate; a run without those characters is one candidate, looked up once.
 * Packed texts are scanned on their bytes (bytes of multi-byte UTF-8 characters are >= 0x80, so
 * they separate words as the characters do).
 */
function wordFinder(users: UserIds, wanted: (uid: number) => boolean): (texts: StrColumn, i: number, add: (uid: number) => void) => void {
  const names = new WantedNames(users, wanted);
  let bytes: Buffer | undefined;
  let text = '';
  let packed = false;
  let wordFrom = 0;
  let wordTo = 0;
  const sameBytes = (name: string) => {
    if (name.length !== wordTo - wordFrom) return false;
    for (let k = 0; k < name.length; k++) if (bytes![wordFrom + k] !== name.charCodeAt(k)) return false;
    return true;
  };
  const sameChars = (name: string) => name.length === wordTo - wordFrom && text.startsWith(name, wordFrom);
  const unitAt = (k: number) => (packed ? bytes![k]! : text.charCodeAt(k));
  const classAt = (k: number) => {
    const c = unitAt(k);
    return c < 128 ? WORD_CHAR[c]! : 0;
  };
  /** Every span of the run [start, end) from a word start to a word end (the run has separators). */
  const spans = (start: number, end: number, add: (uid: number) => void) => {
    let starts = 0;
    for (let s = start; s < end && starts < MAX_STARTS_PER_RUN; s++) {
      if (classAt(s) !== 2 || (s > start && classAt(s - 1) === 2)) continue;
      starts++;
      let h = HASH_SEED;
      for (let k = s; k < end; k++) {
        const cls = classAt(k);
        h = hashUnit(unitAt(k), h);
        if (cls !== 2 || (k + 1 < end && classAt(k + 1) === 2)) continue;
        wordFrom = s;
        wordTo = k + 1;
        const uid = names.find(h, packed ? sameBytes : sameChars);
        if (uid >= 0) add(uid);
      }
    }
  };
  /** The loop below over packed bytes, with the bytes read directly (most ticket texts are packed). */
  const scanBytes = (b: Buffer, from: number, to: number, add: (uid: number) => void) => {
    let k = from;
    while (k < to) {
      let c = b[k]!;
      if (c >= 128 || WORD_CHAR[c] !== 2) {
        k++;
        continue;
      }
      const start = k;
      let last = k;
      let separators = false;
      let h = HASH_SEED;
      let hLast = h;
      for (; k < to; k++) {
        c = b[k]!;
        const cls = c < 128 ? WORD_CHAR[c]! : 0;
        if (cls === 0) break;
        h = Math.imul(h ^ c, FNV_PRIME);
        if (cls === 2) {
          last = k;
          hLast = h;
        } else separators = true;
      }
      if (separators) {
        spans(start, last + 1, add);
        continue;
      }
      wordFrom = start;
      wordTo = last + 1;
      const uid = names.find(hLast, sameBytes);
      if (uid >= 0) add(uid);
    }
  };
  return (texts, i, add) => {
    let from: number;
    let to: number;
    packed = texts instanceof PackedColumn;
    if (packed) {
      bytes = (texts as PackedColumn).bytes;
      from = (texts as PackedColumn).start(i);
      to = (texts as PackedColumn).end(i);
    } else {
      text = texts.get(i);
      from = 0;
      to = text.length;
    }
    if (packed) return scanBytes(bytes!, from, to, add);
    let k = from;
    while (k < to) {
      let c = unitAt(k);
      if (c >= 128 || WORD_CHAR[c] !== 2) {
        k++;
        continue;
      }
      const start = k;
      let last = k;
      let separators = false;
      let h = HASH_SEED;
      let hLast = h;
      for (; k < to; k++) {
        c = unitAt(k);
        const cls = c < 128 ? WORD_CHAR[c]! : 0;
        if (cls === 0) break;
        h = hashUnit(c, h);
        if (cls === 2) {
          last = k;
          hLast = h;
        } else separators = true;
      }
      if (separators) {
        spans(start, last + 1, add);
        continue;
      }
      wordFrom = start;
      wordTo = last + 1;
      const uid = names.find(hLast, sameChars);
      if (uid >= 0) add(uid);
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
    for (const t of tickets) for (const w of namedWords(t[2])) ids.of(w);
  }
  const coverage = new TicketCoverage(ids, wanted, [compact]);
  return (user, epoch) => coverage.covers(ids.findUpper(user.toUpperCase()), epoch);
}

import { DictColumn, type StrColumn } from '../facts/index.ts';

/**
 * User names interned case-insensitively to small integer ids (the joins compare users
 * upper-cased). Raw spellings are cached, so a name is upper-cased once, not once per row.
 */
export class UserIds {
  private readonly byUpper = new Map<string, number>();
  private readonly byRaw = new Map<string, number>();
  readonly names: string[] = [];

  /** Id of the user (upper-cased), created when new. */
  of(user: string): number {
    let id = this.byRaw.get(user);
    if (id !== undefined) return id;
    const upper = user.toUpperCase();
    id = this.byUpper.get(upper);
    if (id === undefined) {
      id = this.names.length;
      this.byUpper.set(upper, id);
      this.names.push(upper);
    }
    if (this.byRaw.size < 1_000_000) this.byRaw.set(user, id);
    return id;
  }

  /** Id of an already upper-cased name, or -1 when it is unknown. */
  findUpper(upper: string): number {
    return this.byUpper.get(upper) ?? -1;
  }

  get size(): number {
    return this.names.length;
  }

  /** Id per row of a user column; dictionary columns map each distinct value once. */
  column(col: StrColumn): (i: number) => number {
    if (col instanceof DictColumn) {
      const table = Int32Array.from(col.dict, (u) => this.of(u));
      const ids = col.ids;
      return (i) => table[ids[i]!]!;
    }
    return (i) => this.of(col.get(i));
  }
}

/** A growable typed array. */
class TypedList<T extends Float64Array | Int32Array> {
  data: T;
  length = 0;
  constructor(private readonly make: (n: number) => T) {
    this.data = make(1024);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const d = this.make(this.length * 2);
      d.set(this.data);
      this.data = d;
    }
    this.data[this.length++] = v;
  }
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

/** Growable float64s (epochs, references). */
export class F64List extends TypedList<Float64Array> {
  constructor() {
    super((n) => new Float64Array(n));
  }
}

/** Growable Int32s. */
export class I32List extends TypedList<Int32Array> {
  constructor() {
    super((n) => new Int32Array(n));
  }
}

/** Per-user sorted times, for "same user within N minutes" lookups by binary search (built a time at a time). */
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

/**
 * Per-user sorted times in one Float64Array (users' runs found by offset), for "same user
 * within a window" by binary search. Built from (user id, epoch) pairs by a counting sort.
 */
export class UserTimes {
  private readonly offsets: Int32Array;
  private readonly times: Float64Array;

  constructor(
    private readonly users: UserIds,
    ids: Int32Array,
    epochs: Float64Array,
  ) {
    const n = users.size;
    const offsets = new Int32Array(n + 1);
    for (let k = 0; k < ids.length; k++) offsets[ids[k]! + 1]!++;
    for (let u = 0; u < n; u++) offsets[u + 1]! += offsets[u]!;
    const fill = offsets.slice(0, n);
    const times = new Float64Array(ids.length);
    for (let k = 0; k < ids.length; k++) times[fill[ids[k]!]!++] = epochs[k]!;
    for (let u = 0; u < n; u++) times.subarray(offsets[u]!, offsets[u + 1]!).sort();
    this.offsets = offsets;
    this.times = times;
  }

  /** Is there a time of this user id in [from, to]? */
  hasBetweenId(uid: number, from: number, to: number): boolean {
    if (uid < 0 || uid + 1 >= this.offsets.length) return false;
    let lo = this.offsets[uid]!;
    const end = this.offsets[uid + 1]!;
    let hi = end;
    const t = this.times;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (t[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    return lo < end && t[lo]! <= to;
  }

  /** The same by name (case-insensitive). */
  hasBetween(user: string, from: number, to: number): boolean {
    return this.hasBetweenId(this.users.findUpper(user.toUpperCase()), from, to);
  }
}

/**
 * Distinct (user id, epoch) pairs in first-seen order, in typed arrays: an open-addressing
 * table of pair numbers instead of a Map keyed by a string per pair.
 */
export class FirstSeenPairs {
  private table = new Int32Array(1 << 12).fill(-1);
  private readonly uids = new I32List();
  private readonly epochs = new F64List();

  get size(): number {
    return this.uids.length;
  }

  /** Adds the pair; its number when new, -1 when it was seen before. */
  add(uid: number, epoch: number): number {
    if (this.uids.length * 2 >= this.table.length) this.grow();
    const mask = this.table.length - 1;
    for (let slot = pairHash(uid, epoch) & mask; ; slot = (slot + 1) & mask) {
      const at = this.table[slot]!;
      if (at < 0) {
        this.table[slot] = this.uids.length;
        this.uids.push(uid);
        this.epochs.push(epoch);
        return this.uids.length - 1;
      }
      if (this.uids.data[at] === uid && this.epochs.data[at] === epoch) return -1;
    }
  }

  private grow(): void {
    const table = new Int32Array(this.table.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let at = 0; at < this.uids.length; at++) {
      let slot = pairHash(this.uids.data[at]!, this.epochs.data[at]!) & mask;
      while (table[slot]! >= 0) slot = (slot + 1) & mask;
      table[slot] = at;
    }
    this.table = table;
  }
}

function pairHash(uid: number, epoch: number): number {
  let h = Math.imul(uid ^ 0x9e3779b9, 0x85ebca6b) ^ (epoch | 0) ^ Math.imul((epoch / 4294967296) | 0, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h;
}

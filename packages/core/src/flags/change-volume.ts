/** CHANGE_VOLUME_FLAG: more than this many changes by one user on one calendar day. */
export const CHANGE_VOLUME_LIMIT = 50;

/**
 * Counts changes per user-day: distinct change numbers of change documents, and SM20 change
 * events, kept apart so one change seen in both SM20 and CDHDR is not counted twice; a user-day
 * is over the limit when either count is. Mergeable across files and serialisable for the
 * workspace (the pipeline runs files in separate tasks).
 */
export class ChangeVolumeCounter {
  private readonly documents = new Map<string, Set<string>>();
  private readonly events = new Map<string, number>();

  static key(user: string, isoDate: string): string {
    return `${user.toUpperCase()}\u0000${isoDate}`;
  }

  // Consecutive records mostly share user and day: reuse the last key.
  private lastUser = '';
  private lastDate = '';
  private lastKey = '';
  private keyOf(user: string, isoDate: string): string {
    if (user !== this.lastUser || isoDate !== this.lastDate) {
      this.lastUser = user;
      this.lastDate = isoDate;
      this.lastKey = ChangeVolumeCounter.key(user, isoDate);
    }
    return this.lastKey;
  }

  addDocument(user: string, isoDate: string, changenr: string): void {
    if (user === '' || isoDate === '' || changenr === '') return;
    const key = this.keyOf(user, isoDate);
    let set = this.documents.get(key);
    if (!set) this.documents.set(key, (set = new Set()));
    set.add(changenr);
    this.overLimit = undefined;
  }

  addEvent(user: string, isoDate: string): void {
    if (user === '' || isoDate === '') return;
    const key = this.keyOf(user, isoDate);
    this.events.set(key, (this.events.get(key) ?? 0) + 1);
    this.overLimit = undefined;
  }

  // user -> date -> count, only for user-days over the limit (usually few); rebuilt after changes.
  private overLimit: Map<string, Map<string, number>> | undefined;

  /** The user-day's change count when it exceeds the limit, else undefined. Fast when no user-day is over. */
  excess(user: string, isoDate: string): number | undefined {
    const overLimit = this.overLimitMap();
    if (overLimit.size === 0) return undefined;
    const days = overLimit.get(user) ?? overLimit.get(user.toUpperCase());
    return days?.get(isoDate);
  }

  /** [user, date, count] of every user-day over the limit: all the report step needs. */
  overLimitEntries(): [string, string, number][] {
    const out: [string, string, number][] = [];
    for (const [user, days] of this.overLimitMap()) for (const [date, n] of days) out.push([user, date, n]);
    return out;
  }

  static fromOverLimit(entries: [string, string, number][]): ChangeVolumeCounter {
    const c = new ChangeVolumeCounter();
    c.overLimit = new Map();
    for (const [user, date, n] of entries) {
      let days = c.overLimit.get(user);
      if (!days) c.overLimit.set(user, (days = new Map()));
      days.set(date, n);
    }
    return c;
  }

  private overLimitMap(): Map<string, Map<string, number>> {
    if (!this.overLimit) {
      this.overLimit = new Map();
      const note = (key: string, n: number) => {
        if (n <= CHANGE_VOLUME_LIMIT) return;
        const [u, d] = key.split('\u0000') as [string, string];
        let days = this.overLimit!.get(u);
        if (!days) this.overLimit!.set(u, (days = new Map()));
        days.set(d, Math.max(days.get(d) ?? 0, n));
      };
      for (const [key, set] of this.documents) note(key, set.size);
      for (const [key, n] of this.events) note(key, n);
    }
    return this.overLimit;
  }

  merge(other: ChangeVolumeCounter): void {
    for (const [key, set] of other.documents) {
      const mine = this.documents.get(key);
      if (mine) for (const c of set) mine.add(c);
      else this.documents.set(key, new Set(set));
    }
    for (const [key, n] of other.events) this.events.set(key, (this.events.get(key) ?? 0) + n);
    this.overLimit = undefined;
  }

  /** JSON of the counts; change numbers are kept only for user-days that could still matter. */
  toJSON(): { documents: [string, string[]][]; events: [string, number][] } {
    return { documents: [...this.documents].map(([k, s]) => [k, [...s]]), events: [...this.events] };
  }

  static fromJSON(data: ReturnType<ChangeVolumeCounter['toJSON']>): ChangeVolumeCounter {
    const c = new ChangeVolumeCounter();
    for (const [k, list] of data.documents) c.documents.set(k, new Set(list));
    for (const [k, n] of data.events) c.events.set(k, n);
    return c;
  }
}

export function volumeReason(user: string, isoDate: string, count: number): string {
  return `${user} made ${count} changes on ${isoDate} (more than ${CHANGE_VOLUME_LIMIT})`;
}

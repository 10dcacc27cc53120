/** CHANGE_VOLUME_FLAG: more than this many changes by one user on one calendar day. */
export const CHANGE_VOLUME_LIMIT = 50;

/**
 * Counts changes per user-day: distinct change numbers of change documents, and SM20 change
 * events, kept apart so one change seen in both SM20 and CDHDR is not counted twice; a user-day
 * is over the limit when either count is. Mergeable across files and serialisable for the
 * workspace (the pipeline runs files in separate tasks).
 */
export class ChangeVolumeCounter {
  // User-days get ids in first-seen order; per id the change numbers (in first-seen order, duplicates
  // removed lazily: arrays are far lighter than a Set per user-day) and the count of change events.
  private readonly keyIds = new Map<string, number>();
  /** user as written -> date -> id: no key string built per record. */
  private readonly ids = new Map<string, Map<string, number>>();
  private readonly keys: string[] = [];
  private readonly docLists: (string[] | undefined)[] = [];
  /** Entries of docLists known to hold no duplicates. */
  private readonly distinct: boolean[] = [];
  private readonly docOrder: number[] = [];
  private readonly eventCounts: number[] = [];
  private readonly eventOrder: number[] = [];

  static key(user: string, isoDate: string): string {
    return `${user.toUpperCase()}\u0000${isoDate}`;
  }

  // Consecutive records mostly share user and day: reuse the last id.
  private lastUser = '';
  private lastDate = '';
  private lastId = -1;

  /** Id of a user-day (users compared upper-cased, as `key`); ids count from 0 in first-seen order. */
  userDayOf(user: string, isoDate: string): number {
    if (user === this.lastUser && isoDate === this.lastDate && this.lastId >= 0) return this.lastId;
    let days = this.ids.get(user);
    if (!days) this.ids.set(user, (days = new Map()));
    let id = days.get(isoDate);
    if (id === undefined) {
      id = this.idOfKey(ChangeVolumeCounter.key(user, isoDate));
      days.set(isoDate, id);
    }
    this.lastUser = user;
    this.lastDate = isoDate;
    this.lastId = id;
    return id;
  }

  /** Key (as `key`) of a user-day id. */
  keyOf(id: number): string {
    return this.keys[id]!;
  }

  private idOfKey(key: string): number {
    let id = this.keyIds.get(key);
    if (id === undefined) {
      id = this.keys.length;
      this.keyIds.set(key, id);
      this.keys.push(key);
      this.docLists.push(undefined);
      this.distinct.push(true);
      this.eventCounts.push(0);
    }
    return id;
  }

  private addDocumentAt(id: number, changenr: string): void {
    const list = this.docLists[id];
    if (list === undefined) {
      this.docLists[id] = [changenr];
      this.docOrder.push(id);
    } else if (list[list.length - 1] !== changenr) {
      list.push(changenr);
      this.distinct[id] = false;
    }
  }

  private addEventsAt(id: number, n: number): void {
    if (this.eventCounts[id] === 0) this.eventOrder.push(id);
    this.eventCounts[id]! += n;
  }

  addDocument(user: string, isoDate: string, changenr: string): void {
    if (user === '' || isoDate === '' || changenr === '') return;
    this.addDocumentAt(this.userDayOf(user, isoDate), changenr);
    this.overLimit = undefined;
  }

  addEvent(user: string, isoDate: string): void {
    if (user === '' || isoDate === '') return;
    this.addEventsAt(this.userDayOf(user, isoDate), 1);
    this.overLimit = undefined;
  }

  /** Change numbers of a user-day, each once, in first-seen order. */
  private documentsAt(id: number): string[] {
    let list = this.docLists[id]!;
    if (!this.distinct[id]) {
      let increasing = true; // the usual case (change numbers grow with time): distinct without a Set
      for (let i = 1; i < list.length && increasing; i++) increasing = list[i]! > list[i - 1]!;
      if (!increasing) this.docLists[id] = list = [...new Set(list)];
      this.distinct[id] = true;
    }
    return list;
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
      for (const id of this.docOrder) if (this.docLists[id]!.length > CHANGE_VOLUME_LIMIT) note(this.keys[id]!, this.documentsAt(id).length);
      for (const id of this.eventOrder) note(this.keys[id]!, this.eventCounts[id]!);
    }
    return this.overLimit;
  }

  merge(other: ChangeVolumeCounter): void {
    for (const oid of other.docOrder) {
      const id = this.idOfKey(other.keys[oid]!);
      const list = other.docLists[oid]!;
      const mine = this.docLists[id];
      if (mine === undefined) {
        this.docLists[id] = list.slice();
        this.distinct[id] = other.distinct[oid]!;
        this.docOrder.push(id);
      } else {
        for (const c of list) mine.push(c);
        this.distinct[id] = false;
      }
    }
    for (const oid of other.eventOrder) this.addEventsAt(this.idOfKey(other.keys[oid]!), other.eventCounts[oid]!);
    this.overLimit = undefined;
  }

  /** JSON of the counts; change numbers are kept only for user-days that could still matter. */
  toJSON(): { documents: [string, string[]][]; events: [string, number][] } {
    return {
      documents: this.docOrder.map((id) => [this.keys[id]!, this.documentsAt(id)]),
      events: this.eventOrder.map((id) => [this.keys[id]!, this.eventCounts[id]!]),
    };
  }

  static fromJSON(data: ReturnType<ChangeVolumeCounter['toJSON']>): ChangeVolumeCounter {
    const c = new ChangeVolumeCounter();
    for (const [k, list] of data.documents) {
      const id = c.idOfKey(k);
      if (c.docLists[id] === undefined) c.docOrder.push(id);
      c.docLists[id] = list.slice(); // as the Map it replaces: a repeated key's last list wins
      c.distinct[id] = false;
    }
    for (const [k, n] of data.events) {
      const id = c.idOfKey(k);
      if (c.eventCounts[id] === 0) c.eventOrder.push(id);
      c.eventCounts[id] = n; // as the Map it replaces: a repeated key's last count wins
    }
    return c;
  }
}

export function volumeReason(user: string, isoDate: string, count: number, limit = CHANGE_VOLUME_LIMIT): string {
  return `${user} made ${count} changes on ${isoDate} (more than ${limit})`;
}

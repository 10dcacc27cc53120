/**
 * What the report step learns of each actor while it writes the records (one tally per report
 * part, plain data that crosses threads, merged in the coordinator): the days each user is active,
 * each actor's high-severity records by rule (count, first time, days), its medium flags (context),
 * and whether a watched window (an escalation's trigger, escalations.ts) saw a change or a
 * high-risk transaction by its user. Nothing per record is kept, so the cost is a few map lookups
 * per record whatever the size of the analysis.
 */
import { toEpoch } from '../facts/file-facts.ts';
import { ruleById } from '../rules/index.ts';
import type { CaseActorKind } from './types.ts';

/**
 * The events that set what a covered-tracks window is about (the system's or a client's change
 * options, the audit log's settings): the opening and closing events themselves, never "a change
 * after it" (SYSTEM_OPENED_FOR_CHANGES does not count them either). Closing the client again is
 * not covering tracks.
 */
export const SETTING_EVENTS: ReadonlySet<string> = new Set(['EU1', 'EU2', 'AUI', 'AUJ', 'FU0']);

/** Severity of a record rule for cases: 2 critical, 1 high, 0 medium/low, -1 not a record rule. */
const severityCache = new Map<string, number>();
export function recordRuleLevel(id: string): number {
  let s = severityCache.get(id);
  if (s === undefined) {
    const r = ruleById(id);
    s = !r || r.kind !== 'flag' ? -1 : r.severity === 'critical' ? 2 : r.severity === 'high' ? 1 : 0;
    severityCache.set(id, s);
  }
  return s;
}

/** An actor as a key: kind and name ('' for kind none). */
export const actorKey = (kind: CaseActorKind, actor: string) => `${kind}\u0001${actor}`;
export function splitActorKey(key: string): { kind: CaseActorKind; actor: string } {
  const i = key.indexOf('\u0001');
  return { kind: key.slice(0, i) as CaseActorKind, actor: key.slice(i + 1) };
}

/** A record rule of one actor: count, first epoch, days (YYYY-MM-DD) it fired on. */
export interface RuleTally {
  count: number;
  first: number;
  days: string[];
}

export interface ActorTally {
  files: string[];
  first: number;
  last: number;
  /** Member records (carrying a high or critical rule). */
  records: number;
  rules: Record<string, RuleTally>;
}

/** A watched window: `user` changed data or ran a high-risk transaction in (from, to]. */
export interface CaseTrigger {
  id: number;
  user: string;
  from: number;
  to: number;
  /** Only changes count (covered tracks), not high-risk transactions. */
  changesOnly: boolean;
}

/** The first record that used a trigger's window: its epoch and what it was. */
export interface TriggerHit {
  epoch: number;
  text: string;
}

/** One report part's tally, as plain data. */
export interface CaseTallyJSON {
  active: [user: string, days: string[]][];
  actors: [key: string, tally: ActorTally][];
  context: [key: string, count: number][];
  hits: [id: number, hit: TriggerHit][];
  /** First and last record time ("YYYY-MM-DD HH:MM:SS"; '' when no record has a date). */
  period: [first: string, last: string];
}

/** What the tally reads of a record (a CanonicalRecord and its FlagResult, without importing the engine). */
export interface TallyRecord {
  user: string;
  date: string;
  time: string;
  tcode: string;
  tabname?: string;
  event?: string;
}

/**
 * A rule list as the tally knows it (interned: one object per distinct list of rule ids): its
 * number, its highest level and its high or critical rules.
 */
interface RuleList {
  id: number;
  /** Its rule ids (a copy: the caller's array is reused). */
  rules: readonly string[];
  level: number;
  counted: string[];
}

/** A node of the rule lists' trie: the list that ends here, and the lists that go on. */
interface ListNode {
  list: RuleList | undefined;
  next: Map<string, ListNode> | undefined;
}

/**
 * The member records of one actor that carry one rule list: their count, first epoch, and the
 * days they fell on. A rule's tally is the sum of its lists' (toJSON).
 */
interface ListCount {
  count: number;
  first: number;
  /** Bit d: a member record on day d (CaseTally.dayNames). */
  days: Int32Array;
}

/** One actor while it is counted. */
interface ActorCount {
  key: string;
  first: number;
  last: number;
  records: number;
  files: Set<string>;
  /** The file (CaseTally.fileGen) last added to `files`. */
  fileGen: number;
  /** By RuleList.id. */
  lists: (ListCount | undefined)[];
}

/**
 * A user as written in the records, with everything the tally keeps for it, so that one map lookup
 * per record (none when the user repeats) finds it all: its active days, its actor's key and
 * number, its records with medium flags only, and the windows watched for it.
 */
interface UserSlot {
  /** The user as written. */
  user: string;
  /** Bit d: a record on day d (CaseTally.dayNames), the last one remembered. */
  days: Int32Array;
  lastDay: number;
  key: string;
  /** Its actor's number in CaseTally.actorList, -1 before its first member record. */
  actor: number;
  /** Records whose rules are all medium or low (context). */
  context: number;
  /** The watched windows of the user (undefined: none). */
  watched: CaseTrigger[] | undefined;
}

/** Recent slots and rule lists kept (CaseTally.recentSlots): 2 ** (32 - RECENT_SHIFT). */
const RECENT_SHIFT = 22;
const RECENT = 2 ** (32 - RECENT_SHIFT);

/** Whether two rule lists are the same (their ids are mostly the same strings, compared by reference first). */
function sameRules(a: readonly string[], b: readonly string[]): boolean {
  const n = a.length;
  if (n !== b.length) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Member records noted before they are counted (CaseTally.count). */
const LOG_SIZE = 4096;

/**
 * Accumulates one report part's tally. It runs for every record of the analysis beside the writing
 * of the sheet and the CSV, which leave little of the tally in the processor's caches from one
 * record to the next; so per record it touches little memory: what repeats from one record to the
 * next (the rule list, the user, the day, the file) is compared with the last record's before any
 * map is consulted, no string is built, and a record with a high or critical rule (most of them in
 * change documents) is noted in a small log (actor, rule list, day, time) that is counted a few
 * thousand at a time, a rule list as one (its rules are summed when the tally is read).
 */
export class CaseTally {
  private readonly users = new Map<string, UserSlot>();
  private readonly actors = new Map<string, number>();
  private readonly actorList: ActorCount[] = [];
  private readonly hits = new Map<number, TriggerHit>();
  private readonly triggers = new Map<string, CaseTrigger[]>();
  private readonly lists: RuleList[] = [];
  private readonly trie: ListNode = { list: undefined, next: undefined };
  private lastUser = '\u0000';
  private lastSlot: UserSlot | undefined;
  private lastList: RuleList = { id: -1, rules: [], level: -1, counted: [] };
  /**
   * Slots and rule lists by a few characters of the user or rule ids (then compared whole): a user
   * that changes from record to record is found without hashing its string (a new one per row).
   */
  private readonly recentSlots: (UserSlot | undefined)[] = new Array(RECENT).fill(undefined);
  private readonly recentLists: (RuleList | undefined)[] = new Array(RECENT).fill(undefined);
  /** The days of the records (their date as written), by number; the last record's date and number. */
  private readonly dayIds = new Map<string, number>();
  private readonly dayNames: string[] = [];
  private lastDate = '';
  private lastDayId = -1;
  private firstDate = '';
  private firstTime = '';
  private lastDateSeen = '';
  private lastTimeSeen = '';
  // The log of member records not yet counted, all of the file `logFile` (its number `fileGen`).
  private readonly logActor = new Int32Array(LOG_SIZE);
  private readonly logList = new Int32Array(LOG_SIZE);
  private readonly logDay = new Int32Array(LOG_SIZE);
  private readonly logEpoch = new Float64Array(LOG_SIZE);
  private logged = 0;
  private logFile = '';
  private fileGen = 0;

  constructor(triggers: readonly CaseTrigger[] = []) {
    for (const t of triggers) (this.triggers.get(t.user) ?? this.triggers.set(t.user, []).get(t.user)!).push(t);
  }

  /** The slot of a user as written ('' is the actor of kind none, which has no active days). */
  private slotOf(user: string): UserSlot {
    if (user === this.lastUser) return this.lastSlot!;
    const n = user.length;
    // (Past the string's start charCodeAt is NaN, which shifts and xors as 0.)
    const h = Math.imul(user.charCodeAt(n - 1) ^ (user.charCodeAt(n - 2) << 8) ^ (user.charCodeAt(n - 3) << 16) ^ (user.charCodeAt(0) << 24) ^ n, 0x9e3779b1) >>> RECENT_SHIFT;
    let slot = this.recentSlots[h];
    if (slot === undefined || slot.user !== user) this.recentSlots[h] = slot = this.newSlotOf(user);
    this.lastUser = user;
    this.lastSlot = slot;
    return slot;
  }

  /** The slot of a user not among the recent ones. */
  private newSlotOf(user: string): UserSlot {
    let slot = this.users.get(user);
    if (slot === undefined) {
      const upper = user.toUpperCase();
      const key = user === '' ? actorKey('none', '') : actorKey('user', upper);
      slot = { user, days: NO_DAYS, lastDay: -1, key, actor: -1, context: 0, watched: user === '' ? undefined : this.triggers.get(upper) };
      this.users.set(user, slot);
    }
    return slot;
  }

  /** The number of an actor (by key), made at its first member record. */
  private actorOf(key: string): number {
    let i = this.actors.get(key);
    if (i === undefined) {
      i = this.actorList.length;
      this.actorList.push({ key, first: Infinity, last: -Infinity, records: 0, files: new Set(), fileGen: -1, lists: [] });
      this.actors.set(key, i);
    }
    return i;
  }

  /**
   * One record of the part: `rules` are the ids that fired (empty when not flagged), `change` whether
   * it changes data, `highRiskTcode` whether it carries HIGH_RISK_TCODE_FLAG. A record without a
   * user (a CDPOS item whose header is unknown) belongs to the case of actor kind none.
   */
  add(rec: TallyRecord, fileName: string, rules: readonly string[], change: boolean, highRiskTcode: boolean): void {
    const user = rec.user;
    const date = rec.date;
    let slot: UserSlot | undefined;
    if (date !== '') {
      const time = rec.time || '00:00:00';
      // Records come in time order mostly: the record's day is the last one seen, and later.
      if (date === this.lastDateSeen) {
        if (time > this.lastTimeSeen) this.lastTimeSeen = time;
        else if (date === this.firstDate && time < this.firstTime) this.firstTime = time;
      } else this.period(date, time);
      // Days as numbers: a date's number is looked up when the date changes (records come in runs of a day).
      const day = date === this.lastDate ? this.lastDayId : this.dayOf(date);
      if (user !== '') {
        slot = this.slotOf(user);
        if (day !== slot.lastDay) {
          slot.lastDay = day;
          slot.days = withDay(slot.days, day);
        }
        // Only a user with a watched window, and a record with a date, can fall into one.
        if (slot.watched !== undefined && (change || highRiskTcode)) this.watch(slot.watched, rec, change);
      }
    }
    if (rules.length === 0) return;
    const list = this.listOf(rules);
    const level = list.level;
    if (level < 0) return;
    slot ??= this.slotOf(user);
    if (level === 0) {
      slot.context++;
      return;
    }
    if (fileName !== this.logFile) {
      this.count();
      this.logFile = fileName;
      this.fileGen++;
    }
    const k = this.logged;
    this.logActor[k] = slot.actor >= 0 ? slot.actor : (slot.actor = this.actorOf(slot.key));
    this.logList[k] = list.id;
    if (date === '') {
      this.logDay[k] = -1;
      this.logEpoch[k] = Number.NaN;
    } else {
      this.logDay[k] = this.lastDayId;
      this.logEpoch[k] = toEpoch(date, rec.time) ?? Number.NaN;
    }
    if (++this.logged === LOG_SIZE) this.count();
  }

  /** Counts the logged member records (an epoch NaN: none; a day -1: none). */
  private count(): void {
    const n = this.logged;
    const actors = this.actorList;
    const gen = this.fileGen;
    for (let k = 0; k < n; k++) {
      const a = actors[this.logActor[k]!]!;
      a.records++;
      if (a.fileGen !== gen) {
        a.fileGen = gen;
        a.files.add(this.logFile);
      }
      const t = this.logEpoch[k]!;
      if (t < a.first) a.first = t;
      if (t > a.last) a.last = t;
      const id = this.logList[k]!;
      let lc = a.lists[id];
      if (lc === undefined) {
        while (a.lists.length < id) a.lists.push(undefined);
        a.lists[id] = lc = { count: 0, first: Infinity, days: NO_DAYS };
      }
      lc.count++;
      if (t < lc.first) lc.first = t;
      const day = this.logDay[k]!;
      if (day >= 0) {
        const w = day >>> 5;
        if (w < lc.days.length) lc.days[w]! |= 1 << (day & 31);
        else lc.days = withDay(lc.days, day);
      }
    }
    this.logged = 0;
  }

  /** The number of a date unlike the last record's. */
  private dayOf(date: string): number {
    let id = this.dayIds.get(date);
    if (id === undefined) {
      id = this.dayNames.length;
      this.dayIds.set(date, id);
      this.dayNames.push(date);
    }
    this.lastDate = date;
    this.lastDayId = id;
    return id;
  }

  /** The dates of a set of day numbers. */
  private datesOf(days: Int32Array): string[] {
    const out: string[] = [];
    for (let w = 0; w < days.length; w++) {
      const bits = days[w]!;
      if (bits !== 0) for (let b = 0; b < 32; b++) if ((bits & (1 << b)) !== 0) out.push(this.dayNames[w * 32 + b]!);
    }
    return out;
  }

  /** The first and last record time when the record's day is not the last day seen. */
  private period(date: string, time: string): void {
    if (this.firstDate === '' || date < this.firstDate || (date === this.firstDate && time < this.firstTime)) {
      this.firstDate = date;
      this.firstTime = time;
    }
    if (date > this.lastDateSeen || (date === this.lastDateSeen && time > this.lastTimeSeen)) {
      this.lastDateSeen = date;
      this.lastTimeSeen = time;
    }
  }

  /** The watched windows of this record's user that it falls into (a change or a high-risk transaction). */
  private watch(watched: readonly CaseTrigger[], rec: TallyRecord, change: boolean): void {
    const t = toEpoch(rec.date, rec.time);
    if (t === undefined) return;
    const setting = rec.event !== undefined && SETTING_EVENTS.has(rec.event);
    for (const w of watched) {
      if (t <= w.from || t > w.to || (w.changesOnly && (!change || setting))) continue;
      const known = this.hits.get(w.id);
      if (!known || t < known.epoch) this.hits.set(w.id, { epoch: t, text: describe(rec, change) });
    }
  }

  /** The interned rule list (rule lists repeat from record to record: the last one is compared by value first). */
  private listOf(rules: readonly string[]): RuleList {
    const n = rules.length;
    let list = this.lastList;
    if (!sameRules(rules, list.rules)) {
      let h = n;
      for (let i = 0; i < n; i++) {
        const r = rules[i]!;
        h = Math.imul(h ^ r.length ^ (r.charCodeAt(1) << 8) ^ (r.charCodeAt(r.length - 2) << 16) ^ (r.charCodeAt(r.length >> 1) << 24), 0x9e3779b1);
      }
      h >>>= RECENT_SHIFT;
      const recent = this.recentLists[h];
      if (recent !== undefined && sameRules(rules, recent.rules)) list = recent;
      else this.recentLists[h] = list = this.internedList(rules);
      this.lastList = list;
    }
    return list;
  }

  /** A rule list not among the recent ones, interned. */
  private internedList(rules: readonly string[]): RuleList {
    const n = rules.length;
    let node = this.trie;
    for (let i = 0; i < n; i++) {
      const r = rules[i]!;
      const next = (node.next ??= new Map());
      let child = next.get(r);
      if (child === undefined) next.set(r, (child = { list: undefined, next: undefined }));
      node = child;
    }
    let list = node.list;
    if (list === undefined) {
      let level = -1;
      const counted: string[] = [];
      for (const r of rules) {
        const l = recordRuleLevel(r);
        if (l > level) level = l;
        if (l >= 1) counted.push(r);
      }
      node.list = list = { id: this.lists.length, rules: rules.slice(), level, counted };
      this.lists.push(list);
    }
    return list;
  }

  toJSON(): CaseTallyJSON {
    this.count();
    const at = (date: string, time: string) => (date === '' ? '' : `${date} ${time}`);
    const context = new Map<string, number>();
    for (const slot of this.users.values()) if (slot.context > 0) context.set(slot.key, (context.get(slot.key) ?? 0) + slot.context);
    return {
      active: [...this.users].filter(([u, slot]) => u !== '' && slot.lastDay >= 0).map(([u, slot]) => [u, this.datesOf(slot.days)]),
      actors: this.actorList.map((a) => {
        // Each rule's tally from the lists it is in.
        const byRule = new Map<string, { count: number; first: number; days: Int32Array }>();
        a.lists.forEach((lc, id) => {
          if (lc === undefined) return;
          for (const r of this.lists[id]!.counted) {
            let rt = byRule.get(r);
            if (!rt) byRule.set(r, (rt = { count: 0, first: Infinity, days: NO_DAYS }));
            rt.count += lc.count;
            if (lc.first < rt.first) rt.first = lc.first;
            rt.days = unionOf(rt.days, lc.days);
          }
        });
        const rules: Record<string, RuleTally> = {};
        for (const [r, t] of byRule) rules[r] = { count: t.count, first: t.first, days: this.datesOf(t.days) };
        return [a.key, { files: [...a.files], first: a.first, last: a.last, records: a.records, rules }];
      }),
      context: [...context],
      hits: [...this.hits],
      period: [at(this.firstDate, this.firstTime), at(this.lastDateSeen, this.lastTimeSeen)],
    };
  }
}

/** No day (a set of day numbers as bits; shared, never written: `withDay` copies it first). */
const NO_DAYS = new Int32Array(0);

/** `days` with day d, in place when it has room, else in a copy with room for a few more months. */
function withDay(days: Int32Array, d: number): Int32Array {
  const w = d >>> 5;
  if (w >= days.length) {
    const more = new Int32Array(w + 4);
    more.set(days);
    days = more;
  }
  days[w]! |= 1 << (d & 31);
  return days;
}

/** `a` with the days of `b` (in place when it has room). */
function unionOf(a: Int32Array, b: Int32Array): Int32Array {
  if (b.length > a.length) {
    const more = new Int32Array(b.length);
    more.set(a);
    a = more;
  }
  for (let w = 0; w < b.length; w++) a[w]! |= b[w]!;
  return a;
}

function describe(rec: TallyRecord, change: boolean): string {
  const what = rec.tabname ? `${rec.tcode ? `${rec.tcode} ` : ''}${rec.tabname}` : rec.tcode || rec.event || 'a record';
  return `${change ? 'changed data' : 'ran a high-risk transaction'} (${what}) at ${rec.date} ${rec.time}`.trim();
}

/** The tallies of all parts merged (JSON infinities come back as null: treated as unknown). */
export interface MergedTally {
  active: Map<string, Set<string>>;
  actors: Map<string, { files: Set<string>; first: number; last: number; records: number; rules: Map<string, { count: number; first: number; days: Set<string> }> }>;
  context: Map<string, number>;
  hits: Map<number, TriggerHit>;
  period: { first: string; last: string };
}

export function mergeTallies(parts: readonly CaseTallyJSON[]): MergedTally {
  const merged: MergedTally = { active: new Map(), actors: new Map(), context: new Map(), hits: new Map(), period: { first: '', last: '' } };
  const num = (v: number | null, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  for (const p of parts) {
    const [first, last] = p.period ?? ['', ''];
    if (first !== '' && (merged.period.first === '' || first < merged.period.first)) merged.period.first = first;
    if (last > merged.period.last) merged.period.last = last;
    for (const [u, days] of p.active) {
      const set = merged.active.get(u) ?? merged.active.set(u, new Set()).get(u)!;
      for (const d of days) set.add(d);
    }
    for (const [k, a] of p.actors) {
      let m = merged.actors.get(k);
      if (!m) merged.actors.set(k, (m = { files: new Set(), first: Infinity, last: -Infinity, records: 0, rules: new Map() }));
      for (const f of a.files) m.files.add(f);
      m.first = Math.min(m.first, num(a.first, Infinity));
      m.last = Math.max(m.last, num(a.last, -Infinity));
      m.records += a.records;
      for (const [r, t] of Object.entries(a.rules)) {
        let mr = m.rules.get(r);
        if (!mr) m.rules.set(r, (mr = { count: 0, first: Infinity, days: new Set() }));
        mr.count += t.count;
        mr.first = Math.min(mr.first, num(t.first, Infinity));
        for (const d of t.days) mr.days.add(d);
      }
    }
    for (const [k, n] of p.context) merged.context.set(k, (merged.context.get(k) ?? 0) + n);
    for (const [id, h] of p.hits) {
      const known = merged.hits.get(id);
      if (!known || h.epoch < known.epoch) merged.hits.set(id, h);
    }
  }
  return merged;
}

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

/** A high or critical record rule of one actor while it is counted (days as a set, the last day remembered). */
interface RuleCount {
  count: number;
  first: number;
  days: Set<string>;
  lastDay: string;
}

/** One actor while it is counted. */
interface ActorCount {
  first: number;
  last: number;
  records: number;
  files: Set<string>;
  lastFile: string;
  rules: Map<string, RuleCount>;
}

/** What a list of record rules means for the tally: its highest level and its high or critical rules. */
interface RuleListLevel {
  level: number;
  counted: string[];
}

/**
 * A user as written in the records, with everything the tally keeps for it, so that one map lookup
 * per record (none when the user repeats) finds it all: its active days, its actor's key, count and
 * context counter, and the rule counts its last counted rule list resolved to.
 */
interface UserSlot {
  days: Set<string>;
  lastDay: string;
  key: string;
  actor: ActorCount | undefined;
  context: { n: number } | undefined;
  lastCounted: string[] | undefined;
  lastRuleCounts: RuleCount[];
}

/**
 * Accumulates one report part's tally. It runs for every record of the analysis, so what repeats
 * from one record to the next (the rule list, the user, the day, the file) is compared with the
 * last record's before any map is consulted, and no string is built per record.
 */
export class CaseTally {
  private readonly users = new Map<string, UserSlot>();
  private readonly actors = new Map<string, ActorCount>();
  private readonly context = new Map<string, { n: number }>();
  private readonly hits = new Map<number, TriggerHit>();
  private readonly triggers = new Map<string, CaseTrigger[]>();
  private lastUser = '\u0000';
  private lastSlot: UserSlot | undefined;
  private lastRules: string[] = [];
  private lastLevel: RuleListLevel = { level: -1, counted: [] };
  private firstDate = '';
  private firstTime = '';
  private lastDateSeen = '';
  private lastTimeSeen = '';

  constructor(triggers: readonly CaseTrigger[] = []) {
    for (const t of triggers) (this.triggers.get(t.user) ?? this.triggers.set(t.user, []).get(t.user)!).push(t);
  }

  /** The slot of a user as written ('' is the actor of kind none, which has no active days). */
  private slotOf(user: string): UserSlot {
    if (user === this.lastUser) return this.lastSlot!;
    let slot = this.users.get(user);
    if (slot === undefined) {
      const key = user === '' ? actorKey('none', '') : actorKey('user', user.toUpperCase());
      slot = { days: new Set(), lastDay: '', key, actor: undefined, context: undefined, lastCounted: undefined, lastRuleCounts: [] };
      this.users.set(user, slot);
    }
    this.lastUser = user;
    this.lastSlot = slot;
    return slot;
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
      if (this.firstDate === '' || date < this.firstDate || (date === this.firstDate && time < this.firstTime)) {
        this.firstDate = date;
        this.firstTime = time;
      }
      if (date > this.lastDateSeen || (date === this.lastDateSeen && time > this.lastTimeSeen)) {
        this.lastDateSeen = date;
        this.lastTimeSeen = time;
      }
      if (user !== '') {
        slot = this.slotOf(user);
        if (date !== slot.lastDay) {
          slot.lastDay = date;
          slot.days.add(date);
        }
      }
    }
    if (user !== '' && (change || highRiskTcode) && this.triggers.size > 0) this.watch(rec, change);
    if (rules.length === 0) return;
    const { level, counted } = this.levelOf(rules);
    if (level < 0) return;
    slot ??= this.slotOf(user);
    if (level === 0) {
      let c = slot.context;
      if (c === undefined) {
        c = this.context.get(slot.key);
        if (c === undefined) this.context.set(slot.key, (c = { n: 0 }));
        slot.context = c;
      }
      c.n++;
      return;
    }
    let a = slot.actor;
    if (a === undefined) {
      a = this.actors.get(slot.key);
      if (!a) this.actors.set(slot.key, (a = { first: Infinity, last: -Infinity, records: 0, files: new Set(), lastFile: '', rules: new Map() }));
      slot.actor = a;
    }
    a.records++;
    if (fileName !== a.lastFile) {
      a.lastFile = fileName;
      a.files.add(fileName);
    }
    const t = toEpoch(date, rec.time);
    if (t !== undefined) {
      if (t < a.first) a.first = t;
      if (t > a.last) a.last = t;
    }
    // The rule list resolved to its counts once per change of list for this user.
    let counts = slot.lastRuleCounts;
    if (slot.lastCounted !== counted) {
      counts = [];
      for (const r of counted) {
        let rt = a.rules.get(r);
        if (!rt) a.rules.set(r, (rt = { count: 0, first: Infinity, days: new Set(), lastDay: '' }));
        counts.push(rt);
      }
      slot.lastCounted = counted;
      slot.lastRuleCounts = counts;
    }
    for (let i = 0; i < counts.length; i++) {
      const rt = counts[i]!;
      rt.count++;
      if (t !== undefined && t < rt.first) rt.first = t;
      if (date !== '' && date !== rt.lastDay) {
        rt.lastDay = date;
        rt.days.add(date);
      }
    }
  }

  /** The watched windows of this record's user that it falls into (a change or a high-risk transaction). */
  private watch(rec: TallyRecord, change: boolean): void {
    const watched = this.triggers.get(rec.user.toUpperCase());
    if (!watched) return;
    const t = toEpoch(rec.date, rec.time);
    if (t === undefined) return;
    const setting = rec.event !== undefined && SETTING_EVENTS.has(rec.event);
    for (const w of watched) {
      if (t <= w.from || t > w.to || (w.changesOnly && (!change || setting))) continue;
      const known = this.hits.get(w.id);
      if (!known || t < known.epoch) this.hits.set(w.id, { epoch: t, text: describe(rec, change) });
    }
  }

  /** The level of a rule list (rule lists repeat from record to record: the last one is remembered by value). */
  private levelOf(rules: readonly string[]): RuleListLevel {
    const last = this.lastRules;
    if (rules.length === last.length) {
      let same = true;
      for (let i = 0; i < rules.length; i++)
        if (rules[i] !== last[i]) {
          same = false;
          break;
        }
      if (same) return this.lastLevel;
    }
    let level = -1;
    const counted: string[] = [];
    for (const r of rules) {
      const l = recordRuleLevel(r);
      if (l > level) level = l;
      if (l >= 1) counted.push(r);
    }
    this.lastRules = [...rules];
    this.lastLevel = { level, counted };
    return this.lastLevel;
  }

  toJSON(): CaseTallyJSON {
    const at = (date: string, time: string) => (date === '' ? '' : `${date} ${time}`);
    return {
      active: [...this.users].filter(([u, slot]) => u !== '' && slot.days.size > 0).map(([u, slot]) => [u, [...slot.days]]),
      actors: [...this.actors].map(([k, a]) => {
        const rules: Record<string, RuleTally> = {};
        for (const [r, t] of a.rules) rules[r] = { count: t.count, first: t.first, days: [...t.days] };
        return [k, { files: [...a.files], first: a.first, last: a.last, records: a.records, rules }];
      }),
      context: [...this.context].map(([k, c]) => [k, c.n]),
      hits: [...this.hits],
      period: [at(this.firstDate, this.firstTime), at(this.lastDateSeen, this.lastTimeSeen)],
    };
  }
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

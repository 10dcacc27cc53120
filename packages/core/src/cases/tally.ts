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

/** Accumulates one report part's tally. */
export class CaseTally {
  private readonly active = new Map<string, Set<string>>();
  private readonly actors = new Map<string, ActorTally & { fileSet: Set<string>; daySets: Map<string, Set<string>> }>();
  private readonly context = new Map<string, number>();
  private readonly hits = new Map<number, TriggerHit>();
  private readonly triggers = new Map<string, CaseTrigger[]>();
  private lastUser = '\u0000';
  private lastDate = '\u0000';
  private ruleKey = '';
  private ruleLevel = -1;
  private first = '';
  private last = '';

  constructor(triggers: readonly CaseTrigger[] = []) {
    for (const t of triggers) (this.triggers.get(t.user) ?? this.triggers.set(t.user, []).get(t.user)!).push(t);
  }

  /**
   * One record of the part: `rules` are the ids that fired (empty when not flagged), `change` whether
   * it changes data, `highRiskTcode` whether it carries HIGH_RISK_TCODE_FLAG. A record without a
   * user (a CDPOS item whose header is unknown) belongs to the case of actor kind none.
   */
  add(rec: TallyRecord, fileName: string, rules: readonly string[], change: boolean, highRiskTcode: boolean): void {
    const user = rec.user;
    if (rec.date !== '') {
      if (this.first === '' || rec.date <= this.first.slice(0, 10)) {
        const at = `${rec.date} ${rec.time || '00:00:00'}`;
        if (this.first === '' || at < this.first) this.first = at;
      }
      if (rec.date >= this.last.slice(0, 10)) {
        const at = `${rec.date} ${rec.time || '00:00:00'}`;
        if (at > this.last) this.last = at;
      }
    }
    if (user !== '' && rec.date !== '' && (user !== this.lastUser || rec.date !== this.lastDate)) {
      this.lastUser = user;
      this.lastDate = rec.date;
      let days = this.active.get(user);
      if (!days) this.active.set(user, (days = new Set()));
      days.add(rec.date);
    }
    if (user !== '' && (change || highRiskTcode) && this.triggers.size > 0) {
      const watched = this.triggers.get(user.toUpperCase());
      if (watched) {
        const t = toEpoch(rec.date, rec.time);
        if (t !== undefined)
          for (const w of watched) {
            if (t <= w.from || t > w.to || (w.changesOnly && !change)) continue;
            const known = this.hits.get(w.id);
            if (!known || t < known.epoch) this.hits.set(w.id, { epoch: t, text: describe(rec, change) });
          }
      }
    }
    if (rules.length === 0) return;
    // The highest severity among the record rules (rule lists repeat: remember the last).
    const key = rules.length === 1 ? rules[0]! : rules.join(',');
    if (key !== this.ruleKey) {
      this.ruleKey = key;
      let level = -1;
      for (const r of rules) level = Math.max(level, recordRuleLevel(r));
      this.ruleLevel = level;
    }
    if (this.ruleLevel < 0) return;
    const actor = user === '' ? actorKey('none', '') : actorKey('user', user.toUpperCase());
    if (this.ruleLevel === 0) {
      this.context.set(actor, (this.context.get(actor) ?? 0) + 1);
      return;
    }
    const t = toEpoch(rec.date, rec.time);
    let a = this.actors.get(actor);
    if (!a) this.actors.set(actor, (a = { files: [], first: Infinity, last: -Infinity, records: 0, rules: {}, fileSet: new Set(), daySets: new Map() }));
    a.records++;
    a.fileSet.add(fileName);
    if (t !== undefined) {
      if (t < a.first) a.first = t;
      if (t > a.last) a.last = t;
    }
    for (const r of rules) {
      if (recordRuleLevel(r) < 1) continue;
      let rt = a.rules[r];
      if (!rt) a.rules[r] = rt = { count: 0, first: Infinity, days: [] };
      rt.count++;
      if (t !== undefined && t < rt.first) rt.first = t;
      if (rec.date !== '') {
        let days = a.daySets.get(r);
        if (!days) a.daySets.set(r, (days = new Set()));
        days.add(rec.date);
      }
    }
  }

  toJSON(): CaseTallyJSON {
    return {
      active: [...this.active].map(([u, d]) => [u, [...d]]),
      actors: [...this.actors].map(([k, a]) => {
        const rules: Record<string, RuleTally> = {};
        for (const [r, t] of Object.entries(a.rules)) rules[r] = { count: t.count, first: t.first, days: [...(a.daySets.get(r) ?? [])] };
        return [k, { files: [...a.fileSet], first: a.first, last: a.last, records: a.records, rules }];
      }),
      context: [...this.context],
      hits: [...this.hits],
      period: [this.first, this.last],
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

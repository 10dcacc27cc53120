/**
 * Cases from an analysis's patterns and the report step's tally (DETECTION.md section 6): one case
 * per actor, every pattern and every high or critical record a member of exactly one, scored
 * (score.ts), escalated (escalations.ts), ordered.
 */
import { createHash } from 'node:crypto';
import type { SuspiciousPattern } from '../model/index.ts';
import { patternRuleId, ruleById } from '../rules/index.ts';
import { PatternTable, RISK_LEVELS } from '../correlate/pattern-table.ts';
import { formatCount } from '../model/format-count.ts';
import { patternUses, type EscalationTrigger } from './escalations.ts';
import { casePoints, HIGH_POINTS, isRoutine, rarityOf, scoreOf, type ScoredRule } from './score.ts';
import { actorKey, splitActorKey, type MergedTally, type TriggerHit } from './tally.ts';
import type { Case, CaseActorKind, CaseEscalation, CaseRiskLevel, CaseRule } from './types.ts';

export interface CasesInput {
  /** Every pattern: as a table (the engine), or as objects (tests). */
  patterns: PatternTable | readonly SuspiciousPattern[];
  tally: MergedTally;
  triggers: readonly EscalationTrigger[];
  /** 'standard' or 'emergency' for a user on the privileged-users watchlist. */
  watchKind?: (user: string) => 'standard' | 'emergency' | undefined;
}

const LEVEL_RANK: Record<CaseRiskLevel, number> = { critical: 0, high: 1, medium: 2, low: 3 };
const fmt = (epoch: number) => (Number.isFinite(epoch) ? new Date(epoch * 1000).toISOString().slice(0, 19).replace('T', ' ') : '');

/** The actor of a pattern: its user, or for a burst named by terminal or address, that terminal or address. */
export function patternActor(p: SuspiciousPattern): { kind: CaseActorKind; actor: string } {
  return actorOf(p.user, p.sm20_activity);
}

function actorOf(patternUser: string, activity: string | undefined): { kind: CaseActorKind; actor: string } {
  const user = patternUser.trim();
  if (user === '') return { kind: 'none', actor: '' };
  const by = activity === undefined ? null : /\bfrom (terminal|address) (\S+)/.exec(activity);
  if (by && by[2] === user && !/^Logon of /.test(activity!)) return { kind: by[1] as 'terminal' | 'address', actor: user };
  return { kind: 'user', actor: user.toUpperCase() };
}

/** Kinds whose user can be a terminal or peer address (the activity says so): only these activities are read for the actor. */
const LOGON_KINDS: ReadonlySet<string> = new Set(['FAILED_LOGON_BURST', 'BRUTE_FORCE_SUCCESS', 'MULTIPLE_LOGONS_BY_USER', 'UNEXPECTED_NETWORK_LOGON', 'PRIVILEGED_USER_LOGON', 'USER_CREATED_AND_USED', 'USER_UNLOCKED_AND_USED']);

/** The actor of pattern i of a table (patternActor without making the pattern). */
export function tableActor(table: PatternTable, i: number): { kind: CaseActorKind; actor: string } {
  return actorOf(table.userName(i), LOGON_KINDS.has(table.kindName(i)) ? table.activity(i) : undefined);
}

/** A case's id: stable for the same actor (and so for the same analysis). */
export const caseIdOf = (kind: CaseActorKind, actor: string) => `case-${createHash('sha256').update(`${kind}\u0001${actor}`).digest('hex').slice(0, 16)}`;

interface Building {
  kind: CaseActorKind;
  actor: string;
  first: number;
  last: number;
  days: Set<string>;
  files: Set<string>;
  patterns: number;
  records: number;
  critical: boolean;
  high: boolean;
  rules: Map<string, BuildingRule>;
  /** The day last added to `days` (patterns come mostly in time order). */
  lastDay: string;
  /** Its pattern rules by the table's kind number. */
  patternRules: (PatternRule | undefined)[];
}

interface BuildingRule {
  pattern: boolean;
  severity: ScoredRule['severity'];
  count: number;
  first: number;
  days: Set<string>;
}

/** A pattern rule of one actor while the patterns are read: its entry, its severity's rank, the day last added. */
interface PatternRule {
  r: BuildingRule;
  rank: number;
  lastDay: string;
}

const CRITICAL = RISK_LEVELS.indexOf('critical');
const HIGH = RISK_LEVELS.indexOf('high');

/** The cases, ordered (critical, high, medium, low; by score, then first time, then id); findings_offset/count are 0 until the findings are written. */
export function computeCases(input: CasesInput): Case[] {
  const building = new Map<string, Building>();
  const get = (kind: CaseActorKind, actor: string) => {
    const key = actorKey(kind, actor);
    let b = building.get(key);
    if (!b) building.set(key, (b = { kind, actor, first: Infinity, last: -Infinity, days: new Set(), files: new Set(), patterns: 0, records: 0, critical: false, high: false, rules: new Map(), lastDay: '', patternRules: [] }));
    return b;
  };
  const table = input.patterns instanceof PatternTable ? input.patterns : PatternTable.of(input.patterns);
  const ruleIds = table.kinds.map((k) => patternRuleId(k));
  // Per pattern only numbers are compared (a table holds millions of patterns): its actor is its
  // user's unless its kind is a logon kind (then its activity may name a terminal or address), and
  // its rule entry and day repeat from the actor's last pattern of that kind.
  const logonKind = table.kinds.map((k) => LOGON_KINDS.has(k));
  const byUser: (Building | undefined)[] = new Array(table.users.length);
  const kinds = table.kind;
  const users = table.user;
  const risks = table.risk;
  const epochs = table.epoch;
  for (let i = 0; i < table.count; i++) {
    const kindIx = kinds[i]!;
    let b: Building;
    if (logonKind[kindIx]) {
      const { kind, actor } = tableActor(table, i);
      b = get(kind, actor);
    } else {
      const u = users[i]!;
      let known = byUser[u];
      if (known === undefined) {
        const { kind, actor } = actorOf(table.users[u]!, undefined);
        byUser[u] = known = get(kind, actor);
      }
      b = known;
    }
    const t = Math.floor(epochs[i]!);
    const rank = risks[i]!;
    b.patterns++;
    if (rank === CRITICAL) b.critical = true;
    else if (rank === HIGH) b.high = true;
    const finite = Number.isFinite(t);
    const day = finite ? table.day(i) : '';
    if (finite) {
      if (t < b.first) b.first = t;
      if (t > b.last) b.last = t;
      if (day !== b.lastDay) {
        b.lastDay = day;
        b.days.add(day);
      }
    }
    let pr = b.patternRules[kindIx];
    if (pr === undefined) {
      const id = ruleIds[kindIx]!;
      let r = b.rules.get(id);
      if (!r) b.rules.set(id, (r = { pattern: true, severity: RISK_LEVELS[rank]!, count: 0, first: Infinity, days: new Set() }));
      b.patternRules[kindIx] = pr = { r, rank: LEVEL_RANK[r.severity], lastDay: '' };
    }
    const r = pr.r;
    // A pattern kind of mixed risk (EMERGENCY_ACCESS) is weighed by its highest.
    if (rank < pr.rank) {
      pr.rank = rank;
      r.severity = RISK_LEVELS[rank]!;
    }
    r.count++;
    if (finite) {
      if (t < r.first) r.first = t;
      if (day !== pr.lastDay) {
        pr.lastDay = day;
        r.days.add(day);
      }
    }
  }
  for (const [key, a] of input.tally.actors) {
    const { kind, actor } = splitActorKey(key);
    const b = get(kind, actor);
    b.records += a.records;
    b.first = Math.min(b.first, a.first);
    b.last = Math.max(b.last, a.last);
    for (const f of a.files) b.files.add(f);
    for (const [id, t] of a.rules) {
      const severity = ruleById(id)?.severity ?? 'high';
      if (severity === 'critical') b.critical = true;
      else b.high = true;
      for (const d of t.days) b.days.add(d);
      const r = b.rules.get(id) ?? b.rules.set(id, { pattern: false, severity, count: 0, first: Infinity, days: new Set() }).get(id)!;
      r.count += t.count;
      r.first = Math.min(r.first, t.first);
      for (const d of t.days) r.days.add(d);
    }
  }

  // Escalations: trigger windows used by a record (the tally) or by a change pattern.
  const uses = new Map<number, TriggerHit>(patternUses(input.triggers, table));
  for (const [id, h] of input.tally.hits) {
    const known = uses.get(id);
    if (!known || h.epoch < known.epoch) uses.set(id, h);
  }
  const escalations = new Map<string, CaseEscalation[]>();
  const escalate = (key: string, e: CaseEscalation) => {
    const list = escalations.get(key) ?? escalations.set(key, []).get(key)!;
    if (!list.some((x) => x.kind === e.kind && x.text === e.text)) list.push(e);
  };
  for (const w of input.triggers) {
    const use = uses.get(w.id);
    if (!use) continue;
    const key = actorKey('user', w.caseUser);
    // The escalation belongs to a case of its own when the actor has no member yet (the target of an assignment).
    get('user', w.caseUser);
    const acted = w.user === w.caseUser ? w.user : `${w.caseUser} (as ${w.user})`;
    escalate(key, { kind: w.kind, text: `${w.how}; then ${acted} ${use.text}, within ${Math.round((w.to - w.from) / 3600)} hours` });
  }
  for (const p of table.ofKinds(new Set(['BANK_CHANGE_THEN_PAYMENT']))) {
    const { kind, actor } = patternActor(p);
    escalate(actorKey(kind, actor), { kind: 'bank_change_then_payment', text: `${actor} changed bank details and ran a payment: ${p.sm20_activity} (${p.sm20_time})` });
  }

  // How many actors each rule fires for: a rule most actors have weighs less (score.ts rarity).
  const actorsWith = new Map<string, number>();
  for (const b of building.values()) for (const id of b.rules.keys()) actorsWith.set(id, (actorsWith.get(id) ?? 0) + 1);
  const cases: (Case & { points: number })[] = [];
  for (const [key, b] of building) {
    const active = new Set(b.days);
    if (b.kind === 'user') for (const d of input.tally.active.get(b.actor) ?? input.tally.active.get(b.actor.toUpperCase()) ?? []) active.add(d);
    const rules: CaseRule[] = [];
    const scored: ScoredRule[] = [];
    const reasons: string[] = [];
    for (const [id, r] of [...b.rules].sort((x, y) => LEVEL_RANK[x[1].severity] - LEVEL_RANK[y[1].severity] || x[1].first - y[1].first || (x[0] < y[0] ? -1 : 1))) {
      const routine = b.kind !== 'none' && isRoutine(r.days.size, active.size);
      rules.push({ rule: id, count: r.count, first_time: fmt(r.first), routine, ...(routine ? { routine_days: r.days.size, active_days: active.size } : {}) });
      scored.push({ severity: r.severity, pattern: r.pattern, count: r.count, routine, rarity: rarityOf(actorsWith.get(id) ?? 1, building.size) });
      const title = ruleById(id)?.title ?? id;
      reasons.push(`${title} (${id}, ${r.severity}${r.pattern ? ' pattern' : ' record rule'}): ${r.count === 1 ? 'once' : `${formatCount(r.count)} times`}${r.first < Infinity ? `, first at ${fmt(r.first)}` : ''}${routine ? `; routine: on ${r.days.size} of ${active.size} days` : ''}`);
    }
    const watchlists: string[] = [];
    const watch = b.kind === 'user' ? input.watchKind?.(b.actor) : undefined;
    if (watch === 'standard') {
      watchlists.push('privileged');
      reasons.push(`${b.actor} is on the privileged-users watchlist`);
    } else if (watch === 'emergency') {
      watchlists.push('emergency');
      reasons.push(`${b.actor} is an emergency ID (privileged-users watchlist)`);
    }
    const esc = escalations.get(key) ?? [];
    for (const e of esc) reasons.push(`Escalation (${e.kind.replaceAll('_', ' ')}): ${e.text}`);
    const points = casePoints(scored, watchlists.length > 0, esc.length);
    const levelPoints = casePoints(scored, watchlists.length > 0, esc.length, false);
    const allRoutine = scored.length > 0 && scored.every((r) => r.routine);
    const oneRecord = b.patterns === 0 && b.records === 1;
    const highPattern = b.high || b.critical;
    let level: CaseRiskLevel;
    if (b.critical || esc.length > 0) level = 'critical';
    else if (levelPoints >= HIGH_POINTS && !allRoutine && !oneRecord) level = 'high';
    else if (highPattern) level = 'medium';
    else level = 'low';
    if (allRoutine && level === 'medium') reasons.push('Every rule is routine for this actor: at most medium');
    const context = input.tally.context.get(key) ?? 0;
    if (context > 0) reasons.push(`${formatCount(context)} record${context === 1 ? '' : 's'} with medium flags (context)`);
    cases.push({
      id: caseIdOf(b.kind, b.actor),
      actor: b.actor,
      actor_kind: b.kind,
      risk_level: level,
      score: scoreOf(points),
      first_time: fmt(b.first),
      last_time: fmt(b.last),
      days: b.days.size,
      files: [...b.files].sort(),
      rules,
      escalations: esc,
      watchlists,
      reasons,
      patterns: b.patterns,
      records: b.records,
      context,
      findings_offset: 0,
      findings_count: 0,
      points,
    });
  }
  cases.sort((a, b) => LEVEL_RANK[a.risk_level] - LEVEL_RANK[b.risk_level] || b.points - a.points || (a.first_time || '\uffff').localeCompare(b.first_time || '\uffff') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return cases.map(({ points: _points, ...c }) => c);
}

// DETECTION.md section 6, one property per test: routine activity weighs least and is marked, a
// repeat weighs less than a first occurrence, the high threshold, the escalations (each with a case
// that must fire and a near miss that must not), the actors, order and stable ids.
import { describe, expect, it } from 'vitest';
import type { PatternName, SuspiciousPattern } from '../model/index.ts';
import { patternRuleId } from '../rules/index.ts';
import { caseScore, CaseTally, computeCases, escalationTriggers, mergeTallies, type Case, type TallyRecord } from './index.ts';

const pat = (pattern: string, risk: SuspiciousPattern['risk_level'], user: string, time: string, activity = 'x'): SuspiciousPattern => ({ pattern: pattern as PatternName, risk_level: risk, rule: patternRuleId(pattern as PatternName), user, sm20_time: time, sm20_activity: activity });

/** A record as the report step sees it: user, day, time, the rules that fired, whether it changes data, whether it is a high-risk transaction. */
interface Rec {
  user: string;
  at: string;
  rules?: string[];
  change?: boolean;
  tcodeHigh?: boolean;
  tcode?: string;
  event?: string;
  file?: string;
}

function run(patterns: SuspiciousPattern[], records: Rec[], watch: Record<string, 'standard' | 'emergency'> = {}): Case[] {
  const triggers = escalationTriggers(patterns);
  // Two tallies (two report parts) merged, as the report step does.
  const parts = [new CaseTally(triggers), new CaseTally(triggers)];
  records.forEach((r, i) => {
    const rec: TallyRecord = { user: r.user, date: r.at.slice(0, 10), time: r.at.slice(11), tcode: r.tcode ?? '', ...(r.event ? { event: r.event } : {}) };
    parts[i % 2]!.add(rec, r.file ?? 'sm20.csv', r.rules ?? [], r.change ?? false, r.tcodeHigh ?? false);
  });
  return computeCases({ patterns, tally: mergeTallies(parts.map((p) => p.toJSON())), triggers, watchKind: (u) => watch[u] });
}

const day = (d: number) => `2025-03-${String(d).padStart(2, '0')}`;
const byActor = (cases: Case[], actor: string) => cases.find((c) => c.actor === actor)!;

describe('cases: score and risk level', () => {
  it('a thousand identical routine records never outrank one critical event; the routine rule is marked "on N of M days"', () => {
    const records: Rec[] = [];
    // BATCH runs every night of 21 days; a thousand after-hours changes of a high-risk table on 20 of them.
    for (let d = 1; d <= 21; d++) records.push({ user: 'BATCH', at: `${day(d)} 01:00:00` });
    for (let i = 0; i < 1000; i++) records.push({ user: 'BATCH', at: `${day(1 + (i % 20))} 02:${String(i % 60).padStart(2, '0')}:00`, rules: ['TABLE-HIGH-RISK'], change: true });
    const cases = run([pat('AUDIT_LOG_TAMPERING', 'critical', 'EVE', `${day(5)} 10:00:00`)], records);
    expect(cases.map((c) => [c.actor, c.risk_level])).toEqual([['EVE', 'critical'], ['BATCH', 'medium']]);
    const batch = byActor(cases, 'BATCH');
    expect(batch.rules).toEqual([{ rule: 'TABLE-HIGH-RISK', count: 1000, first_time: `${day(1)} 02:00:00`, routine: true, routine_days: 20, active_days: 21 }]);
    expect(batch.reasons.join('\n')).toContain('routine: on 20 of 21 days');
    expect(batch.score).toBeLessThan(byActor(cases, 'EVE').score);
    expect(batch.records).toBe(1000);
  });

  it('a rule on 3 days, or on fewer than half of the active days, is not routine', () => {
    const records: Rec[] = [];
    for (let d = 1; d <= 3; d++) records.push({ user: 'A', at: `${day(d)} 22:00:00`, rules: ['TABLE-HIGH-RISK'], change: true });
    for (let d = 1; d <= 10; d++) records.push({ user: 'B', at: `${day(d)} 09:00:00` });
    for (let d = 1; d <= 5; d++) records.push({ user: 'B', at: `${day(d)} 22:00:00`, rules: ['TABLE-HIGH-RISK'], change: true });
    const cases = run([], records);
    expect(byActor(cases, 'A').rules[0]!.routine).toBe(false);
    // B: 5 of 10 active days is not "most".
    expect(byActor(cases, 'B').rules[0]!.routine).toBe(false);
  });

  it('a repeat weighs less than a first occurrence: one record rule repeated never reaches high, one high pattern does', () => {
    const many: Rec[] = Array.from({ length: 5000 }, (_, i) => ({ user: 'R', at: `${day(1)} 10:${String(i % 60).padStart(2, '0')}:00`, rules: ['TCODE-HIGH-RISK'], tcodeHigh: true }));
    const cases = run([pat('MASS_DOWNLOAD', 'high', 'P', `${day(2)} 10:00:00`)], [...many, { user: 'ONE', at: `${day(3)} 10:00:00`, rules: ['TCODE-HIGH-RISK'], tcodeHigh: true }]);
    expect(byActor(cases, 'P').risk_level).toBe('high');
    expect(byActor(cases, 'P').score).toBe(caseScore.HIGH_SCORE);
    expect(byActor(cases, 'R').risk_level).toBe('medium');
    // A single start of a high-risk transaction is a medium case, not a high one.
    expect(byActor(cases, 'ONE').risk_level).toBe('medium');
    expect(byActor(cases, 'ONE').score).toBeLessThan(byActor(cases, 'R').score);
    expect(byActor(cases, 'R').score).toBeLessThan(byActor(cases, 'P').score);
    // Each repeat adds less than the one before.
    const gains = [1, 2, 3, 4].map((n) => caseScore.repeatFactor(n + 1) - caseScore.repeatFactor(n));
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
  });

  it('one high-severity record with several rules never reaches high alone', () => {
    const cases = run([], [{ user: 'ONE', at: `${day(1)} 22:00:00`, rules: ['TCODE-HIGH-RISK', 'TABLE-HIGH-RISK', 'CD-SENSITIVE-OBJECT', 'CD-BANK-KEY'], change: true }]);
    expect(byActor(cases, 'ONE').risk_level).toBe('medium');
  });

  it('several different rules, and an actor on the privileged-users or emergency watchlist, weigh more than one rule many times', () => {
    const repeated: Rec[] = Array.from({ length: 1000 }, () => ({ user: 'MANY', at: `${day(1)} 10:00:00`, rules: ['TCODE-HIGH-RISK'], tcodeHigh: true }));
    const varied: Rec[] = [
      { user: 'VARIED', at: `${day(1)} 10:00:00`, rules: ['TCODE-HIGH-RISK'], tcodeHigh: true },
      { user: 'VARIED', at: `${day(1)} 11:00:00`, rules: ['TABLE-HIGH-RISK'], change: true },
      { user: 'VARIED', at: `${day(1)} 12:00:00`, rules: ['CD-SENSITIVE-OBJECT'], change: true },
    ];
    const watched: Rec[] = Array.from({ length: 1000 }, () => ({ user: 'FIREFIGHTER', at: `${day(1)} 10:00:00`, rules: ['TCODE-HIGH-RISK'], tcodeHigh: true }));
    const cases = run([], [...repeated, ...varied, ...watched], { FIREFIGHTER: 'emergency' });
    expect(byActor(cases, 'VARIED').score).toBeGreaterThan(byActor(cases, 'MANY').score);
    expect(byActor(cases, 'VARIED').risk_level).toBe('high');
    expect(byActor(cases, 'FIREFIGHTER').score).toBeGreaterThan(byActor(cases, 'MANY').score);
    expect(byActor(cases, 'FIREFIGHTER').watchlists).toEqual(['emergency']);
    expect(byActor(cases, 'FIREFIGHTER').reasons.join('\n')).toContain('emergency ID');
  });

  it('a rule most actors have weighs less in repeats and records: one rare pattern outranks a common one repeated; a common high pattern still reaches high alone', () => {
    const patterns: SuspiciousPattern[] = [];
    const records: Rec[] = [];
    // 30 users, each with 10 changes without a ticket on 3 days and two common record rules.
    for (let u = 0; u < 30; u++) {
      for (let k = 0; k < 10; k++) patterns.push(pat('CHANGE_WITHOUT_TICKET', 'high', `N${u}`, `${day(1 + (k % 3))} 1${k % 10}:00:00`));
      for (let k = 0; k < 10; k++) records.push({ user: `N${u}`, at: `${day(1 + (k % 3))} 10:00:00`, rules: ['TABLE-HIGH-RISK', 'CD-SENSITIVE-OBJECT'], change: true });
      for (let d = 1; d <= 15; d++) records.push({ user: `N${u}`, at: `${day(d)} 09:00:00` });
    }
    patterns.push(pat('MASS_DOWNLOAD', 'high', 'LEAKER', `${day(4)} 10:00:00`));
    patterns.push(pat('CHANGE_WITHOUT_TICKET', 'high', 'ONCE', `${day(4)} 10:00:00`));
    const cases = run(patterns, records);
    expect(cases.findIndex((c) => c.actor === 'LEAKER')).toBeLessThan(cases.findIndex((c) => c.actor === 'N0'));
    expect(byActor(cases, 'LEAKER').risk_level).toBe('high');
    expect(byActor(cases, 'ONCE').risk_level).toBe('high');
    expect(caseScore.rarityOf(30, 32)).toBe(caseScore.RARITY_MIN);
    expect(caseScore.rarityOf(3, 10)).toBe(1);
  });

  it('a case whose members are all routine is at most medium, even with a high pattern', () => {
    const patterns = Array.from({ length: 20 }, (_, d) => pat('CHANGE_WITHOUT_TICKET', 'high', 'IF_USER', `${day(d + 1)} 03:00:00`));
    const records: Rec[] = Array.from({ length: 20 }, (_, d) => ({ user: 'IF_USER', at: `${day(d + 1)} 03:00:00`, rules: ['TABLE-HIGH-RISK'], change: true }));
    const c = byActor(run(patterns, records), 'IF_USER');
    expect(c.rules.every((r) => r.routine)).toBe(true);
    expect(c.risk_level).toBe('medium');
    // The same pattern on 2 days is not routine: high.
    expect(byActor(run(patterns.slice(0, 2), []), 'IF_USER').risk_level).toBe('high');
  });

  it('a critical member makes the case critical; a case with only medium patterns is low', () => {
    const cases = run([pat('FAILED_LOGON_BURST', 'medium', 'CAROL', `${day(1)} 10:00:00`, '5 failed logons within 10 minutes')], [{ user: 'ZED', at: `${day(1)} 10:00:00`, rules: ['SAL-AUDIT-OFF'] }]);
    expect(byActor(cases, 'ZED').risk_level).toBe('critical');
    expect(byActor(cases, 'CAROL').risk_level).toBe('low');
  });
});

describe('cases: escalations', () => {
  const levelAndKinds = (c: Case | undefined) => (c ? [c.risk_level, c.escalations.map((e) => e.kind)] : undefined);

  it('privilege, then use: in through BRUTE_FORCE_SUCCESS, then a change within 24 hours (and not after 25, nor a change before)', () => {
    const p = [pat('BRUTE_FORCE_SUCCESS', 'high' as never, 'MALLORY', `${day(1)} 10:00:00`)];
    const within = run(p, [{ user: 'MALLORY', at: `${day(2)} 09:00:00`, change: true }]);
    expect(levelAndKinds(byActor(within, 'MALLORY'))).toEqual(['critical', ['privilege_then_use']]);
    expect(byActor(within, 'MALLORY').escalations[0]!.text).toMatch(/MALLORY got in after a burst of failed logons at 2025-03-01 10:00:00; then MALLORY changed data/);
    const late = run(p, [{ user: 'MALLORY', at: `${day(2)} 11:00:01`, change: true }]);
    expect(byActor(late, 'MALLORY').escalations).toEqual([]);
    const before = run(p, [{ user: 'MALLORY', at: `${day(1)} 09:59:00`, change: true }]);
    expect(byActor(before, 'MALLORY').escalations).toEqual([]);
  });

  it('privilege, then use: the target of SENSITIVE_PROFILE_ASSIGNED or SENSITIVE_ROLE_ASSIGNED runs a high-risk transaction; a plain read is a near miss', () => {
    for (const name of ['SENSITIVE_PROFILE_ASSIGNED', 'SENSITIVE_ROLE_ASSIGNED']) {
      const p = [pat(name, 'critical', 'ADMIN', `${day(1)} 10:00:00`, `Sensitive profile SAP_ALL to user TINA`)];
      const fired = run(p, [{ user: 'TINA', at: `${day(1)} 12:00:00`, tcodeHigh: true, tcode: 'SE16N' }]);
      expect(levelAndKinds(byActor(fired, 'TINA'))).toEqual(['critical', ['privilege_then_use']]);
      expect(byActor(fired, 'TINA').escalations[0]!.text).toContain('ran a high-risk transaction (SE16N)');
      const read = run(p, [{ user: 'TINA', at: `${day(1)} 12:00:00` }]);
      expect(byActor(read, 'TINA')).toBeUndefined();
    }
  });

  it('privilege, then use: an emergency ID without a ticket changes data (with a ticket: no escalation)', () => {
    const uncovered = run([pat('EMERGENCY_ACCESS', 'critical', 'FF_01', `${day(1)} 10:00:00`)], [{ user: 'FF_01', at: `${day(1)} 10:30:00`, change: true }]);
    expect(levelAndKinds(byActor(uncovered, 'FF_01'))).toEqual(['critical', ['privilege_then_use']]);
    const covered = run([pat('EMERGENCY_ACCESS', 'high', 'FF_01', `${day(1)} 10:00:00`)], [{ user: 'FF_01', at: `${day(1)} 10:30:00`, change: true }]);
    expect(levelAndKinds(byActor(covered, 'FF_01'))).toEqual(['high', []]);
  });

  it('privilege, then use: A created X, X logged on from A\'s terminal and changed data: A\'s case (A acted as X)', () => {
    const p = [pat('USER_CREATED_AND_USED', 'high', 'ADA', `${day(1)} 10:05:00`, "User XTMP created by ADA at 10:00:00, then logged on from ADA's terminal PC1")];
    const fired = run(p, [{ user: 'XTMP', at: `${day(1)} 11:00:00`, change: true }]);
    expect(levelAndKinds(byActor(fired, 'ADA'))).toEqual(['critical', ['privilege_then_use']]);
    expect(byActor(fired, 'ADA').escalations[0]!.text).toContain('ADA (as XTMP) changed data');
    const idle = run(p, [{ user: 'XTMP', at: `${day(1)} 11:00:00` }]);
    expect(levelAndKinds(byActor(idle, 'ADA'))).toEqual(['high', []]);
  });

  it('covered tracks: AUDIT_LOG_TAMPERING or SYSTEM_OPENED_FOR_CHANGES, then a change within 8 hours (not 9; a high-risk transaction is not a change)', () => {
    for (const name of ['AUDIT_LOG_TAMPERING', 'SYSTEM_OPENED_FOR_CHANGES']) {
      const p = [pat(name, 'critical', 'EVE', `${day(1)} 10:00:00`)];
      expect(byActor(run(p, [{ user: 'EVE', at: `${day(1)} 17:59:00`, change: true }]), 'EVE').escalations.map((e) => e.kind)).toEqual(['covered_tracks']);
      expect(byActor(run(p, [{ user: 'EVE', at: `${day(1)} 19:00:00`, change: true }]), 'EVE').escalations).toEqual([]);
      expect(byActor(run(p, [{ user: 'EVE', at: `${day(1)} 11:00:00`, tcodeHigh: true }]), 'EVE').escalations).toEqual([]);
      // A change pattern of the actor inside the window counts as the change.
      expect(byActor(run([...p, pat('DEBUGGER_DATA_CHANGE', 'critical', 'EVE', `${day(1)} 12:00:00`)], []), 'EVE').escalations.map((e) => e.kind)).toEqual(['covered_tracks']);
    }
  });

  it('covered tracks: closing the system or client again, or switching the audit log back on, is not the change that escalates (near misses)', () => {
    for (const [name, event] of [['SYSTEM_OPENED_FOR_CHANGES', 'EU1'], ['SYSTEM_OPENED_FOR_CHANGES', 'EU2'], ['AUDIT_LOG_TAMPERING', 'AUJ']] as const) {
      const p = [pat(name, 'critical', 'BASIS1', `${day(1)} 11:00:00`)];
      // The closing event is a change record of the opener, and without a ticket a CHANGE_WITHOUT_TICKET pattern too.
      const closing = run([...p, pat('CHANGE_WITHOUT_TICKET', 'high', 'BASIS1', `${day(1)} 11:30:00`, `${event} SE06`)], [{ user: 'BASIS1', at: `${day(1)} 11:30:00`, change: true, event }]);
      expect(byActor(closing, 'BASIS1').escalations).toEqual([]);
      // A real change in between still escalates.
      const changed = run([...p, pat('CHANGE_WITHOUT_TICKET', 'high', 'BASIS1', `${day(1)} 11:30:00`, `${event} SE06`)], [{ user: 'BASIS1', at: `${day(1)} 11:10:00`, change: true, event: 'DU9' }, { user: 'BASIS1', at: `${day(1)} 11:30:00`, change: true, event }]);
      expect(byActor(changed, 'BASIS1').escalations.map((e) => e.kind)).toEqual(['covered_tracks']);
      expect(byActor(changed, 'BASIS1').escalations[0]!.text).toContain('11:10:00');
    }
    // The text names what was opened.
    const client = run([pat('SYSTEM_OPENED_FOR_CHANGES', 'critical', 'BASIS2', `${day(1)} 09:00:00`, 'Client 100 opened for changes by BASIS2; 1 change until closed at 10:40:00')], [{ user: 'BASIS2', at: `${day(1)} 09:30:00`, change: true, event: 'DU9' }]);
    expect(byActor(client, 'BASIS2').escalations[0]!.text).toContain('BASIS2 opened client 100 for changes');
  });

  it('bank change, then payment: a BANK_CHANGE_THEN_PAYMENT pattern escalates its actor\'s case; a bank change alone does not', () => {
    const fired = run([pat('BANK_CHANGE_THEN_PAYMENT', 'critical', 'PAYNE', `${day(3)} 10:00:00`, 'LFBK 0000100001 changed 2025-03-01 22:00:00, then F110')], []);
    expect(levelAndKinds(byActor(fired, 'PAYNE'))).toEqual(['critical', ['bank_change_then_payment']]);
    const alone = run([], [{ user: 'PAYNE', at: `${day(1)} 22:00:00`, rules: ['CD-BANK-KEY'], change: true }]);
    expect(levelAndKinds(byActor(alone, 'PAYNE'))).toEqual(['medium', []]);
  });
});

describe('cases: members, actors, order, ids', () => {
  it('every pattern and every high or critical record is in exactly one case; medium flags are context; nothing is capped', () => {
    const patterns = Array.from({ length: 2500 }, (_, i) => pat('CHANGE_WITHOUT_TICKET', 'high', `U${i % 7}`, `${day(1 + (i % 20))} 10:00:00`));
    const records: Rec[] = [
      ...Array.from({ length: 3000 }, (_, i) => ({ user: `U${i % 5}`, at: `${day(2)} 10:00:00`, rules: ['TCODE-HIGH-RISK'], tcodeHigh: true })),
      ...Array.from({ length: 40 }, () => ({ user: 'U1', at: `${day(2)} 10:00:00`, rules: ['TCODE-TABLE-MAINT'] })),
      // A medium flag of an actor with no member: context of nobody's case, never a case of its own.
      { user: 'QUIET', at: `${day(2)} 10:00:00`, rules: ['TCODE-TABLE-MAINT'] },
    ];
    const cases = run(patterns, records);
    expect(cases.reduce((n, c) => n + c.patterns, 0)).toBe(2500);
    expect(cases.reduce((n, c) => n + c.records, 0)).toBe(3000);
    expect(byActor(cases, 'U1').context).toBe(40);
    expect(byActor(cases, 'QUIET')).toBeUndefined();
    expect(new Set(cases.map((c) => c.actor)).size).toBe(cases.length);
  });

  it('a burst named by terminal or address is that terminal\'s or address\'s case; items without a header share one case of actor kind none', () => {
    const cases = run(
      [pat('FAILED_LOGON_BURST', 'medium', 'PC99', `${day(1)} 10:00:00`, '6 failed logons from terminal PC99 within 10 minutes (users A, B)'), pat('FAILED_LOGON_BURST', 'medium', '10.1.2.3', `${day(1)} 11:00:00`, '5 failed logons from address 10.1.2.3 within 10 minutes (users C)')],
      [
        { user: '', at: `${day(1)} 10:00:00`, rules: ['CD-SENSITIVE-OBJECT'], change: true, file: 'cdpos.csv' },
        { user: '', at: `${day(2)} 10:00:00`, rules: ['CD-SENSITIVE-OBJECT'], change: true, file: 'cdpos.csv' },
      ],
    );
    expect(cases.map((c) => [c.actor_kind, c.actor]).sort()).toEqual([['address', '10.1.2.3'], ['none', ''], ['terminal', 'PC99']]);
    const none = cases.find((c) => c.actor_kind === 'none')!;
    expect([none.records, none.files, none.days, none.first_time, none.last_time]).toEqual([2, ['cdpos.csv'], 2, `${day(1)} 10:00:00`, `${day(2)} 10:00:00`]);
  });

  it('orders critical, high, medium, low; by score within a level, then by first time; ids are stable for the same actor', () => {
    const patterns = [
      pat('MASS_DOWNLOAD', 'high', 'H_LATE', `${day(5)} 10:00:00`),
      pat('MASS_DOWNLOAD', 'high', 'H_EARLY', `${day(2)} 10:00:00`),
      pat('MASS_DOWNLOAD', 'high', 'H_MORE', `${day(3)} 10:00:00`),
      pat('PRIVILEGED_USER_LOGON', 'high', 'H_MORE', `${day(3)} 11:00:00`),
      pat('FAILED_LOGON_BURST', 'medium', 'L', `${day(1)} 10:00:00`),
      pat('SELF_AUTHORIZATION', 'critical', 'C', `${day(9)} 10:00:00`),
    ];
    const cases = run(patterns, [{ user: 'M', at: `${day(1)} 10:00:00`, rules: ['TCODE-HIGH-RISK'], tcodeHigh: true }]);
    expect(cases.map((c) => c.actor)).toEqual(['C', 'H_MORE', 'H_EARLY', 'H_LATE', 'M', 'L']);
    const again = run([...patterns].reverse(), [{ user: 'M', at: `${day(1)} 10:00:00`, rules: ['TCODE-HIGH-RISK'], tcodeHigh: true }]);
    expect(again.map((c) => c.id)).toEqual(cases.map((c) => c.id));
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(cases.every((c) => /^case-[0-9a-f]{16}$/.test(c.id))).toBe(true);
  });
});

describe('cases: patterns by actor', () => {
  it('counts each actor\'s pattern days and rules, interleaved with other actors and days out of order; a kind of mixed risk weighs by its highest', () => {
    const patterns = [
      pat('CHANGE_WITHOUT_TICKET', 'high', 'ann', `${day(1)} 10:00:00`),
      pat('CHANGE_WITHOUT_TICKET', 'high', 'BOB', `${day(1)} 11:00:00`),
      pat('CHANGE_WITHOUT_TICKET', 'high', 'ANN', `${day(2)} 10:00:00`),
      pat('EMERGENCY_ACCESS', 'medium', 'BOB', `${day(2)} 12:00:00`),
      pat('CHANGE_WITHOUT_TICKET', 'high', 'ann', `${day(1)} 12:00:00`),
      pat('EMERGENCY_ACCESS', 'high', 'BOB', `${day(3)} 09:00:00`),
      pat('CHANGE_WITHOUT_TICKET', 'high', 'ANN', `${day(4)} 08:00:00`),
      pat('EMERGENCY_ACCESS', 'medium', 'BOB', `${day(4)} 12:00:00`),
    ];
    const cases = run(patterns, []);
    const ann = byActor(cases, 'ANN');
    expect([ann.days, ann.patterns, ann.first_time, ann.last_time]).toEqual([3, 4, `${day(1)} 10:00:00`, `${day(4)} 08:00:00`]);
    expect(ann.rules).toEqual([{ rule: patternRuleId('CHANGE_WITHOUT_TICKET'), count: 4, first_time: `${day(1)} 10:00:00`, routine: false }]);
    const bob = byActor(cases, 'BOB');
    expect([bob.days, bob.patterns]).toEqual([4, 4]);
    expect(bob.reasons.join('\n')).toContain(`(${patternRuleId('EMERGENCY_ACCESS')}, high pattern): 3 times`);
  });
});

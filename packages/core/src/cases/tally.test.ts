// The tally keeps per-user slots and resolves rule lists once per change of list, so that the report
// step pays about one map lookup per record. This checks it against a plain re-statement of what it
// counts (maps consulted for every record), on records that interleave users, spell one user in two
// cases, leave users and dates empty, repeat and alternate rule lists, and change files.
import { describe, expect, it } from 'vitest';
import { toEpoch } from '../facts/file-facts.ts';
import { CaseTally, recordRuleLevel, type CaseTallyJSON, type TallyRecord } from './tally.ts';

interface Plain {
  period: [string, string];
  active: Map<string, Set<string>>;
  actors: Map<string, { files: Set<string>; first: number; last: number; records: number; rules: Map<string, { count: number; first: number; days: Set<string> }> }>;
  context: Map<string, number>;
}

const keyOf = (user: string) => (user === '' ? 'none\u0001' : `user\u0001${user.toUpperCase()}`);

function plainTally(records: [TallyRecord, string, string[]][]): Plain {
  const p: Plain = { period: ['', ''], active: new Map(), actors: new Map(), context: new Map() };
  for (const [rec, file, rules] of records) {
    if (rec.date !== '') {
      const at = `${rec.date} ${rec.time || '00:00:00'}`;
      if (p.period[0] === '' || at < p.period[0]) p.period[0] = at;
      if (at > p.period[1]) p.period[1] = at;
    }
    if (rec.date !== '' && rec.user !== '') (p.active.get(rec.user) ?? p.active.set(rec.user, new Set()).get(rec.user)!).add(rec.date);
    if (rules.length === 0) continue;
    const levels = rules.map(recordRuleLevel);
    const level = Math.max(...levels);
    if (level < 0) continue;
    const key = keyOf(rec.user);
    if (level === 0) {
      p.context.set(key, (p.context.get(key) ?? 0) + 1);
      continue;
    }
    let a = p.actors.get(key);
    if (!a) p.actors.set(key, (a = { files: new Set(), first: Infinity, last: -Infinity, records: 0, rules: new Map() }));
    a.records++;
    a.files.add(file);
    const t = toEpoch(rec.date, rec.time);
    if (t !== undefined) {
      a.first = Math.min(a.first, t);
      a.last = Math.max(a.last, t);
    }
    rules.forEach((r, i) => {
      if (levels[i]! < 1) return;
      let rt = a.rules.get(r);
      if (!rt) a.rules.set(r, (rt = { count: 0, first: Infinity, days: new Set() }));
      rt.count++;
      if (t !== undefined) rt.first = Math.min(rt.first, t);
      if (rec.date !== '') rt.days.add(rec.date);
    });
  }
  return p;
}

/** The tally's JSON as sorted plain data, so that the order maps were filled in does not matter. */
function normal(j: CaseTallyJSON) {
  const sorted = <T>(xs: T[]) => [...xs].sort();
  return {
    active: j.active.map(([u, d]) => [u, sorted(d)] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    actors: j.actors
      .map(([k, a]) => [k, { files: sorted(a.files), first: a.first, last: a.last, records: a.records, rules: Object.entries(a.rules).map(([r, t]) => [r, t.count, t.first, sorted(t.days)]).sort() }] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    context: [...j.context].sort(),
    period: j.period,
  };
}

function normalPlain(p: Plain) {
  const sorted = <T>(xs: Iterable<T>) => [...xs].sort();
  return {
    active: [...p.active].map(([u, d]) => [u, sorted(d)] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    actors: [...p.actors]
      .map(([k, a]) => [k, { files: sorted(a.files), first: a.first, last: a.last, records: a.records, rules: [...a.rules].map(([r, t]) => [r, t.count, t.first, sorted(t.days)]).sort() }] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    context: [...p.context].sort(),
    period: p.period,
  };
}

describe('CaseTally', () => {
  it('counts what a plain re-statement counts, whatever the order of users, rule lists, days and files', () => {
    // A small deterministic generator (mulberry32; no Math.random: a failure must reproduce).
    let seed = 7;
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const users = ['KWEBER', 'kweber', 'BATCH', 'IF_USER', '', 'admin'];
    const ruleLists = [[], ['TCODE-HIGH-RISK'], ['TABLE-HIGH-RISK'], ['TABLE-HIGH-RISK', 'CD-SENSITIVE-OBJECT'], ['CD-BANK-KEY'], ['SAL-AUDIT-OFF'], ['TCODE-TABLE-MAINT'], ['TCODE-HIGH-RISK', 'TABLE-HIGH-RISK', 'CD-SENSITIVE-OBJECT', 'CD-BANK-KEY']];
    expect(new Set(ruleLists.flat().map(recordRuleLevel))).toEqual(new Set([0, 1, 2]));
    const records: [TallyRecord, string, string[]][] = [];
    // Enough records that the tally's log of member records (4096) fills several times, and a file changes while it is part full.
    for (let i = 0; i < 30_000; i++) {
      // Runs of the same user and list, as in real files, broken often.
      const prev = records[records.length - 1];
      const same = prev !== undefined && next(3) === 0;
      const user = same ? prev[0].user : users[next(users.length)]!;
      // Days in time order mostly (as in real files), now and then an earlier or a later one, over more than 32 days (the days are bits in words of 32).
      // The first records on one day, their times not in order.
      const day = i < 200 ? '2025-03-01' : next(10) === 0 ? '' : next(8) === 0 ? `2025-0${1 + next(5)}-${String(1 + next(28)).padStart(2, '0')}` : `2025-03-${String(1 + Math.floor(i / 1000)).padStart(2, '0')}`;
      const time = `${String(next(24)).padStart(2, '0')}:${String(next(60)).padStart(2, '0')}:00`;
      const rules = same && next(2) === 0 ? prev[2] : ruleLists[next(ruleLists.length)]!;
      records.push([{ user, date: day, time, tcode: 'SE16N' }, i >= 20_000 && i < 20_300 && next(10) === 0 ? 'cdpos.csv' : i < 15_000 ? 'sm20.csv' : 'cdhdr.csv', rules]);
    }
    const tally = new CaseTally();
    // The caller passes one reused array for the rules (as the report step's FlagResult does).
    const reused: string[] = [];
    for (const [rec, file, rules] of records) {
      reused.length = 0;
      reused.push(...rules);
      tally.add(rec, file, reused, false, false);
    }
    const got = normal(tally.toJSON());
    expect(got).toEqual(normalPlain(plainTally(records)));
    // The two spellings of one user are two users for active days and one actor for the case.
    expect(got.active.map(([u]) => u)).toEqual(expect.arrayContaining(['KWEBER', 'kweber']));
    expect(got.actors.filter(([k]) => k.toUpperCase().includes('KWEBER'))).toHaveLength(1);
    expect(got.actors.some(([k]) => k === 'none\u0001')).toBe(true);
  });

  it('states the period of its records: the earliest and latest time, whatever their order within a day', () => {
    const times = ['10:00:00', '09:00:00', '11:00:00', '08:30:00', '', '10:30:00'];
    const records: [TallyRecord, string, string[]][] = [
      ...times.map((time): [TallyRecord, string, string[]] => [{ user: 'KWEBER', date: '2025-03-02', time, tcode: '' }, 'sm20.csv', []]),
      [{ user: 'KWEBER', date: '2025-03-03', time: '07:00:00', tcode: '' }, 'sm20.csv', []],
      [{ user: 'KWEBER', date: '2025-03-03', time: '06:00:00', tcode: '' }, 'sm20.csv', []],
      [{ user: 'KWEBER', date: '', time: '23:59:59', tcode: '' }, 'sm20.csv', []],
    ];
    const tally = new CaseTally();
    for (const [rec, file, rules] of records) tally.add(rec, file, rules, false, false);
    // A record without a time is at midnight.
    expect(tally.toJSON().period).toEqual(['2025-03-02 00:00:00', '2025-03-03 07:00:00']);
    expect(tally.toJSON().period).toEqual(plainTally(records).period);
    const late = new CaseTally();
    for (const [rec, file, rules] of records.filter(([r]) => r.time !== '')) late.add(rec, file, rules, false, false);
    expect(late.toJSON().period).toEqual(['2025-03-02 08:30:00', '2025-03-03 07:00:00']);
  });
});

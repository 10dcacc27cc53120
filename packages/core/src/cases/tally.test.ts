// The tally keeps per-user slots and resolves rule lists once per change of list, so that the report
// step pays about one map lookup per record. This checks it against a plain re-statement of what it
// counts (maps consulted for every record), on records that interleave users, spell one user in two
// cases, leave users and dates empty, repeat and alternate rule lists, and change files.
import { describe, expect, it } from 'vitest';
import { toEpoch } from '../facts/file-facts.ts';
import { CaseTally, recordRuleLevel, type CaseTallyJSON, type TallyRecord } from './tally.ts';

interface Plain {
  active: Map<string, Set<string>>;
  actors: Map<string, { files: Set<string>; first: number; last: number; records: number; rules: Map<string, { count: number; first: number; days: Set<string> }> }>;
  context: Map<string, number>;
}

const keyOf = (user: string) => (user === '' ? 'none\u0001' : `user\u0001${user.toUpperCase()}`);

function plainTally(records: [TallyRecord, string, string[]][]): Plain {
  const p: Plain = { active: new Map(), actors: new Map(), context: new Map() };
  for (const [rec, file, rules] of records) {
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
    for (let i = 0; i < 5000; i++) {
      // Runs of the same user and list, as in real files, broken often.
      const prev = records[records.length - 1];
      const same = prev !== undefined && next(3) === 0;
      const user = same ? prev[0].user : users[next(users.length)]!;
      const day = next(10) === 0 ? '' : `2025-03-${String(1 + next(9)).padStart(2, '0')}`;
      const time = `${String(next(24)).padStart(2, '0')}:${String(next(60)).padStart(2, '0')}:00`;
      const rules = same && next(2) === 0 ? prev[2] : ruleLists[next(ruleLists.length)]!;
      records.push([{ user, date: day, time, tcode: 'SE16N' }, next(4) === 0 ? 'cdpos.csv' : 'sm20.csv', rules]);
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
});

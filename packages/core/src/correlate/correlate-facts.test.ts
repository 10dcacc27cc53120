import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts, toCompactFacts, docKey, emptyDocColumns, toEpoch, type FileFacts } from '../facts/index.ts';
import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import type { FileType } from '../model/index.ts';
import { correlateCompactFacts, correlateFacts } from './correlate-facts.ts';
import { correlateFactsV1 } from './fixtures/correlate-facts-v1.ts';

const USERS = ['BOB', 'bob', 'EVE', 'MIKE', ''];
const DATES = ['2026-11-14', '2026-11-16', '2026-11-17'];
const TIMES = ['06:30:00', '09:00:00', '09:10:00', '09:20:00', '20:00:00'];
const user = fc.constantFrom(...USERS);
const date = fc.constantFrom(...DATES);
const time = fc.constantFrom(...TIMES);
const epoch = fc.tuple(date, time).map(([d, t]) => toEpoch(d, t)!);
const text = fc.constantFrom('x', 'CUL SE38: field', 'DU9 SM30', 'Change document A');
const cls = fc.constantFrom('IDENTITY', 'KRED', 'pfcg');
const objectId = fc.constantFrom('BOB', ' bob ', '1', '2');
const nr = fc.constantFrom('01', '02', '03');

function base(fileType: FileType, index: number): FileFacts {
  return {
    index, fileName: `${index}.csv`, fileType, columns: [], canonical: {}, joined: false, records: 0,
    volume: { documents: [], events: [] }, sm20Changes: { users: [], times: [], events: [], tcodes: [], flagged: [] },
    debuggerChanges: [], tableChanges: [], failedLogons: [], securityEvents: [], logons: [], userAdmin: [], docs: emptyDocColumns(),
    itemKeys: [], sensitiveItemKeys: [], afterHoursSensitive: [], tickets: [],
  };
}

const sm20 = fc
  .record({
    changes: fc.array(fc.tuple(user, epoch, fc.constantFrom('CUL', 'DU9', 'AU3'), fc.constantFrom('', 'SE16'), fc.constantFrom(0, 1)), { maxLength: 30 }),
    debugger: fc.array(fc.tuple(user, epoch, text), { maxLength: 5 }),
    table: fc.array(fc.tuple(user, epoch, text), { maxLength: 5 }),
    logons: fc.array(fc.tuple(user, fc.constantFrom('PC1', 'PC2', ''), epoch), { maxLength: 14 }),
    admin: fc.array(fc.tuple(user, fc.constantFrom('BOB', 'eve', ''), epoch, text), { maxLength: 5 }),
    afterHours: fc.array(fc.tuple(user, epoch, text), { maxLength: 5 }),
    events: fc.array(fc.tuple(user, date), { maxLength: 60 }),
  })
  .map((r) => {
    const f = base('SM20', 0);
    for (const [u, t, ev, tc, fl] of r.changes) {
      f.sm20Changes.users.push(u);
      f.sm20Changes.times.push(t);
      f.sm20Changes.events.push(ev);
      f.sm20Changes.tcodes.push(tc);
      f.sm20Changes.flagged.push(fl ? (ev === 'CUL' ? 3 : 1) : 0);
    }
    const v = new ChangeVolumeCounter();
    for (let k = 0; k < 3; k++) for (const [u, d] of r.events) v.addEvent(u, d);
    Object.assign(f, { debuggerChanges: r.debugger, tableChanges: r.table, failedLogons: r.logons, userAdmin: r.admin, afterHoursSensitive: r.afterHours, volume: v.toJSON() });
    return f;
  });

const docRow = fc.tuple(cls, objectId, nr, user, date, time, fc.constantFrom('', 'PFCG'), fc.constantFrom(0, 1));
const cdhdr = (joined: boolean, index: number) =>
  fc.record({ docs: fc.array(docRow, { maxLength: 40 }), afterHours: fc.array(fc.tuple(user, epoch, text), { maxLength: 4 }) }).map((r) => {
    const f = base(joined ? 'CDPOS' : 'CDHDR', index);
    f.joined = joined;
    const v = new ChangeVolumeCounter();
    for (const [c, id, n, u, d, t, tc, fl] of r.docs) {
      f.docs.classes.push(c);
      f.docs.ids.push(id);
      f.docs.changenrs.push(n);
      f.docs.users.push(u);
      f.docs.dates.push(d);
      f.docs.times.push(t);
      f.docs.tcodes.push(tc);
      f.docs.flagged.push(fl);
      // Many change numbers per user-day, so some are over the volume limit.
      for (let k = 0; k < 20; k++) v.addDocument(u, d, `${n}${k}`);
    }
    f.records = r.docs.length;
    f.volume = v.toJSON();
    f.afterHoursSensitive = r.afterHours;
    return f;
  });

const cdpos = fc
  .record({ items: fc.array(fc.tuple(cls, objectId, nr, fc.integer({ min: 1, max: 4 })), { maxLength: 12 }), sensitive: fc.array(fc.tuple(cls, objectId, nr, text), { maxLength: 6 }) })
  .map((r) => {
    const f = base('CDPOS', 2);
    // As step 1 keeps them: runs of items, so a header key may come again (counts add up, the first detail counts).
    f.itemKeys = r.items.map(([c, id, n, count]): [string, number] => [docKey(c, id, n), count]);
    f.sensitiveItemKeys = r.sensitive.map(([c, id, n, a]): [string, string] => [docKey(c, id, n), a]);
    f.records = f.itemKeys.reduce((a, [, count]) => a + count, 0);
    return f;
  });

const window = fc.option(epoch, { nil: null });
const tickets = fc.array(fc.tuple(fc.constantFrom('T1', 'T2'), fc.subarray(['BOB', 'EVE']), fc.constantFrom('', 'PLEASE HELP MIKE.', 'FOR BOB-EVE', 'ÄBOB'), window, window), { maxLength: 8 }).map((t) => {
  const f = base('TICKETS', 3);
  f.tickets = t;
  f.records = t.length;
  return f;
});

const timingOf = (isoDate: string, t: string) => (t < '07' || t >= '19' ? 'after hours' : isoDate === '2026-11-14' ? 'Saturday' : undefined);

/** What a correlation result is compared on (the volume counter by its over-limit entries). */
const shape = (r: Pick<ReturnType<typeof correlateFacts>, 'patterns' | 'patternCounts' | 'summary' | 'volume'>) => ({ patterns: r.patterns, counts: r.patternCounts, countOrder: Object.keys(r.patternCounts), summary: r.summary, volume: r.volume.overLimitEntries() });

describe('correlateFacts', () => {
  it('gives what the correlation before the compact rewrite gave, on random facts of any file mix', () => {
    const files = fc.tuple(fc.option(sm20), fc.option(cdhdr(false, 1)), fc.option(fc.oneof(cdpos, cdhdr(true, 2))), fc.option(tickets)).map((fs) => fs.filter((f): f is FileFacts => f !== null));
    fc.assert(
      fc.property(files, (facts) => {
        const expected = shape(correlateFactsV1(facts, timingOf));
        expect(shape(correlateFacts(facts, timingOf))).toEqual(expected);
        // The same through the facts codec's compact columns, as the correlation step reads them.
        const compact = facts.map((f) => toCompactFacts(decodeFacts(Buffer.concat(encodeFacts(f)), new Set(), 'compact')));
        expect(shape(correlateCompactFacts(compact, timingOf))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('correlateFacts on large facts (packed columns)', () => {
  it('gives what the reference gives when ids, change numbers, keys, times and texts are stored packed', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), Math.floor(seed / 65536) % n);
    const pick = <T>(xs: readonly T[]) => xs[rand(xs.length)]!;
    const time = () => `${String(5 + rand(16)).padStart(2, '0')}:${String(rand(60)).padStart(2, '0')}:${String(rand(60)).padStart(2, '0')}`;
    const users = ['BOB', 'bob', 'EVE', 'MIKE', 'ANNA', ''];
    const cd = base('CDHDR', 1);
    const v = new ChangeVolumeCounter();
    for (let i = 0; i < 9000; i++) {
      const [c, u, d] = [pick(['IDENTITY', 'KRED', 'BELEG']), pick(users), pick(DATES)];
      const id = i % 5 === 0 ? ` ${u.toLowerCase()} ` : `ID${i % 7000}`;
      const n = String(i % 8000).padStart(10, '0');
      Object.entries({ classes: c, ids: id, changenrs: n, users: u, dates: d, times: time(), tcodes: pick(['', 'FB02']), flagged: rand(2) }).forEach(([k, x]) => (cd.docs as unknown as Record<string, unknown[]>)[k]!.push(x));
      v.addDocument(u, d, n);
      if (rand(10) === 0) cd.afterHoursSensitive.push([u, toEpoch(d, '20:00:00')!, `Change document ${c} ${id} no. ${n}`]);
    }
    cd.volume = v.toJSON();
    cd.records = 9000;
    const pos = base('CDPOS', 2);
    const items = new Map<string, number>();
    const sensitive = new Map<string, string>();
    for (let i = 0; i < 7000; i++) {
      const k = rand(9000);
      const key = docKey(cd.docs.classes[k]!, i % 3 === 0 ? `X${i}` : cd.docs.ids[k]!, cd.docs.changenrs[k]!);
      items.set(key, (items.get(key) ?? 0) + 1);
      if (rand(4) === 0 && !sensitive.has(key)) sensitive.set(key, `Change document ${key.length} no. ${i}`);
    }
    pos.itemKeys = [...items];
    pos.sensitiveItemKeys = [...sensitive];
    const tk = base('TICKETS', 3);
    for (let i = 0; i < 6000; i++) tk.tickets.push([`T${i}`, rand(3) === 0 ? [pick(['BOB', 'EVE'])] : [], `REQ ${i} FOR ${pick(['MIKE', 'ÄANNA', 'BOB.', 'X'])}`, rand(5) === 0 ? null : toEpoch(pick(DATES), time())!, rand(3) === 0 ? null : toEpoch(pick(DATES), time())!]);
    tk.records = tk.tickets.length;
    const sm = base('SM20', 0);
    for (let i = 0; i < 3000; i++) {
      sm.sm20Changes.users.push(pick(users));
      sm.sm20Changes.times.push(toEpoch(pick(DATES), time())!);
      sm.sm20Changes.events.push(pick(['CUL', 'DU9']));
      sm.sm20Changes.tcodes.push(pick(['', 'SE16']));
      sm.sm20Changes.flagged.push(rand(3) === 0 ? 0 : rand(2) ? 3 : 1);
    }
    const facts = [sm, cd, pos, tk];
    const compact = facts.map((f) => toCompactFacts(decodeFacts(Buffer.concat(encodeFacts(f)), new Set(), 'compact')));
    expect([compact[1]!.docs.changenrs, compact[1]!.docs.ids, compact[1]!.docs.times].map((c) => c.constructor.name)).toEqual(['PackedColumn', 'PackedColumn', 'PackedColumn']);
    expect(compact[2]!.itemKeys.keys.constructor.name).toBe('PackedColumn');
    expect(compact[3]!.tickets.texts.constructor.name).toBe('PackedColumn');
    const expected = shape(correlateFactsV1(facts, timingOf));
    expect(expected.counts.SELF_AUTHORIZATION).toBeGreaterThan(0);
    expect(expected.counts.AFTER_HOURS_SENSITIVE_CHANGE).toBeGreaterThan(0);
    expect(shape(correlateCompactFacts(compact, timingOf))).toEqual(expected);
  });
});

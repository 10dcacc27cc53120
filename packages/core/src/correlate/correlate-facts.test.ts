import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts } from '../engine/facts-codec.ts';
import { ChangeVolumeCounter } from '../flags/change-volume.ts';
import type { FileType } from '../model/index.ts';
import { toCompactFacts } from './compact-facts.ts';
import { correlateCompactFacts, correlateFacts } from './correlate-facts.ts';
import { docKey, emptyDocColumns, toEpoch, type FileFacts } from './facts.ts';
import { correlateFactsV1 } from './reference/correlate-facts-v1.ts';

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
    debuggerChanges: [], tableChanges: [], failedLogons: [], userAdmin: [], docs: emptyDocColumns(),
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
      f.sm20Changes.flagged.push(fl);
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
    const items = new Map<string, number>();
    for (const [c, id, n, count] of r.items) items.set(docKey(c, id, n), count);
    f.itemKeys = [...items];
    const sensitive = new Map<string, string>();
    for (const [c, id, n, a] of r.sensitive) if (!sensitive.has(docKey(c, id, n))) sensitive.set(docKey(c, id, n), a);
    f.sensitiveItemKeys = [...sensitive];
    f.records = [...items.values()].reduce((a, b) => a + b, 0);
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
const shape = (r: ReturnType<typeof correlateFacts>) => ({ patterns: r.patterns, counts: r.patternCounts, countOrder: Object.keys(r.patternCounts), summary: r.summary, volume: r.volume.overLimitEntries() });

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

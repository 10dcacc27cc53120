import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts } from './facts-codec.ts';

const roundTrip = <T extends object>(v: T, skip?: Set<string>) => decodeFacts<T>(Buffer.concat(encodeFacts(v)), skip);

describe('facts codec', () => {
  it('round-trips every shape the facts use', () => {
    const facts = {
      index: 2,
      fileName: 'cdhdr.csv',
      fileType: 'CDHDR',
      columns: ['OBJECTCLAS', 'OBJECTID'],
      canonical: { OBJECTCLAS: 0, OBJECTID: 1 },
      joined: false,
      records: 3,
      volume: { documents: [['U1\u00002026-10-01', ['0001', '0002']], ['U2\u00002026-10-02', []]], events: [['U1\u00002026-10-01', 7]] },
      sm20Changes: { users: ['A', 'B', 'A'], times: [1.5, 2, 1e12], events: ['CUL', 'DU9', 'CUL'], tcodes: ['', 'SE16', ''], flagged: [0, 1, 1] },
      debuggerChanges: [['A', 100, 'CUL SE38: x']],
      tableChanges: [],
      failedLogons: [['A', 'PC1', 5]],
      userAdmin: [['A', 'A', 9, 'AU7']],
      docs: { classes: ['BELEG'], ids: ['0000000001'], changenrs: ['0001'], users: ['U1'], dates: ['2026-10-01'], times: ['06:00:14'], tcodes: [''], flagged: [1] },
      itemKeys: [['BELEG\u00010000000001\u00010001', 3]],
      sensitiveItemKeys: [['k', 'Change document x']],
      afterHoursSensitive: [],
      tickets: [['INC1', ['U1', 'U2'], 'TEXT "QUOTED" ÄÖ', 1000, null], ['INC2', [], '', null, 2000]],
      mixed: [1, 'two', null, { three: 3 }],
      nothing: null,
    };
    expect(roundTrip(facts)).toEqual(facts);
  });

  it('shares one string per distinct value and leaves skipped keys out', () => {
    const users = Array.from({ length: 1000 }, (_, i) => `USER${String(i % 3).padStart(10, '0')}`.slice(0, 14) + 'x');
    const back = roundTrip({ shape: 'x', docs: { users }, tickets: [['a', ['b'], 'c', 1, 2]] }, new Set(['tickets']));
    expect(back).toEqual({ shape: 'x', docs: { users } });
    expect(new Set(back.docs.users).size).toBe(3);
  });

  it('rejects truncated bytes with its own error', () => {
    const bytes = Buffer.concat(encodeFacts({ a: ['x', 'y'] }));
    expect(() => decodeFacts(bytes.subarray(0, bytes.length - 3))).toThrow(/facts: truncated/);
  });

  it('round-trips arbitrary JSON-shaped values', () => {
    const value = fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)), fc.constant(null), fc.boolean());
    const cell = fc.oneof(value, fc.array(fc.string(), { maxLength: 3 }));
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }).filter((k) => k !== '__proto__'), fc.oneof(value, fc.array(cell), fc.array(fc.tuple(fc.string(), cell, fc.integer())), fc.record({ a: fc.array(fc.string()), b: fc.array(fc.integer()) }))), (obj) => {
        expect(roundTrip(obj)).toEqual(obj);
      }),
      { numRuns: 200 },
    );
  });
});

describe('facts codec, mostly distinct columns', () => {
  it('stores them without a dictionary and still round-trips', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(10, '0'));
    const frames = encodeFacts({ ids });
    const manifest = JSON.parse(frames[1]!.toString('utf8')) as [string, { k: string }][];
    expect(manifest[0]![1].k).toBe('json');
    expect(decodeFacts(Buffer.concat(frames))).toEqual({ ids });
  });
});

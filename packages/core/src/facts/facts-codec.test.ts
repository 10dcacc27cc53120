import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder } from './column-builders.ts';
import { decodeFacts, DerivedBytes, encodeFacts, RowColumns, StrListColumn } from './facts-codec.ts';

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

describe('facts codec, compact columns', () => {
  // The node is the last chunk of a section.
  const section = (chunks: Buffer[]) => ({ node: JSON.parse(chunks[chunks.length - 1]!.toString('utf8')) as { k: string; width?: number; w?: number } });

  it('stores mostly distinct strings packed (fixed width when they allow) and still round-trips', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(10, '0'));
    const frames = encodeFacts({ ids });
    expect(section(frames).node).toMatchObject({ k: 'packed', width: 10 });
    expect(decodeFacts(Buffer.concat(frames))).toEqual({ ids });
    const varied = ids.map((s, i) => (i % 7 === 0 ? `${s}é` : s.slice(i % 3)));
    expect(section(encodeFacts({ varied })).node).toMatchObject({ k: 'packed', width: 0 });
    expect(decodeFacts(Buffer.concat(encodeFacts({ varied })))).toEqual({ varied });
  });

  it('gives compact columns that answer get, equals and hash like the strings', async () => {
    const { hashString, HASH_SEED } = await import('./columns.ts');
    const value = { few: ['A', 'B', 'A', 'C'], many: Array.from({ length: 9000 }, (_, i) => `N${i}`), flags: [0, 1, 1, 0], times: [1.5, null], rows: [['X', 1], ['Y', 2]] };
    const c = decodeFacts<Record<string, unknown>>(Buffer.concat(encodeFacts(value)), new Set(), 'compact');
    const few = c.few as import('./columns.ts').StrColumn;
    const many = c.many as import('./columns.ts').StrColumn;
    expect([0, 1, 2, 3].map((i) => few.get(i))).toEqual(value.few);
    expect(many.get(8999)).toBe('N8999');
    expect(many.equals(12, 'N12')).toBe(true);
    expect(many.equals(12, 'N1')).toBe(false);
    expect(many.hash(77, HASH_SEED)).toBe(hashString('N77', HASH_SEED));
    expect(few.hash(3, HASH_SEED)).toBe(hashString('C', HASH_SEED));
    expect(c.flags).toEqual(new Uint8Array([0, 1, 1, 0]));
    expect(Number.isNaN((c.times as Float64Array)[1])).toBe(true);
    expect((c.rows as { n: number; cols: unknown[] }).n).toBe(2);
  });

  it('reads a stream chunked at any byte, skipping keys without decoding them', async () => {
    const { readFacts, writeFacts } = await import('./facts-codec.ts');
    const stored: Buffer[] = [];
    const ws = {
      write: () => ({ write: (c: Uint8Array) => void stored.push(Buffer.from(c)), end: async () => {} }),
      read: async function* () {
        const all = Buffer.concat(stored);
        for (let at = 0; at < all.length; at += 7) yield all.subarray(at, at + 7);
      },
    };
    const value = { a: ['x', 'y', 'x'], big: Array.from({ length: 5000 }, (_, i) => `v${i}`), n: 3 };
    await writeFacts(ws, 'f', value);
    expect(await readFacts(ws, 'f')).toEqual(value);
    expect(await readFacts(ws, 'f', new Set(['big']))).toEqual({ a: ['x', 'y', 'x'], n: 3 });
    // Stopping after the wanted keys leaves the rest of the stream unread.
    let chunks = 0;
    const counting = { ...ws, read: async function* () {
      for await (const c of ws.read()) {
        chunks++;
        yield c;
      }
    } };
    expect(await readFacts(counting, 'f', (k) => k !== 'a', 'plain', ['a'])).toEqual({ a: ['x', 'y', 'x'] });
    expect(chunks).toBeLessThan(20);
  });

  it('step 1 columns (builders, rows as columns, derived texts in pieces, NaN as null) decode as the tuples they stand for', () => {
    const n = 120_000; // derived texts over 4 MB: written in several pieces
    const users = new DictColumnBuilder();
    const times = NumColumnBuilder.float64();
    const counts = NumColumnBuilder.uint32();
    const flat = new PackedColumnBuilder();
    const text = (i: number) => `Change document KLASSE ${String(i).padStart(10, '0')} no. ${i % 3 === 0 ? 'ü' : ''}${i} (FB0${i % 9})`;
    const tuples: unknown[][] = [];
    for (let i = 0; i < n; i++) {
      const u = `U${i % 300}`;
      const t = i % 1000 === 0 ? null : 1_790_000_000 + i;
      const list = Array.from({ length: i % 3 }, (_, k) => `N${i}-${k}`);
      users.push(u);
      times.push(t ?? Number.NaN);
      counts.push(list.length);
      for (const v of list) flat.push(v);
      tuples.push([u, t, text(i), list]);
    }
    const derived = new DerivedBytes(n, false, (i) => Buffer.byteLength(text(i)), (i, out, at) => at + out.write(text(i), at));
    const columns = { rows: new RowColumns(n, [users, times, derived, new StrListColumn(counts.column(), flat)]), none: new RowColumns(0, []) };
    expect(decodeFacts(Buffer.concat(encodeFacts(columns)))).toEqual({ rows: tuples, none: [] });
  });
});

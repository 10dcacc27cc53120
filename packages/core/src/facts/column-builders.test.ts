import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DictColumn, StrColumn } from './columns.ts';
import { DictColumnBuilder, NumColumnBuilder, PackedColumnBuilder, PackedKeySet } from './column-builders.ts';
import { TimeColumnBuilder } from './time-column-builder.ts';

const all = (c: StrColumn) => Array.from({ length: c.length }, (_, i) => c.get(i));

describe('step 1 column builders', () => {
  const words = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `Ümlaut-${i}` : `V${i % 13}-${i}`));

  it('a dictionary column keeps values in order past its first capacity, and appends by value', () => {
    const a = new DictColumnBuilder();
    const b = new DictColumnBuilder();
    words.forEach((w, i) => (i < 3000 ? a : b).push(w.slice(0, 3)));
    a.append(DictColumnBuilder.fromPlain(structuredClone(b.toPlain())));
    expect(a.length).toBe(5000);
    expect(all(a.column())).toEqual(words.map((w) => w.slice(0, 3)));
    expect(a.get(4999)).toBe(words[4999]!.slice(0, 3));
  });

  it('a dictionary column widens its ids past 256 and 65536 values, also when appending and after transfer', () => {
    const values = Array.from({ length: 70000 }, (_, i) => `U${i}`);
    const a = new DictColumnBuilder();
    for (const v of values.slice(0, 200)) a.push(v);
    const b = new DictColumnBuilder();
    for (const v of values.slice(100, 300)) b.push(v);
    a.append(DictColumnBuilder.fromPlain(structuredClone(b.toPlain())));
    const c = new DictColumnBuilder();
    for (const v of values.slice(300)) c.push(v);
    a.append(c);
    a.push('U5');
    const expected = [...values.slice(0, 200), ...values.slice(100, 300), ...values.slice(300), 'U5'];
    expect(all(a.column())).toEqual(expected);
    expect(all(DictColumnBuilder.fromPlain(a.toPlain()).column())).toEqual(expected);
  });

  it('a packed column keeps ASCII and UTF-8 text, fixed-width or not, across append and thread transfer', () => {
    const a = new PackedColumnBuilder();
    const b = new PackedColumnBuilder();
    words.forEach((w, i) => (i < 1200 ? a : b).push(w));
    a.append(PackedColumnBuilder.fromPlain(structuredClone(b.toPlain())));
    expect(all(a.column())).toEqual(words);
    const fixed = new PackedColumnBuilder();
    for (const n of ['0001', '0002', '0003']) fixed.push(n);
    const col = fixed.column() as unknown as { width: number; ascii: boolean };
    expect(col.width).toBe(4);
    expect(col.ascii).toBe(true);
    expect(all(fixed.column())).toEqual(['0001', '0002', '0003']);
    const empty = PackedColumnBuilder.fromPlain(new PackedColumnBuilder().toPlain());
    empty.push('x');
    expect(all(empty.column())).toEqual(['x']);
  });

  it('a number column grows, is set in place and appends', () => {
    const a = NumColumnBuilder.float64();
    for (let i = 0; i < 3000; i++) a.push(i * 1.5);
    a.set(2, -7);
    const b = NumColumnBuilder.fromPlain(Float64Array.of(1, 2));
    a.append(b);
    expect(a.length).toBe(3002);
    expect(a.get(2)).toBe(-7);
    expect(Array.from(a.column().subarray(2999))).toEqual([4498.5, 1, 2]);
  });

  it('a packed key set finds keys by their bytes across columns, in first-seen order, past rehashing', () => {
    const set = new PackedKeySet();
    const part = new PackedColumnBuilder();
    const keys = Array.from({ length: 3000 }, (_, i) => `K\u0001${i % 2000}\u0001ä${i % 7}`);
    for (const k of keys) part.push(k);
    const found = keys.map((_, i) => set.indexOf(part, i));
    expect(set.keys.length).toBe(new Set(keys).size);
    expect(all(set.keys.column())).toEqual([...new Set(keys)]);
    keys.forEach((k, i) => expect(set.keys.column().get(found[i]!.at)).toBe(k));
    expect(found.filter((f) => f.added).length).toBe(new Set(keys).size);
  });
});

describe('TimeColumnBuilder', () => {
  const time = fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 })).map(([h, m, s]) => [h, m, s].map((v) => String(v).padStart(2, '0')).join(':')),
    fc.constantFrom('', '24:00:00', '12:60:00', '1:02:03', 'x', '12:00', '12:00:00 '),
  );

  it('gives the values pushed, and the dictionary column a DictColumnBuilder of them gives', () => {
    fc.assert(
      fc.property(fc.array(time, { maxLength: 300 }), fc.array(time, { maxLength: 300 }), (a, b) => {
        const times = new TimeColumnBuilder();
        const dict = new DictColumnBuilder();
        for (const t of a) {
          times.push(t);
          dict.push(t);
        }
        // Appended as merge-parts does, after crossing threads as plain data.
        const other = new TimeColumnBuilder();
        for (const t of b) other.push(t);
        times.append(TimeColumnBuilder.fromPlain(structuredClone(other.toPlain())));
        for (const t of b) dict.push(t);
        const all = [...a, ...b];
        expect(Array.from({ length: times.length }, (_, i) => times.get(i))).toEqual(all);
        const col = times.column() as DictColumn;
        const want = dict.column() as DictColumn;
        expect(col.dict).toEqual(want.dict);
        expect(Array.from(col.ids)).toEqual(Array.from(want.ids));
      }),
    );
  });
});

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

describe('DictColumnBuilder.pushSlice (values read in place from a row)', () => {
  // Few characters, short values: many repeats, prefixes of each other, one table slot for several
  // values (the table starts at 64 slots), UTF-16 beyond Latin-1 and a surrogate pair.
  const value = fc.array(fc.constantFrom('P', 'C', '1', '2', 'ä', '端', '😀', ' ', ':'), { maxLength: 5 }).map((cs) => cs.join(''));
  const op = fc.record({ value, slice: fc.boolean(), before: fc.string({ maxLength: 3 }), after: fc.string({ maxLength: 3 }), transfer: fc.integer({ min: 0, max: 40 }) });

  it('gives the values and the one id per value that push gives, whichever way each was pushed, across transfer and append', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 300 }), (ops) => {
        let b = new DictColumnBuilder();
        for (const o of ops) {
          if (o.slice) {
            const text = o.before + o.value + o.after;
            b.pushSlice(text, o.before.length, o.before.length + o.value.length);
          } else b.push(o.value);
          // Now and then through another thread's form and appended to a fresh builder (slots rebuilt).
          if (o.transfer === 0) {
            const c = new DictColumnBuilder();
            c.pushSlice('x', 0, 1);
            c.append(DictColumnBuilder.fromPlain(structuredClone(b.toPlain())));
            const d = DictColumnBuilder.fromPlain(structuredClone(c.toPlain()));
            b = new DictColumnBuilder();
            for (let i = 1; i < d.length; i++) b.pushSlice(`.${d.get(i)}.`, 1, 1 + d.get(i).length);
          }
        }
        expect(all(b.column())).toEqual(ops.map((o) => o.value));
        expect(new Set(b.dict).size).toBe(b.dict.length);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps ids right past 256 and 65536 values read in place (table regrown, ids widened)', () => {
    const values = Array.from({ length: 70000 }, (_, i) => `T${i}`);
    const text = values.join(',');
    const b = new DictColumnBuilder();
    let at = 0;
    const starts = values.map((v) => ((at += v.length + 1), at - v.length - 1));
    for (let round = 0; round < 2; round++) values.forEach((v, i) => b.pushSlice(text, starts[i]!, starts[i]! + v.length));
    expect(b.dict.length).toBe(70000);
    expect(b.get(69999)).toBe('T69999');
    expect(b.get(70000 + 256)).toBe('T256');
    expect(b.idAt(70000 + 65536)).toBe(65536);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts, PackedColumn, docKey, emptyDocColumns, type FileFacts } from '../facts/index.ts';
import { HeaderIndex } from './header-index.ts';

function cdhdr(rows: [string, string, string, string][], fileType: 'CDHDR' | 'CDPOS' = 'CDHDR', joined = false): FileFacts {
  const docs = emptyDocColumns();
  rows.forEach(([cls, id, nr, user], i) => {
    docs.classes.push(cls);
    docs.ids.push(id);
    docs.changenrs.push(nr);
    docs.users.push(user);
    docs.dates.push('2026-11-18');
    docs.times.push(`10:00:${String(i % 60).padStart(2, '0')}`);
    docs.tcodes.push('XK02');
    docs.flagged.push(0);
  });
  return { fileType, joined, docs } as FileFacts;
}

/** The same facts as the report step reads them: compact columns from the codec. */
const compact = (f: FileFacts) => ({ ...f, docs: decodeFacts<{ docs: FileFacts['docs'] }>(Buffer.concat(encodeFacts({ docs: f.docs })), new Set(), 'compact').docs });

describe('HeaderIndex', () => {
  it('joins on class, object id and change number, also when a change number is shared', () => {
    const index = new HeaderIndex([cdhdr([['KRED', '100', '0001', 'BOB'], ['DEBI', '200', '0001', 'EVE'], ['KRED', '101', '0002', 'ALICE']])]);
    expect(index.size).toBe(3);
    expect(index.user(index.find('KRED', '100', '0001'))).toBe('BOB');
    expect(index.user(index.find('DEBI', '200', '0001'))).toBe('EVE');
    expect(index.user(index.findKey(docKey('KRED', '101', '0002')))).toBe('ALICE');
    expect(index.find('KRED', '999', '0001')).toBe(-1);
    expect(index.find('KRED', '100', '0003')).toBe(-1);
    expect(index.findKey('no separators')).toBe(-1);
  });

  it('lets the later duplicate header win, across files and on compact columns, and counts it once', () => {
    const a = cdhdr([['KRED', '100', '0001', 'BOB'], ['KRED', '100', '0002', 'EVE'], ['KRED', '100', '0001', 'CAROL']]);
    const b = cdhdr([['KRED', '100', '0002', 'MIKE'], ['DEBI', 'Ä1', '0002', 'ÖZIL']], 'CDPOS', true);
    const ignored = cdhdr([['KRED', '100', '0002', 'NOT A HEADER FILE']], 'CDPOS', false);
    for (const index of [new HeaderIndex([a, b, ignored]), new HeaderIndex([compact(a), compact(b), compact(ignored)])]) {
      expect(index.size).toBe(3);
      const h = index.find('KRED', '100', '0001');
      expect([index.user(h), index.date(h), index.time(h), index.tcode(h)]).toEqual(['CAROL', '2026-11-18', '10:00:02', 'XK02']);
      expect(index.user(index.find('KRED', '100', '0002'))).toBe('MIKE');
      expect(index.user(index.findKey(docKey('DEBI', 'Ä1', '0002')))).toBe('ÖZIL');
      const keys = PackedColumn.fromStrings([docKey('KRED', '100', '0002'), docKey('DEBI', 'Ä1', '0002'), docKey('DEBI', 'A1', '0002')]);
      expect([0, 1, 2].map((i) => index.findKeyAt(keys, i))).toEqual([index.find('KRED', '100', '0002'), index.find('DEBI', 'Ä1', '0002'), -1]);
    }
  });

  it('compares packed keys with packed header columns byte by byte', () => {
    const rows = Array.from({ length: 6000 }, (_, n): [string, string, string, string] => [n % 2 ? 'KRED' : 'DEBI', `ID${n}`, String(n % 3000).padStart(10, '0'), `U${n}`]);
    const facts = compact(cdhdr(rows));
    expect(facts.docs.ids).toBeInstanceOf(PackedColumn);
    const index = new HeaderIndex([facts]);
    const probes = [docKey('KRED', 'ID1', '0000000001'), docKey('DEBI', 'ID1', '0000000001'), docKey('DEBI', 'ID4000', '0000001000'), docKey('DEBI', 'ID400', '0000001000'), docKey('DEBI', 'ID4000', '000000100')];
    const keys = PackedColumn.fromStrings(probes);
    expect(keys.ascii).toBe(true);
    expect(probes.map((_, i) => index.findKeyAt(keys, i))).toEqual(probes.map((k) => index.findKey(k)));
    expect(probes.map((_, i) => index.findKeyAt(keys, i)).map((h) => (h < 0 ? '' : index.user(h)))).toEqual(['U1', '', 'U4000', '', '']);
  });

  it('finds what a Map keyed by the full key finds (the last row of a key), on random headers', () => {
    const part = fc.constantFrom('A', 'B', 'AB', '', 'É', '1');
    fc.assert(
      fc.property(fc.array(fc.tuple(part, part, fc.constantFrom('0001', '0002', '01', '')), { maxLength: 60 }), fc.array(fc.tuple(part, part, fc.constantFrom('0001', '0002', '01', '')), { maxLength: 20 }), (rows, probes) => {
        const facts = cdhdr(rows.map(([c, i, n], k) => [c, i, n, `U${k}`]));
        const expected = new Map<string, string>();
        rows.forEach(([c, i, n], k) => expected.set(docKey(c, i, n), `U${k}`));
        for (const index of [new HeaderIndex([facts]), new HeaderIndex([compact(facts)])]) {
          expect(index.size).toBe(expected.size);
          for (const [c, i, n] of [...rows, ...probes]) {
            const at = index.find(c, i, n);
            expect(at < 0 ? undefined : index.user(at)).toBe(expected.get(docKey(c, i, n)));
            expect(index.findKey(docKey(c, i, n))).toBe(at);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

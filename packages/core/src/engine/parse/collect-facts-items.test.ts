import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docKey, changeDocDetail } from '../../facts/index.ts';
import { createCanonicalRecord } from '../../flags/canonical-record.ts';
import { createFlagResult, FLAG_INDEX } from '../../flags/flag-result.ts';
import { seededRandom } from '../../formats/fixtures/seeded-random.ts';
import type { FileMeta } from '../../facts/index.ts';
import { FactsCollector } from './collect-facts.ts';
import { FlaggedRowsMerger } from './merge-parts.ts';
import { emptySummary } from './flag-counts.ts';

const FIELD = 1 << FLAG_INDEX.SENSITIVE_FIELD_FLAG;
const OBJECT = 1 << FLAG_INDEX.SENSITIVE_OBJECT_FLAG;
const TABLE = 1 << FLAG_INDEX.HIGH_RISK_TABLE_FLAG; // a flag that does not make an item sensitive

interface Item {
  cls: string;
  id: string;
  nr: string;
  tab: string;
  fname: string;
  tcode: string;
  mask: number;
}

const meta = (joined: boolean): FileMeta => ({ fileName: 'cdpos.csv', fileType: 'CDPOS', columns: [], canonical: {}, joined, dateOrder: 'DMY' });

/** Feeds items to a collector for a CDPOS file, one record and flag result reused as the engine does. */
function collect(items: Item[], joined = false) {
  const c = new FactsCollector(0, meta(joined));
  const rec = createCanonicalRecord('CDPOS');
  const out = createFlagResult();
  for (const it of items) {
    Object.assign(rec, { objectclas: it.cls, objectid: it.id, changenr: it.nr, tabname: it.tab, fname: it.fname, tcode: it.tcode });
    out.mask = it.mask;
    c.add(rec, out);
  }
  return c.finish();
}

/** What the collector kept before runs: a Map per item (count per key, first sensitive item's detail per key). */
function oracle(items: Item[]) {
  const counts = new Map<string, number>();
  const details = new Map<string, string>();
  for (const it of items) {
    const key = docKey(it.cls, it.id, it.nr);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if ((it.mask & (FIELD | OBJECT)) !== 0 && !details.has(key)) details.set(key, changeDocDetail(it.tab, it.fname, it.tcode));
  }
  return { counts: [...counts], details: [...details] };
}

/** The runs as kept, one entry per run of adjacent items of one header key. */
function runs(f: ReturnType<typeof collect>) {
  const k = f.itemKeys;
  const s = f.sensitiveItemKeys;
  return {
    counts: Array.from({ length: k.keys.length }, (_, i): [string, number] => [k.keys.get(i), k.counts.get(i)]),
    details: Array.from({ length: s.keys.length }, (_, i): [string, string] => [s.keys.get(i), s.details.get(i)]),
  };
}

/** What correlation makes of the runs: counts added up per key, the first detail per key, first-seen order. */
function collected(f: ReturnType<typeof collect>) {
  const r = runs(f);
  const counts = new Map<string, number>();
  for (const [key, n] of r.counts) counts.set(key, (counts.get(key) ?? 0) + n);
  const details = new Map<string, string>();
  for (const [key, d] of r.details) if (!details.has(key)) details.set(key, d);
  return { counts: [...counts], details: [...details] };
}

// Few header keys, so keys repeat both in adjacent runs and far apart; ('A','BC') and ('AB','C') differ only
// by where the separator falls; a long id takes the byte compare path of keys over 64 bytes.
const LONG_ID = 'X'.repeat(70);
const header = fc.record({
  cls: fc.constantFrom('', 'A', 'AB', 'KRED', 'Ümlaut'),
  id: fc.constantFrom('', 'BC', 'C', ' 0001 ', 'データ', LONG_ID),
  nr: fc.constantFrom('', '1', '0000000042'),
});
const itemDetail = fc.record({
  tab: fc.constantFrom('', 'LFA1', 'USR02'),
  fname: fc.constantFrom('', 'BANKN', 'Feld-ä'),
  tcode: fc.constantFrom('', 'XK02', 'SU01'),
  mask: fc.constantFrom(0, 0, FIELD, OBJECT, FIELD | OBJECT, TABLE, TABLE | FIELD),
});
/** Runs of items of one header; a run may follow a run of the same header (one longer run). */
const items = fc
  .array(fc.tuple(header, fc.array(itemDetail, { minLength: 1, maxLength: 4 })), { maxLength: 40 })
  .map((runs) => runs.flatMap(([h, ds]) => ds.map((d): Item => ({ ...h, ...d }))));

describe('non-joined CDPOS items kept as runs of header keys', () => {
  it('counts items per header key and keeps the first sensitive detail per key, in first-seen order', () => {
    fc.assert(
      fc.property(items, (list) => {
        const f = collect(list);
        expect(f.records).toBe(list.length);
        expect(collected(f)).toEqual(oracle(list));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with the oracle on many items of many headers (key sets past their first capacity)', () => {
    const rnd = seededRandom(20261121);
    const list: Item[] = [];
    for (let run = 0; run < 6000; run++) {
      const h = { cls: `C${Math.floor(rnd() * 5)}`, id: `ID-${Math.floor(rnd() * 900)}`, nr: `${Math.floor(rnd() * 3)}` };
      const n = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < n; k++) list.push({ ...h, tab: `T${k}`, fname: rnd() < 0.5 ? '' : `F${run}`, tcode: '', mask: rnd() < 0.1 ? FIELD : 0 });
    }
    const want = oracle(list);
    expect(want.counts.length).toBeGreaterThan(1000);
    expect(want.counts.length).toBeLessThan(6000); // keys do repeat across runs
    expect(want.details.length).toBeGreaterThan(100);
    expect(collected(collect(list))).toEqual(want);
  });

  it('sums a key seen again after other keys, and takes its detail from a later run when the first had no sensitive item', () => {
    const at = (cls: string, mask: number, tab = 'T'): Item => ({ cls, id: '1', nr: '9', tab, fname: '', tcode: '', mask });
    const f = collect([at('A', 0), at('A', 0), at('B', FIELD, 'TB'), at('A', OBJECT, 'TA2'), at('A', FIELD, 'TA3'), at('B', FIELD, 'TB2'), at('C', TABLE)]);
    expect(collected(f)).toEqual({
      counts: [[docKey('A', '1', '9'), 4], [docKey('B', '1', '9'), 2], [docKey('C', '1', '9'), 1]],
      details: [[docKey('B', '1', '9'), 'TB'], [docKey('A', '1', '9'), 'TA2']],
    });
  });

  it('an empty file and a joined file keep no item keys', () => {
    const none = collected(collect([]));
    expect(none).toEqual({ counts: [], details: [] });
    const joined = collect([{ cls: 'A', id: '1', nr: '2', tab: 'T', fname: 'F', tcode: '', mask: FIELD }], true);
    expect(collected(joined)).toEqual({ counts: [], details: [] });
    expect(joined.docs.changenrs.length).toBe(1);
  });
});

describe('runs across parts', () => {
  const part = (facts: ReturnType<typeof collect>) => ({ facts, summary: emptySummary(), userDayKeys: [], userDayRecords: [], userDayUnflagged: [] });

  it('keeps one entry per run: a header key seen again after others is a new entry', () => {
    const at = (cls: string, mask: number): Item => ({ cls, id: '1', nr: '9', tab: 'T', fname: '', tcode: '', mask });
    expect(runs(collect([at('A', 0), at('A', FIELD), at('B', 0), at('A', FIELD)]))).toEqual({
      counts: [[docKey('A', '1', '9'), 2], [docKey('B', '1', '9'), 1], [docKey('A', '1', '9'), 1]],
      details: [[docKey('A', '1', '9'), 'T'], [docKey('A', '1', '9'), 'T']],
    });
  });

  it('two collectors merged as parts give, once added up, what one collector of all items gives', () => {
    fc.assert(
      fc.property(items, items, (a, b) => {
        const merger = new FlaggedRowsMerger(2);
        merger.add(part(collect(a)));
        merger.add(part(collect(b)));
        expect(collected(merger.finish().facts)).toEqual(oracle([...a, ...b]));
      }),
      { numRuns: 200 },
    );
  });
});

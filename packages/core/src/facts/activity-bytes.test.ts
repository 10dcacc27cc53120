import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeDocActivity } from './file-facts.ts';
import { activityBytes } from './activity-bytes.ts';
import { emptyActivities, emptyCollectedDocs, NO_DOC, type CollectedActivities, type CollectedDocs } from './collected-facts.ts';
import { decodeFacts, encodeFacts, RowColumns, type DerivedBytes } from './facts-codec.ts';
import { changeDocDetail } from './activity-text.ts';

interface Doc {
  cls: string;
  id: string;
  nr: string;
  tcode: string;
  user: string;
  flagged: boolean;
}
/** An after-hours row: its own text, or the docs row (an index taken modulo the docs) whose text it is. */
type Row = { user: string; time: number } & ({ own: string } | { doc: number });

const LONG_ASCII = `ID${'7'.repeat(70)}`; // over 64 bytes: copied past the short-value loop
const LONG_UTF8 = 'ü'.repeat(40); // 80 bytes, non-ASCII
const LONG_TRAILING = `${'K'.repeat(66)} `;
const EDGES = ['', 'KRED', 'A', ' X', 'Y ', '\u3000Z', 'Z\u3000', 'é', 'データ', '0000012345', '\tT', 'N\u00a0', '~', LONG_ASCII, LONG_UTF8, LONG_TRAILING];

// Well-formed text only: a lone surrogate is stored as U+FFFD by the packed builders, by design.
const unit = fc.constantFrom('A', '9', ' ', 'é', '\u3000', '\t', 'デ', '~', '\u00a0', '😀');
const field = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...EDGES) }, { weight: 1, arbitrary: fc.string({ unit, maxLength: 12 }) });
const doc: fc.Arbitrary<Doc> = fc.record({ cls: field, id: field, nr: field, tcode: field, user: fc.constantFrom('U1', 'ÜSER'), flagged: fc.boolean() });
const row: fc.Arbitrary<Row> = fc.record({
  user: fc.constantFrom('U1', 'U2', 'ÜSER'),
  time: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
  text: fc.oneof(fc.record({ own: field }), fc.record({ doc: fc.nat() })),
}).map(({ user, time, text }) => ({ user, time, ...text }));

/** The text changeDocActivity gives for a docs row (what describeChangeDoc gives a CDHDR row without table). */
const docText = (d: Doc) => changeDocActivity(d.cls, d.id, d.nr, changeDocDetail('', '', d.tcode));

/** Collected columns for the docs and rows, and each row's expected text; doc rows with no docs fall back to their own text. */
function collect(docs: Doc[], rows: Row[]): { a: CollectedActivities; d: CollectedDocs; texts: string[] } {
  const d = emptyCollectedDocs();
  for (const x of docs) {
    d.classes.push(x.cls);
    d.ids.push(x.id);
    d.changenrs.push(x.nr);
    d.users.push(x.user);
    d.dates.push('2026-10-01');
    d.times.push('23:10:00');
    d.tcodes.push(x.tcode);
    d.flagged.push(x.flagged ? 1 : 0);
  }
  const a = emptyActivities();
  const texts: string[] = [];
  for (const r of rows) {
    a.users.push(r.user);
    a.times.push(r.time);
    if ('doc' in r && docs.length > 0) {
      const at = r.doc % docs.length;
      a.docRows.push(at);
      texts.push(docText(docs[at]!));
    } else {
      const own = 'own' in r ? r.own : `own ${r.doc}`;
      a.docRows.push(NO_DOC);
      a.activities.push(own);
      texts.push(own);
    }
  }
  return { a, d, texts };
}

/** Each value written alone at `at` into a buffer of sentinels: its text, and whether the bytes around it were left alone. */
function writeAlone(bytes: DerivedBytes, i: number, at: number): { text: string; announced: number; written: number; untouched: boolean } {
  const announced = bytes.length(i);
  const out = Buffer.alloc(at + announced + 8, 0xaa);
  const end = bytes.write(i, out, at);
  const outside = Buffer.concat([out.subarray(0, at), out.subarray(Math.max(end, at))]);
  return { text: out.toString('utf8', at, end), announced, written: end - at, untouched: outside.every((b) => b === 0xaa) };
}

const roundTrip = (a: CollectedActivities, d: CollectedDocs) =>
  decodeFacts<{ rows: unknown[][] }>(Buffer.concat(encodeFacts({ rows: new RowColumns(a.users.length, [a.users, a.times, activityBytes(a, d)]) }))).rows;

const isAsciiText = (s: string) => [...s].every((c) => c.charCodeAt(0) < 128);

describe('activityBytes', () => {
  it('writes the change-document texts and own texts exactly (known examples)', () => {
    const docs: Doc[] = [
      { cls: 'KRED', id: '0000012345', nr: '0001', tcode: 'FK02', user: 'U1', flagged: true },
      { cls: '', id: '', nr: '', tcode: '', user: 'U1', flagged: false },
      { cls: '\u3000Z', id: 'Y ', nr: '', tcode: 'データ', user: 'U1', flagged: true },
      { cls: 'Y ', id: ' X', nr: 'é', tcode: '', user: 'U1', flagged: true },
      { cls: 'A', id: LONG_ASCII, nr: '', tcode: 'SU01', user: 'U1', flagged: true },
      { cls: '', id: 'KRED', nr: '0002', tcode: '', user: 'U1', flagged: true },
    ];
    const rows: Row[] = [
      { user: 'U1', time: 1, doc: 0 },
      { user: 'U1', time: 2, own: 'SM20 AU2 logon' },
      { user: 'U1', time: 3, doc: 1 },
      { user: 'U2', time: 4, doc: 2 },
      { user: 'U2', time: 5, own: 'Änderung' },
      { user: 'U2', time: 6, doc: 3 },
      { user: 'U2', time: 7, doc: 4 },
      { user: 'U2', time: 8, doc: 5 },
      { user: 'U2', time: 9, doc: 0 },
    ];
    const { a, d } = collect(docs, rows);
    const bytes = activityBytes(a, d);
    const written = Array.from({ length: rows.length }, (_, i) => writeAlone(bytes, i, 3).text);
    expect(written).toEqual([
      'Change document KRED 0000012345 no. 0001 (FK02)',
      'SM20 AU2 logon',
      'Change document ',
      'Change document Z Y (データ)',
      'Änderung',
      'Change document Y   X no. é',
      `Change document A ${LONG_ASCII} (SU01)`,
      'Change document KRED no. 0002',
      'Change document KRED 0000012345 no. 0001 (FK02)',
    ]);
    expect(bytes.n).toBe(rows.length);
    expect(bytes.ascii).toBe(false);
  });

  it('flags ASCII-only texts as ASCII and they read back unchanged', () => {
    const docs: Doc[] = [{ cls: 'KRED', id: '0000012345', nr: '0001', tcode: 'FK02', user: 'U1', flagged: true }];
    const rows: Row[] = [
      { user: 'U1', time: 10, doc: 0 },
      { user: 'U1', time: 20, own: 'SM20 CUL SE38' },
    ];
    const { a, d, texts } = collect(docs, rows);
    expect(activityBytes(a, d).ascii).toBe(true);
    expect(roundTrip(a, d)).toEqual([
      ['U1', 10, texts[0]],
      ['U1', 20, 'SM20 CUL SE38'],
    ]);
  });

  it('writes, for every row, the text changeDocActivity gives (or the row own text), as many bytes as announced, and nothing outside', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 12 }), fc.array(row, { maxLength: 30 }), fc.nat(7), (docs, rows, at) => {
        const { a, d, texts } = collect(docs, rows);
        const bytes = activityBytes(a, d);
        expect(bytes.n).toBe(rows.length);
        for (let i = 0; i < rows.length; i++) {
          const w = writeAlone(bytes, i, at);
          expect(w.text).toBe(texts[i]);
          expect(w.written).toBe(w.announced);
          expect(w.announced).toBe(Buffer.byteLength(texts[i]!));
          expect(w.untouched).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('round-trips through the facts codec as [user, time, text] rows, non-ASCII texts intact', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 12 }), fc.array(row, { minLength: 1, maxLength: 30 }), (docs, rows) => {
        const { a, d, texts } = collect(docs, rows);
        expect(roundTrip(a, d)).toEqual(rows.map((r, i) => [r.user, r.time, texts[i]]));
        // A text with a non-ASCII character must not be announced as ASCII (it would read back as latin1).
        if (!texts.every(isAsciiText)) expect(activityBytes(a, d).ascii).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips texts over the codec piece size (4 MB), mixing byte and string paths', () => {
    const docs: Doc[] = Array.from({ length: 2000 }, (_, k) => ({
      cls: k % 5 === 0 ? '\u3000Z' : k % 3 === 0 ? 'é' : 'KRED',
      id: `${k % 4 === 0 ? 'データ' : 'N'}${String(k).padStart(1200, '0')}${k % 7 === 0 ? ' ' : ''}`,
      nr: k % 2 === 0 ? String(k) : '',
      tcode: k % 3 === 0 ? 'FK02' : '',
      user: 'U1',
      flagged: true,
    }));
    const rows: Row[] = Array.from({ length: 4000 }, (_, i) => (i % 9 === 0 ? { user: 'U2', time: i, own: `own ${i} ü` } : { user: 'U1', time: i, doc: (i * 7919) % docs.length }));
    const { a, d, texts } = collect(docs, rows);
    expect(texts.reduce((s, t) => s + Buffer.byteLength(t), 0)).toBeGreaterThan(4 << 20);
    const back = roundTrip(a, d);
    expect(back.length).toBe(rows.length);
    expect(back).toEqual(rows.map((r, i) => [r.user, r.time, texts[i]]));
  });

  it('gives an empty column for no rows', () => {
    const { a, d } = collect([{ cls: 'KRED', id: '1', nr: '', tcode: '', user: 'U1', flagged: false }], []);
    expect(activityBytes(a, d).n).toBe(0);
    expect(roundTrip(a, d)).toEqual([]);
  });
});

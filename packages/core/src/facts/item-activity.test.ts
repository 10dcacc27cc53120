import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeDocDetail, describeChangeDoc } from './activity-text.ts';
import { createCanonicalRecord } from '../flags/canonical-record.ts';
import { changeDocActivity, DOC_KEY_SEPARATOR, docKey, itemActivity } from './file-facts.ts';

/** describeChangeDoc as it was before the text was split into header key and detail (the oracle). */
function oldDescribeChangeDoc(cls: string, id: string, nr: string, tab: string, fname: string, tcode: string): string {
  return `Change document ${[`${cls} ${id}`.trim(), nr && `no. ${nr}`, tab && `${tab}${fname ? `-${fname}` : ''}`, tcode && `(${tcode})`].filter(Boolean).join(' ')}`;
}

// Cells as exports have them and worse: empty, blank, padded, non-ASCII. The key separator is no cell's text.
const cell = fc.oneof(
  fc.constantFrom('', ' ', '  ', 'KRED', ' BOB ', '0000012345', 'Ümlaut', 'データ', '-', '()', 'no.'),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(' ', '\t', 'a', 'Ä', '-', '€'), maxLength: 5 }),
).filter((s) => !s.includes(DOC_KEY_SEPARATOR));
const row = fc.record({ cls: cell, id: cell, nr: cell, tab: cell, fname: cell, tcode: cell });

describe('change-document item texts', () => {
  it('describeChangeDoc, changeDocActivity and itemActivity all say what the old formula said', () => {
    fc.assert(
      fc.property(row, ({ cls, id, nr, tab, fname, tcode }) => {
        const expected = oldDescribeChangeDoc(cls, id, nr, tab, fname, tcode);
        const rec = Object.assign(createCanonicalRecord('CDPOS'), { objectclas: cls, objectid: id, changenr: nr, tabname: tab, fname, tcode });
        const detail = changeDocDetail(tab, fname, tcode);
        expect(describeChangeDoc(rec)).toBe(expected);
        expect(changeDocActivity(cls, id, nr, detail)).toBe(expected);
        expect(itemActivity(docKey(cls, id, nr), detail)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('says each part only when known, in the documented order', () => {
    const text = (cls: string, id: string, nr: string, tab: string, fname: string, tcode: string) => itemActivity(docKey(cls, id, nr), changeDocDetail(tab, fname, tcode));
    expect(text('KRED', '0001', '42', 'LFA1', 'BANKN', 'XK02')).toBe('Change document KRED 0001 no. 42 LFA1-BANKN (XK02)');
    expect(text('', '', '', '', '', '')).toBe('Change document ');
    expect(text('', ' ID ', '', '', 'FIELD', '')).toBe('Change document ID');
    expect(text('KRED', '', '', 'LFA1', '', 'XK02')).toBe('Change document KRED LFA1 (XK02)');
    expect(text('', '', '7', '', '', 'SU01')).toBe('Change document no. 7 (SU01)');
    expect(changeDocDetail('', 'FIELD', 'SU01')).toBe('(SU01)');
    expect(changeDocDetail('USR02', 'FIELD', '')).toBe('USR02-FIELD');
  });
});

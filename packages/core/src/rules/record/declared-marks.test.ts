import { describe, expect, it } from 'vitest';
import type { DeclaredFact } from '../pattern/define-fact.ts';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { createFlagResult } from '../../flags/flag-result.ts';
import { createNameList } from '../../flags/watchlist.ts';
import { compileDeclaredMarks, MAX_CHANGE_ENTRIES } from './declared-marks.ts';

const fact = (bit: number, spec: Partial<DeclaredFact>): DeclaredFact => ({ kind: `f${bit}`, about: '', records: { CDPOS: {} }, bit, mark: 1 << bit, ...spec });

describe('compileDeclaredMarks', () => {
  it('marks an item with the facts of the entries its table, field and class all fit, and a transaction with the facts of its list', () => {
    const a = fact(1, { changes: [{ tables: ['LFBK'] }, { classes: ['KRED'], fields: ['IBAN'] }] });
    const b = fact(2, { changes: [{ tables: ['USR02'], fields: ['BCODE'], classes: ['IDENTITY'] }], transactions: 'paymentTcodes' });
    const m = compileDeclaredMarks([a, b], { paymentTcodes: new Set(['F110']) });
    const marks = (table: string, field: string, cls: string) => {
      const e = m.tableEntries(table) & m.fieldEntries(field) & m.classEntries(cls);
      return e === 0 ? 0 : m.marksOf(e);
    };
    expect(marks('LFBK', 'ANY', 'ANY')).toBe(a.mark);
    expect(marks('LFA1', 'IBAN', 'KRED')).toBe(a.mark);
    expect(marks('LFA1', 'IBAN', 'DEBI')).toBe(0);
    expect(marks('USR02', 'BCODE', 'IDENTITY')).toBe(b.mark);
    expect(marks('USR02', 'BCODE', 'PFCG')).toBe(0);
    expect(m.tcodeMarks('F110')).toBe(b.mark);
    expect(m.tcodeMarks('SU01')).toBe(0);
  });

  it('refuses more change entries than one number holds, saying how many and what to do', () => {
    const many = fact(1, { changes: Array.from({ length: MAX_CHANGE_ENTRIES + 1 }, (_, i) => ({ tables: [`T${i}`] })) });
    expect(() => compileDeclaredMarks([many], { paymentTcodes: new Set() })).toThrow(`The declared facts have 32 change-document entries (\`changes\`), at most 31`);
  });

  it("marks an item of a judged fact as its judgement says, given the fact's list, once per item also when it fits several entries", () => {
    let calls = 0;
    const judged = fact(3, {
      changes: [{ tables: ['AGR_USERS'] }, { classes: ['PFCG'] }],
      judge: { list: 'sensitiveRoles', item: (rec, roles) => (calls++, roles.match(rec.fname)) },
    });
    const plain = fact(4, { changes: [{ tables: ['AGR_USERS'] }] });
    const m = compileDeclaredMarks([judged, plain], { paymentTcodes: new Set(), sensitiveRoles: createNameList(['SAP_ALL*']) });
    const mark = (table: string, cls: string, fname: string) => {
      const out = createFlagResult(false);
      const e = m.tableEntries(table) & m.fieldEntries(fname) & m.classEntries(cls);
      if (e !== 0) m.markItem(e, { tabname: table, objectclas: cls, fname } as CanonicalRecord, out);
      return [out.marks, out.marked[3]];
    };
    expect(mark('AGR_USERS', 'PFCG', 'SAP_ALL_X')).toEqual([judged.mark | plain.mark, 'SAP_ALL_X']);
    expect(calls).toBe(1);
    // The judgement says no: the plain fact only; an item no entry fits: not judged at all.
    expect(mark('AGR_USERS', 'PFCG', 'Z_DISPLAY')).toEqual([plain.mark, '']);
    expect(mark('UST04', 'IDENTITY', 'SAP_ALL_X')).toEqual([0, '']);
    expect(calls).toBe(2);
    // A judgement whose list the flagger lacks is refused when the flagger is made.
    expect(() => compileDeclaredMarks([judged], { paymentTcodes: new Set() })).toThrow('judges its items by the list sensitiveRoles');
  });
});

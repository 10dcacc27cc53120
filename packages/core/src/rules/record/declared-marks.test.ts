import { describe, expect, it } from 'vitest';
import type { DeclaredFact } from '../pattern/define-fact.ts';
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
});

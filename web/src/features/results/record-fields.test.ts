import { describe, expect, it } from 'vitest';
import { keyFieldsOf } from './record-fields.ts';

const values = (record: Record<string, unknown>) => Object.fromEntries(keyFieldsOf(record).fields.map((f) => [f.label, f.value]));

describe('keyFieldsOf', () => {
  it('finds the key fields of an SM20 record by its labels, reading Excel serials as dates and times', () => {
    const record = { FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.xlsx', Datum: '45721', Zeit: '0.5', Benutzer: 'KWEBER', 'Source TA': 'SE16N', 'Audit Log Msg. ID': 'DU9', 'Audit Log Msg. Text': 'Generic table access', 'First Variable Value for Event': 'BSEG', DEBUG_FLAG: 'x' };
    expect(values(record)).toEqual({ User: 'KWEBER', Time: '2025-03-05 · 12:00:00', Transaction: 'SE16N', Object: 'BSEG', Event: 'DU9 · Generic table access' });
    expect([...keyFieldsOf(record).used].sort()).toEqual(['Audit Log Msg. ID', 'Audit Log Msg. Text', 'Benutzer', 'Datum', 'First Variable Value for Event', 'Source TA', 'Zeit']);
  });

  it('says - for fields the record lacks and keeps text dates as given', () => {
    expect(values({ FILE_TYPE: 'CDHDR', USERNAME: 'BOB', UDATE: '04.03.2025', OBJECTCLAS: 'KRED', OBJECTID: '0000100001' })).toEqual({
      User: 'BOB',
      Time: '04.03.2025',
      Transaction: '-',
      Object: 'KRED · 0000100001',
      Event: '-',
    });
  });

  it("takes a change-document item's user, time and transaction from its header's cells when it has none of its own", () => {
    const item = { FILE_TYPE: 'CDPOS', OBJECTCLAS: 'KRED', OBJECTID: '0000100001', TABNAME: 'LFBK', FNAME: 'BANKN', 'USERNAME (header)': 'BOB', 'UDATE UTIME (header)': '2026-11-18 22:15:00', 'TCODE (header)': 'XK02' };
    expect(values(item)).toMatchObject({ User: 'BOB', Time: '2026-11-18 22:15:00', Transaction: 'XK02' });
    // A joined item's own TCODE wins.
    expect(values({ ...item, TCODE: 'FK02' })).toMatchObject({ Transaction: 'FK02' });
  });
});

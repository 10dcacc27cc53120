import { describe, expect, it } from 'vitest';
import { docKey, emptyDocColumns, type FileFacts } from './facts.ts';
import { HeaderIndex } from './header-index.ts';

function cdhdr(rows: [string, string, string, string][]): FileFacts {
  const docs = emptyDocColumns();
  for (const [cls, id, nr, user] of rows) {
    docs.classes.push(cls);
    docs.ids.push(id);
    docs.changenrs.push(nr);
    docs.users.push(user);
    docs.dates.push('2026-11-18');
    docs.times.push('10:00:00');
    docs.tcodes.push('XK02');
    docs.flagged.push(0);
  }
  return { fileType: 'CDHDR', joined: false, docs } as FileFacts;
}

describe('HeaderIndex', () => {
  it('joins on class, object id and change number, also when a change number is shared', () => {
    const index = new HeaderIndex([cdhdr([['KRED', '100', '0001', 'BOB'], ['DEBI', '200', '0001', 'EVE'], ['KRED', '101', '0002', 'ALICE']])]);
    expect(index.size).toBe(3);
    expect(index.user(index.find('KRED', '100', '0001'))).toBe('BOB');
    expect(index.user(index.find('DEBI', '200', '0001'))).toBe('EVE');
    expect(index.user(index.findKey(docKey('KRED', '101', '0002')))).toBe('ALICE');
    expect(index.find('KRED', '999', '0001')).toBe(-1);
    expect(index.find('KRED', '100', '0003')).toBe(-1);
  });
});

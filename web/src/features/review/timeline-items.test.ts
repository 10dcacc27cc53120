import { describe, expect, it } from 'vitest';
import { itemText } from './TimelinePage.tsx';

describe('a change-document item in the timeline', () => {
  it('reads as table, field: old → new', () => {
    expect(itemText({ TABNAME: 'LFBK', FNAME: 'BANKN', VALUE_OLD: '1234567', VALUE_NEW: '7654321', CHNGIND: 'U' })).toBe('LFBK, BANKN: 1234567 → 7654321');
    expect(itemText({ 'Table Name': 'LFA1', 'Field Name': 'SPERR', 'New value': 'X' })).toBe('LFA1, SPERR: (empty) → X');
    expect(itemText({ TABNAME: 'USR02', FNAME: 'KEY' })).toBe('USR02, KEY');
  });

  it('shows the cells when the export names no table or field, never nothing', () => {
    expect(itemText({ OBJECTID: '1000', CHANGENR: '42' })).toBe('OBJECTID 1000, CHANGENR 42');
  });
});

import { describe, expect, it } from 'vitest';
import { itemText, patternEntryText } from './TimelinePage.tsx';

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

describe('a pattern in the timeline (issue 27)', () => {
  const entry = (rule: string, activity: string) => ({ time: '2026-11-18 10:04:00', type: 'PATTERN' as const, file: '', summary: `Burst of failed logons: ${activity}`, flags: [], patterns: [rule], record: { rule, severity: 'medium', activity } });
  it("states the analysis's thresholds, not the catalogue's defaults", () => {
    const text = patternEntryText(entry('PAT-FAILED-LOGON-BURST', '4 failed logons of KWEBER'), { thresholds: { burst: { count: 3, minutes: 7 } } });
    expect(text.summary).toBe('3 or more failed logons within 7 minutes: 4 failed logons of KWEBER');
    expect(text.explanation).toContain('3 or more failed logons for one user or from one terminal within 7 minutes');
    const download = patternEntryText(entry('PAT-MASS-DOWNLOAD', '12 downloads'), { thresholds: { massDownload: { count: 12, minutes: 30 } } });
    expect(download.summary).toBe('12 or more downloads by one user within 30 minutes: 12 downloads');
  });
  it('leaves other entries as the server summarised them', () => {
    const sm20 = { time: '2026-11-18 10:00:00', type: 'SM20' as const, file: 'sm20.csv', summary: 'AU2 Logon failed', flags: [], patterns: [], record: {} };
    expect(patternEntryText(sm20, { thresholds: {} })).toEqual({ summary: 'AU2 Logon failed' });
  });
});

import { describe, expect, it } from 'vitest';
import type { AnalysisReport } from '../model/index.ts';
import { deriveFindings, highRecordFindings, RECORD_FINDINGS_PER_FLAG, recordSummary } from './derive-findings.ts';
import { findSuppression } from './suppression-match.ts';

function report(): AnalysisReport {
  const sm20 = (i: number) => ({
    FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', Date: '02.11.2026', Time: `10:00:0${i}`, User: 'alice', 'Terminal Name': 'TERM1',
    'Transaction Code': 'SU01', Event: 'AU3', HIGH_RISK_TCODE_FLAG: 'High-risk transaction SU01 (User Administration)',
  });
  return {
    suspicious_patterns: [
      { pattern: 'SELF_AUTHORIZATION', risk_level: 'critical', user: 'BOB', sm20_time: '2026-11-03 09:00:00', sm20_activity: 'AU7 BOB' },
      { pattern: 'SELF_AUTHORIZATION', risk_level: 'critical', user: 'BOB', sm20_time: '2026-11-03 09:00:00', sm20_activity: 'AU7 BOB' },
    ],
    flagSamples: {
      HIGH_RISK_TCODE_FLAG: { columns: [], records: Array.from({ length: 12 }, (_, i) => sm20(i % 10)), total: 38 },
      CHANGE_TIMING_FLAG: { columns: [], records: [sm20(1)], total: 5 },
      SENSITIVE_FIELD_FLAG: {
        columns: [], total: 1,
        records: [{ FILE_TYPE: 'CDPOS', SOURCE_FILE: 'cdpos.csv', OBJECTCLAS: 'KRED', TABNAME: 'BSEG', FNAME: 'DMBTR', SENSITIVE_FIELD_FLAG: 'Sensitive field DMBTR in BSEG changed' }],
      },
    },
  } as unknown as AnalysisReport;
}

describe('deriveFindings', () => {
  it('lists every pattern and the stored high-severity records, with the rule, user, time and object', () => {
    const { findings, recordCoverage } = deriveFindings('analysis-1', report());
    expect(findings.filter((f) => f.kind === 'pattern')).toHaveLength(2);
    const records = findings.filter((f) => f.kind === 'record');
    // 10 of the 12 stored SU01 records (the cap), none of CHANGE_TIMING (medium), the one CDPOS item.
    expect(records).toHaveLength(RECORD_FINDINGS_PER_FLAG + 1);
    expect(recordCoverage).toEqual([
      { flag: 'HIGH_RISK_TCODE_FLAG', total: 38, listed: 10 },
      { flag: 'SENSITIVE_FIELD_FLAG', total: 1, listed: 1 },
    ]);
    expect(records[0]).toMatchObject({
      rule: { severity: 'high' }, user: 'ALICE', time: '2026-11-02 10:00:00', object: 'SU01', terminal: 'TERM1',
      summary: 'High-risk transaction SU01 (User Administration)', source: { flag: 'HIGH_RISK_TCODE_FLAG', file: 'sm20.csv', fileType: 'SM20' },
    });
    expect(records.at(-1)).toMatchObject({ object: 'BSEG-DMBTR', user: '', time: '' });
    expect(findings[0]).toMatchObject({ rule: { id: 'PAT-SELF-AUTHORIZATION', severity: 'critical' }, user: 'BOB', object: 'AU7 BOB' });
  });

  it('gives the same ids when computed again, distinct ids to identical rows, and different ids per analysis', () => {
    const a = deriveFindings('analysis-1', report()).findings.map((f) => f.findingId);
    expect(deriveFindings('analysis-1', report()).findings.map((f) => f.findingId)).toEqual(a);
    expect(new Set(a).size).toBe(a.length);
    expect(a[0]).toMatch(/^[0-9a-f]{20}$/);
    const b = deriveFindings('analysis-2', report()).findings.map((f) => f.findingId);
    expect(b.some((id) => a.includes(id))).toBe(false);
  });
});

describe('pattern evidence', () => {
  it('is the stored records of the same user within an hour, one row per record with its reasons', () => {
    const r = report();
    r.suspicious_patterns.push({ pattern: 'DEBUGGER_DATA_CHANGE', risk_level: 'critical', user: 'ALICE', sm20_time: '2026-11-02 10:30:00', sm20_activity: 'CUL SE38' } as never);
    const { findings } = deriveFindings('analysis-1', r);
    const debug = findings.find((f) => f.rule.id === 'PAT-DEBUGGER-DATA-CHANGE')!;
    // 10 distinct SU01 records of ALICE (12 stored, two repeated), the CHANGE_TIMING one merged into its row.
    expect(debug.evidence).toHaveLength(10);
    expect(debug.evidence[1]).toMatchObject({ Time: '10:00:01', HIGH_RISK_TCODE_FLAG: expect.stringContaining('SU01') });
    const bob = findings.find((f) => f.user === 'BOB')!;
    expect(bob.evidence).toEqual([expect.objectContaining({ pattern: 'SELF_AUTHORIZATION', sm20_activity: 'AU7 BOB' })]);
  });
});

describe('findSuppression', () => {
  const finding = { rule: { id: 'R1', title: '', severity: 'high' as const }, user: 'ALICE', object: 'SU01', terminal: 'TERM1' };
  const s = (over: object) => ({ suppressionId: 's', rule: 'R1', user: 'alice', reason: 'r', expiresAt: '2999-01-01T00:00:00Z', ...over });
  it('matches rule and user, and object and terminal only where given', () => {
    expect(findSuppression(finding, [s({})])?.suppressionId).toBe('s');
    expect(findSuppression(finding, [s({ object: 'su01 ', terminal: 'TERM1' })])).toBeDefined();
    expect(findSuppression(finding, [s({ object: 'SU02' })])).toBeUndefined();
    expect(findSuppression(finding, [s({ terminal: 'TERM2' })])).toBeUndefined();
    expect(findSuppression(finding, [s({ rule: 'R2' })])).toBeUndefined();
    expect(findSuppression(finding, [s({ user: 'BOB' })])).toBeUndefined();
  });

  it("names a change document's transaction in its finding's line: a non-joined item's from its header; not twice, not for SM20", () => {
    const item = {
      record: { FILE_TYPE: 'CDPOS', SOURCE_FILE: 'cdpos.csv', OBJECTCLAS: 'KRED', OBJECTID: '0000100001', TABNAME: 'LFBK', FNAME: 'BANKN', 'USERNAME (header)': 'BOB', 'UDATE UTIME (header)': '2026-11-18 22:15:00', 'TCODE (header)': 'XK02' },
      reasons: { SENSITIVE_FIELD_FLAG: 'Sensitive field BANKN in LFBK changed', OTHER: 'authorization: Sensitive role X assigned' },
      rules: ['CD-SENSITIVE-FIELD'],
      user: 'BOB',
      time: '2026-11-18 22:15:00',
    };
    const [finding] = highRecordFindings(item);
    expect(finding!.summary).toBe('Sensitive field BANKN in LFBK changed (transaction XK02)');
    expect(finding!.evidence[0]).toMatchObject({ 'TCODE (header)': 'XK02' });
    // Without the header cell (an analysis written before), the line is the reason.
    const { 'TCODE (header)': _, ...before } = item.record;
    expect(highRecordFindings({ ...item, record: before })[0]!.summary).toBe('Sensitive field BANKN in LFBK changed');
    // Near misses: a reason that names it already, an SM20 record, a code inside a longer word.
    expect(recordSummary('High-risk transaction XK02 (Vendors)', 'CDPOS', { TCODE: 'XK02' })).toBe('High-risk transaction XK02 (Vendors)');
    expect(recordSummary('High-risk transaction SU01', 'SM20', { TCODE: 'SU01' })).toBe('High-risk transaction SU01');
    expect(recordSummary('Changed with XK02N', 'CDHDR', { TCODE: 'XK02' })).toBe('Changed with XK02N (transaction XK02)');
  });
});

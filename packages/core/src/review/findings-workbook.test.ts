import { describe, expect, it } from 'vitest';
import { readXlsxSheets } from '../report/read-xlsx-sheets.ts';
import { FINDINGS_COLUMNS, localDateTime, suppressionLabel, WIDTH_SAMPLE, writeFindingsCsv, writeFindingsWorkbook, type FindingsWorkbookRow } from './findings-workbook.ts';

function sink() {
  const chunks: Uint8Array[] = [];
  return { chunks, write: (c: Uint8Array) => void chunks.push(c.slice()), end: async () => {}, bytes: () => new Uint8Array(Buffer.concat(chunks)) };
}

const row = (over: Partial<FindingsWorkbookRow> = {}): FindingsWorkbookRow => ({
  findingId: 'f-1',
  ruleId: 'CHG-BANK-DETAILS',
  ruleTitle: 'Vendor bank details changed',
  severity: 'high',
  user: 'MBROWN',
  time: '2026-11-18 22:15:00',
  object: 'LFBK-BANKN',
  summary: 'Bank account geändert',
  status: 'explained',
  comment: 'Approved',
  ticket: 'CHG-4711',
  reviewer: 'auditor@example.com',
  reviewedAt: '2026-11-28T04:16:18.391Z',
  suppressedBy: '',
  // A CDPOS item: no user, no date of its own (they are in its CDHDR header).
  evidence: [{ OBJECTCLAS: 'KRED', OBJECTID: '0000100001', CHANGENR: '0000012345', TABNAME: 'LFBK', FNAME: 'BANKN', VALUE_NEW: '=1+2' }],
  ...over,
});

describe('findings workbook', () => {
  it('takes rows as they are made, continues the Findings sheet past maxRows, and reads the evidence of shown rows at the end', async () => {
    const out = sink();
    const asked: string[] = [];
    let made = 0;
    async function* rows() {
      for (let i = 0; i < 7; i++) {
        made++;
        // Reviewed rows whose evidence is still in the stored records (evidenceAt), open ones without.
        yield row({ findingId: `f-${i}`, status: i % 2 === 0 ? 'explained' : 'open', evidence: [], evidenceAt: [i * 100, 50] });
      }
    }
    await writeFindingsWorkbook(out, rows(), [['Findings', '7']], {
      maxRows: 4,
      readEvidence: async (shown) => {
        // Called once every row is written, for the rows that got an evidence sheet.
        expect(made).toBe(7);
        for (const r of shown) {
          asked.push(r.findingId);
          r.evidence = [{ SOURCE_FILE: `sm20-${r.findingId}.csv` }];
          delete r.evidenceAt;
        }
      },
    });
    expect(asked).toEqual(['f-0', 'f-2', 'f-4', 'f-6']);
    const sheets = readXlsxSheets(out.bytes());
    expect(sheets.map((s) => s.name)).toEqual(['About', 'Findings', 'Findings (2)', 'Findings (3)', 'E1 CHG-BANK-DETAILS', 'E2 CHG-BANK-DETAILS', 'E3 CHG-BANK-DETAILS', 'E4 CHG-BANK-DETAILS']);
    const findings = sheets.filter((s) => s.name.startsWith('Findings'));
    expect(findings.map((s) => s.rows.length)).toEqual([4, 4, 2]);
    expect(findings.flatMap((s) => s.rows.slice(1).map((r) => [r[0], r[14] ?? '']))).toEqual([
      ['f-0', 'E1 CHG-BANK-DETAILS'], ['f-1', ''], ['f-2', 'E2 CHG-BANK-DETAILS'], ['f-3', ''], ['f-4', 'E3 CHG-BANK-DETAILS'], ['f-5', ''], ['f-6', 'E4 CHG-BANK-DETAILS'],
    ]);
    expect(sheets.find((s) => s.name === 'E3 CHG-BANK-DETAILS')!.rows[1]).toContain('sm20-f-4.csv');
  });

  it('sizes the Findings columns from the first WIDTH_SAMPLE rows', async () => {
    const out = sink();
    const rows = Array.from({ length: WIDTH_SAMPLE + 1 }, (_, i) => row({ findingId: `f-${i}`, status: 'open', evidence: [], summary: i === WIDTH_SAMPLE ? 'x'.repeat(50) : 'short' }));
    await writeFindingsWorkbook(out, rows, []);
    const widthOfSummary = (xml: string) => Number(/<col min="8" max="8" width="([\d.]+)"/.exec(xml)![1]);
    const later = widthOfSummary(readXlsxSheets(out.bytes()).find((s) => s.name === 'Findings')!.xml);
    const first = sink();
    await writeFindingsWorkbook(first, rows.slice(0, WIDTH_SAMPLE), []);
    // The long summary after the sample does not widen the column.
    expect(later).toBe(widthOfSummary(readXlsxSheets(first.bytes()).find((s) => s.name === 'Findings')!.xml));
  });

  it('writes date-times as Excel dates in the time zone, widths from the content, counts as numbers, keys as text', async () => {
    const out = sink();
    await writeFindingsWorkbook(out, [row(), row({ findingId: 'f-2', status: 'open', reviewedAt: '', reviewer: '' })], [['Findings', '2'], ['Reviewed', '1 of 2']], { timeZone: 'Europe/Berlin' });
    const sheets = readXlsxSheets(out.bytes());
    expect(sheets.map((s) => s.name)).toEqual(['About', 'Findings', 'E1 CHG-BANK-DETAILS']);
    const [about, findings, evidence] = sheets as [typeof sheets[0], typeof sheets[0], typeof sheets[0]];
    // Counts typed, "1 of 2" text; the time zone stated.
    expect(about.xml).toMatch(/<c r="B2"><v>2<\/v><\/c>/);
    expect(about.rows).toContainEqual(['Time zone', 'Europe/Berlin (finding times, review times and evidence times)']);
    // Time and Reviewed at are date-times (style 8), the review time in Berlin (UTC+1 in November).
    const col = (name: string) => String.fromCharCode(65 + FINDINGS_COLUMNS.indexOf(name as (typeof FINDINGS_COLUMNS)[number]));
    expect(findings.xml).toContain(`<c r="${col('Time')}2" s="8">`);
    expect(findings.xml).toContain(`<c r="${col('Reviewed at')}2" s="8">`);
    expect(findings.rows[1]![FINDINGS_COLUMNS.indexOf('Reviewed at')]).toBe('2026-11-28 05:16:18');
    expect(findings.rows[1]![FINDINGS_COLUMNS.indexOf('Summary')]).toBe('Bank account geändert');
    // Widths from the content: not every column 18.
    const widths = [...findings.xml.matchAll(/<col min="(\d+)" max="\d+" width="(\d+)"/g)].map((m) => Number(m[2]));
    expect(widths).toHaveLength(FINDINGS_COLUMNS.length + 1);
    expect(new Set(widths).size).toBeGreaterThan(3);
    expect(widths[FINDINGS_COLUMNS.indexOf('Reviewer')]).toBe('auditor@example.com'.length + 2);
    // The evidence leads with the finding's user and time (the joined header's for a CDPOS item); keys stay text; no formula.
    expect(evidence.rows[0]!.slice(0, 2)).toEqual(['User', 'Time']);
    expect(evidence.rows[1]!.slice(0, 4)).toEqual(['MBROWN', '2026-11-18 22:15:00', 'KRED', '0000100001']);
    expect(evidence.xml).toContain('<c r="B2" s="8">');
    expect(evidence.xml).not.toContain('<f>');
  });

  it("heads a pattern's evidence in words, its user and time not repeated (the JSON keeps sm20_time / sm20_activity)", async () => {
    const out = sink();
    const pattern = { rule: 'PAT-EMERGENCY-ACCESS', pattern: 'EMERGENCY_ACCESS', risk_level: 'critical', user: 'FF_007', sm20_time: '2026-09-11 23:00:00', sm20_activity: 'AU1: Logon successful (type=A)' };
    await writeFindingsWorkbook(out, [row({ ruleId: 'PAT-EMERGENCY-ACCESS', user: 'FF_007', time: '2026-09-11 23:00:00', evidence: [pattern] })], [], { timeZone: 'UTC' });
    const evidence = readXlsxSheets(out.bytes()).find((s) => s.name === 'E1 PAT-EMERGENCY-ACCESS')!;
    expect(evidence.rows).toEqual([
      ['User', 'Time', 'Rule', 'Pattern', 'Risk level', 'Activity'],
      ['FF_007', '2026-09-11 23:00:00', 'PAT-EMERGENCY-ACCESS', 'EMERGENCY_ACCESS', 'critical', 'AU1: Logon successful (type=A)'],
    ]);
  });

  it('writes the CSV with a UTF-8 BOM, the review time in the zone and umlauts intact', async () => {
    const out = sink();
    await writeFindingsCsv(out, [row()], { timeZone: 'Europe/Berlin' });
    const bytes = out.bytes();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.subarray(3));
    expect(text.split('\r\n')[0]).toBe(FINDINGS_COLUMNS.join(','));
    expect(text).toContain('Bank account geändert');
    expect(text).toContain(',2026-11-28 05:16:18,');
  });
});

describe('words', () => {
  it('converts an instant to the local date-time, leaving other text alone', () => {
    expect(localDateTime('2026-07-01T10:00:00Z', 'Europe/Berlin')).toBe('2026-07-01 12:00:00');
    expect(localDateTime('2026-07-01T10:00:00Z')).toBe('2026-07-01 10:00:00');
    expect(localDateTime('', 'Europe/Berlin')).toBe('');
    expect(localDateTime('2026-07-01T10:00:00Z', 'Not/AZone')).toBe('2026-07-01T10:00:00Z');
  });
  it('says a suppression as rule, whose activity and why', () => {
    expect(suppressionLabel({ rule: 'PAT-OFF-HOURS-CRITICAL', user: 'PVOGT', reason: 'night batch, CHG-1' })).toBe('Suppressed: PAT-OFF-HOURS-CRITICAL for PVOGT — night batch, CHG-1');
    expect(suppressionLabel({ rule: 'SAL-DEBUG', user: '', object: 'SE38', reason: 'dev box' })).toBe('Suppressed: SAL-DEBUG for any user on SE38 — dev box');
  });
});

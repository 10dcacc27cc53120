import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvText } from '../lists/index.ts';
import { readXlsxSheets } from '../report/read-xlsx-sheets.ts';
import { FLAG_KEYS, type AnalysisReport } from '../model/index.ts';
import { analyzeFiles } from './index.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
let outDir: string;
let report: AnalysisReport;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'engine-test-'));
  report = await analyzeFiles(['sm20.csv', 'cdhdr.csv', 'cdpos.csv', 'tickets.csv'].map(fixture), { outDir });
});
afterAll(() => rm(outDir, { recursive: true, force: true }));

const usersOf = (pattern: string) => report.suspicious_patterns.filter((p) => p.pattern === pattern).map((p) => p.user).sort();

describe('suspicious patterns (each with its near misses in the fixtures)', () => {
  it('DEBUGGER_DATA_CHANGE: BOB changed a document 10 min after CUL; FRANK only after 61 min', () => {
    expect(usersOf('DEBUGGER_DATA_CHANGE')).toEqual(['BOB']);
    expect(report.suspicious_patterns.find((p) => p.pattern === 'DEBUGGER_DATA_CHANGE')).toMatchObject({ risk_level: 'critical', sm20_time: '2026-11-18 22:05:00' });
  });
  it('UNDOCUMENTED_TABLE_CHANGE: HANK DU9 02 without a document; BOB documented; HANK 03 is a display', () => {
    expect(report.suspicious_patterns.filter((p) => p.pattern === 'UNDOCUMENTED_TABLE_CHANGE').map((p) => [p.user, p.sm20_time])).toEqual([['HANK', '2026-11-18 14:00:00']]);
  });
  it('SELF_AUTHORIZATION: DAVE created himself, IVAN changed his own IDENTITY; ADMIN on DAVE and IVAN on JOE are not', () => {
    expect(usersOf('SELF_AUTHORIZATION')).toEqual(['DAVE', 'IVAN']);
  });
  it('CHANGE_WITHOUT_TICKET: uncovered flagged changes only (user field, assignee and text mention cover); v2: KATE and LEO only started transactions', () => {
    expect([...new Set(usersOf('CHANGE_WITHOUT_TICKET'))]).toEqual(['ADMIN', 'FRANK', 'HANK', 'IVAN', 'PAUL']);
    expect(report.correlation_summary.Tickets).toEqual({ tickets: 5, 'changes covered': 5, 'changes without ticket': 6 });
  });
  it('AFTER_HOURS_SENSITIVE_CHANGE: BOB KRED at 22:15 once (header and item are one change), BOB\'s DU9 change of USR02 at 22:10 (SM20 alone, v3); not ALICE in hours, not PAUL non-sensitive', () => {
    expect(report.suspicious_patterns.filter((p) => p.pattern === 'AFTER_HOURS_SENSITIVE_CHANGE').map((p) => [p.user, p.sm20_time])).toEqual([['BOB', '2026-11-18 22:10:00'], ['BOB', '2026-11-18 22:15:00']]);
  });
  it('FAILED_LOGON_BURST: CAROL 5 in 4 min; NED only 4; OSCAR 5 spread over 12 min', () => {
    expect(usersOf('FAILED_LOGON_BURST')).toEqual(['CAROL']);
  });
});

describe('correlation and counts', () => {
  it('joins CDPOS to CDHDR and SM20 to change documents', () => {
    expect(report.correlation_summary['CDHDR ↔ CDPOS']).toEqual({ headers: 6, items: 3, 'items with header': 2, 'items without header': 1 });
    expect(report.correlation_summary['SM20 ↔ change documents']).toEqual({ 'SM20 change activities': 11, matched: 3, unmatched: 8 });
  });
  it('proves every input record reached the output', () => {
    expect(report.record_count_summary).toEqual({
      input_files: { 'sm20.csv': 26, 'cdhdr.csv': 6, 'cdpos.csv': 3, 'tickets.csv': 5 },
      output_files: { 'sm20.csv': 26, 'cdhdr.csv': 6, 'cdpos.csv': 3, 'tickets.csv': 5 },
      total_input_records: 40,
      total_output_records: 40,
      // cdpos.csv holds one quoted two-line value: reported, as a stray quote would be.
      joined_lines: { 'cdpos.csv': 1 },
    });
    expect(report.summary.total_records).toBe(40);
    expect(report.analysis_type).toBe('multi');
  });
  it('lets CDPOS items inherit the header time (CHANGE_TIMING on the KRED item)', () => {
    const sample = report.flagSamples.CHANGE_TIMING_FLAG!;
    const item = sample.records.find((r) => r.SOURCE_FILE === 'cdpos.csv');
    expect(item?.FNAME).toBe('BANKN');
    expect(item?.CHANGE_TIMING_FLAG).toBe('Change at 22:15:00 (at or after 19:00)');
  });
  it('computes dashboard totals and OTHER categories', () => {
    expect(report.dashboard.failedLogins).toBe(14);
    expect(report.dashboard.criticalAlerts).toBe(report.summary.flag_counts.HIGH_RISK_TCODE_FLAG + report.summary.flag_counts.HIGH_RISK_TABLE_FLAG);
    expect(report.flagSamples.OTHER?.aggregatedFlags).toEqual({ security: 16 });
    expect(report.flagSamples.OTHER?.records).toHaveLength(10);
    expect(report.flagSamples.OTHER?.total).toBe(16);
  });
  it('builds analytics from record time', () => {
    expect(report.analytics.timeline['2026-11-18']).toEqual({ failedLogins: 14, highRisk: expect.any(Number), dataModifications: expect.any(Number) });
    expect(report.analytics.heatmap.BASIS?.[10]).toBeGreaterThan(0); // SU01 at 10:00
    expect(Object.keys(report.analytics.heatmap)).toEqual(['FI', 'CO', 'MM', 'SD', 'HR', 'BASIS', 'ABAP', 'BC']);
  });
});

describe('outputs round trip', () => {
  it('writes the combined CSV: a UTF-8 BOM, one row per record, flags as reasons, formula-safe', async () => {
    const bytes = await readFile(join(outDir, 'results.csv'));
    expect([...bytes.subarray(0, 12)]).toEqual([0xef, 0xbb, 0xbf, ...Buffer.from('FILE_TYPE')]);
    const rows = parseCsvText(bytes.toString('utf8'));
    const [header, ...body] = rows;
    expect(header!.slice(0, 2)).toEqual(['FILE_TYPE', 'SOURCE_FILE']);
    expect(header!.slice(-11)).toEqual([...FLAG_KEYS, 'RULES']);
    expect(body).toHaveLength(40);
    const at = (name: string) => header!.indexOf(name);
    const kred = body.find((r) => r[at('FNAME')] === 'BANKN')!;
    expect(kred[at('FILE_TYPE')]).toBe('CDPOS');
    expect(kred[at('VALUE_NEW')]).toBe("'=cmd|' /C calc'!A0");
    expect(kred[at('VALUE_OLD')]).toBe("'-123");
    expect(kred[at('SENSITIVE_FIELD_FLAG')]).toBe('Sensitive field BANKN in LFBK changed');
    expect(kred[at('RULES')]).toBe('CD-SENSITIVE-OBJECT, TABLE-HIGH-RISK, CD-SENSITIVE-FIELD, TIME-OUTSIDE-HOURS');
    const multiline = body.find((r) => r[at('CHANGENR')] === '0000099999')!;
    expect(multiline[at('VALUE_NEW')]).toBe('multi\nline');
    const eve = body.find((r) => r[at('User')] === 'EVE')!;
    expect(FLAG_KEYS.map((k) => eve[at(k)])).toEqual(FLAG_KEYS.map(() => ''));
  });

  it('writes the canonical columns into the combined CSV after the original ones, each type once, dates and times in ISO', async () => {
    const [header, ...body] = parseCsvText((await readFile(join(outDir, 'results.csv'))).toString('utf8'));
    const canonical = header!.filter((h) => h.endsWith(' (canonical)'));
    expect(canonical.slice(0, 13)).toEqual(['DATE', 'TIME', 'CLIENT', 'USER', 'TERMINAL', 'PEER', 'TCODE', 'PROGRAM', 'EVENT', 'MESSAGE', 'VAR1', 'VAR2', 'VAR3'].map((c) => `${c} (canonical)`));
    expect(canonical).toHaveLength(new Set(canonical).size);
    expect(header!.indexOf('DATE (canonical)')).toBe(header!.indexOf(FLAG_KEYS[0]) - canonical.length);
    const of = (type: string, pick: (cell: (name: string) => string) => boolean) => {
      const row = body.find((r) => r[0] === type && pick((name) => r[header!.indexOf(name)] ?? ''))!;
      return (name: string) => row[header!.indexOf(`${name} (canonical)`)];
    };
    // SM20 18.11.2026 and CDHDR 20261118 / 221500 as the workbook's canonical columns have them.
    const sm20 = of('SM20', (c) => c('User') === 'ALICE');
    expect([sm20('DATE'), sm20('TIME'), sm20('USER'), sm20('TCODE'), sm20('UDATE')]).toEqual(['2026-11-18', '10:00:00', 'ALICE', 'SU01', '']);
    const cdhdr = of('CDHDR', (c) => c('CHANGENR') === '0000012345');
    expect([cdhdr('UDATE'), cdhdr('UTIME'), cdhdr('USERNAME'), cdhdr('TCODE'), cdhdr('DATE')]).toEqual(['2026-11-18', '22:15:00', 'BOB', 'XK02', '']);
    // A change item carries its header's user and time; its values neutralised like every cell.
    const item = of('CDPOS', (c) => c('FNAME') === 'BANKN');
    expect([item('USERNAME'), item('UDATE'), item('UTIME'), item('VALUE_NEW'), item('VALUE_OLD')]).toEqual(['BOB', '2026-11-18', '22:15:00', "'=cmd|' /C calc'!A0", "'-123"]);
    const ticket = of('TICKETS', (c) => c('Number') === 'INC001');
    expect([ticket('TICKET_ID'), ticket('USER'), ticket('REQUEST_TIME'), ticket('CLOSE_TIME')]).toEqual(['INC001', 'BOB', '2026-11-18 08:00:00', '2026-11-18 23:59:00']);
  });

  it('writes the workbook: Summary first, a sheet per type, patterns, correlation; flagged cells highlighted', async () => {
    const sheets = readXlsxSheets(new Uint8Array(await readFile(join(outDir, 'results.xlsx'))));
    expect(sheets.map((s) => s.name)).toEqual(['Summary', 'Cases', 'Suspicious Patterns', 'Correlation', 'SM20', 'CDHDR', 'CDPOS', 'TICKETS']);
    const sheet = (name: string) => sheets.find((s) => s.name === name)!;
    const cdpos = sheet('CDPOS');
    const [head, ...items] = cdpos.rows;
    expect(head).toEqual([
      'OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'TABKEY', 'FNAME', 'CHNGIND', 'VALUE_NEW', 'VALUE_OLD',
      'OBJECTCLAS (canonical)', 'OBJECTID (canonical)', 'CHANGENR (canonical)', 'TABNAME (canonical)', 'TABKEY (canonical)', 'FNAME (canonical)', 'CHNGIND (canonical)', 'VALUE_NEW (canonical)', 'VALUE_OLD (canonical)',
      'USERNAME', 'UDATE', 'UTIME', 'TCODE', ...FLAG_KEYS, 'RULES', 'SEVERITY',
    ]);
    expect(items).toHaveLength(3);
    // Inherited header fields in the canonical columns.
    expect(items[0]!.slice(18, 22)).toEqual(['BOB', '2026-11-18', '22:15:00', 'XK02']);
    expect(items[0]!.at(-1)).toBe('high');
    const fieldFlag = head!.indexOf('SENSITIVE_FIELD_FLAG');
    expect(items[0]![fieldFlag]).toBe('Sensitive field BANKN in LFBK changed');
    expect(cdpos.highlighted[1]).toContain(fieldFlag);
    expect(cdpos.highlighted[2]).not.toContain(fieldFlag);
    expect(items[2]![7]).toBe('multi\nline');
    expect(cdpos.xml).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(cdpos.xml).toMatch(/<autoFilter ref="A1:[A-Z]+4"\/>/);
    expect(sheet('Suspicious Patterns').rows).toHaveLength(1 + 13);
    expect(sheet('SM20').rows).toHaveLength(1 + 26);
    expect(sheet('Summary').rows).toContainEqual(['Total records', '40']);
    expect(sheet('Correlation').rows).toContainEqual(['CDHDR ↔ CDPOS', 'items without header', '1']);
  });
});

describe('CHANGE_VOLUME_FLAG across the analysis', () => {
  it('flags every change of a user-day with more than 50 change numbers, not one with 50', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engine-volume-'));
    try {
      const lines = ['OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND'];
      for (let i = 0; i < 51; i++) lines.push(`ZCUSTOM,${i},${String(1000 + i).padStart(10, '0')},BUSY,20261118,100000,ZFR1,U`);
      for (let i = 0; i < 50; i++) lines.push(`ZCUSTOM,${i},${String(2000 + i).padStart(10, '0')},CALM,20261118,100000,ZFR1,U`);
      // Same change number twice counts once.
      lines.push(`ZCUSTOM,0,${String(2000).padStart(10, '0')},CALM,20261118,100000,ZFR1,U`);
      await writeFile(join(dir, 'cdhdr.csv'), lines.join('\r\n'));
      const r = await analyzeFiles([join(dir, 'cdhdr.csv')], { outDir: dir });
      expect(r.summary.flag_counts.CHANGE_VOLUME_FLAG).toBe(51);
      expect(r.flagSamples.CHANGE_VOLUME_FLAG?.records[0]?.CHANGE_VOLUME_FLAG).toBe('BUSY made 51 changes on 2026-11-18 (more than 50)');
      expect(r.dashboard.anomalousUsers).toBe(1);
      expect(r.analysis_type).toBe('single');
      expect(r.risk).toBe('High');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * results.xlsx as an independent reader sees it: Debian's python3-openpyxl opens the workbook the
 * engine wrote from an Excel input (openpyxl wrote that too, with real date and time cells) and
 * from the CSV fixtures, and reports cell types, number formats and column widths.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsvText } from '../lists/index.ts';
import { analyzeFiles } from '../engine/index.ts';
import type { AnalysisReport } from '../model/index.ts';

const PYTHON = '/usr/bin/python3'; // Debian's, where python3-openpyxl is installed
const probe = new URL('./fixtures/openpyxl-probe.py', import.meta.url).pathname;
const fixture = (name: string) => new URL(`../engine/fixtures/${name}`, import.meta.url).pathname;

interface ProbeCell {
  type: 'text' | 'number' | 'date' | 'datetime' | 'time' | 'empty';
  value: string | number | null;
  format?: string;
}
type ProbeSheets = Record<string, { rows: ProbeCell[][]; widths: Record<string, number>; frozen: string; filter: string; charts: { type: string; categories: string; values: string }[] }>;

const openpyxl = (command: string, path: string) => execFileSync(PYTHON, [probe, command, path], { encoding: 'utf8' });

let dir: string;
let excelReport: AnalysisReport;
let excel: ProbeSheets;
let csvSheets: ProbeSheets;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'results-workbook-'));
  openpyxl('make-input', join(dir, 'audit.xlsx'));
  excelReport = await analyzeFiles([join(dir, 'audit.xlsx')], { outDir: join(dir, 'excel') });
  excel = JSON.parse(openpyxl('read', join(dir, 'excel', 'results.xlsx')));
  await analyzeFiles(['sm20.csv', 'cdhdr.csv', 'cdpos.csv', 'tickets.csv'].map(fixture), { outDir: join(dir, 'csv') });
  csvSheets = JSON.parse(openpyxl('read', join(dir, 'csv', 'results.xlsx')));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Cells of a sheet's data row by header label. */
function row(sheets: ProbeSheets, sheet: string, index: number): Record<string, ProbeCell> {
  const [head, ...rows] = sheets[sheet]!.rows;
  return Object.fromEntries(head!.map((h, i) => [String(h.value), rows[index]![i]!]));
}

describe('results.xlsx read by openpyxl', () => {
  it('gives an Excel input its dates and times back as dates and times, in the original and canonical columns', () => {
    const first = row(excel, 'SM20', 0);
    expect(first.Date).toEqual({ type: 'datetime', value: '2025-03-05 00:00:00', format: 'yyyy-mm-dd' });
    expect(first.Time).toEqual({ type: 'time', value: '10:00:00', format: 'hh:mm:ss' });
    expect(first['DATE (canonical)']).toMatchObject({ type: 'datetime', value: '2025-03-05 00:00:00' });
    expect(row(excel, 'SM20', 1)['TIME (canonical)']).toMatchObject({ type: 'time', value: '22:05:30' });
  });

  it('keeps numbers numbers and keys text', () => {
    const second = row(excel, 'SM20', 1);
    expect(second.Duration).toEqual({ type: 'number', value: 0.25 });
    expect(second.Count).toEqual({ type: 'number', value: 12 });
    expect(second['Cl.']).toEqual({ type: 'text', value: '100' });
    expect(second.User).toEqual({ type: 'text', value: 'BÖB' });
    const cdhdr = row(csvSheets, 'CDHDR', 0);
    expect([cdhdr.OBJECTID, cdhdr.CHANGENR]).toEqual([{ type: 'text', value: '0000100001' }, { type: 'text', value: '0000012345' }]);
    expect(cdhdr.UDATE).toMatchObject({ type: 'datetime', value: '2026-11-18 00:00:00' });
    expect(cdhdr.UTIME).toMatchObject({ type: 'time', value: '22:15:00' });
    const cdpos = row(csvSheets, 'CDPOS', 0);
    expect(cdpos.TABKEY?.type).toBe('text');
    expect(cdpos.VALUE_OLD).toEqual({ type: 'text', value: '-123' }); // a changed value stays as SAP wrote it
  });

  it('types CSV dates (day-first SM20, ticket date-times) while the CSV keeps the text of a CSV source', async () => {
    expect(row(csvSheets, 'SM20', 0).Date).toMatchObject({ type: 'datetime', value: '2026-11-18 00:00:00' });
    expect(row(csvSheets, 'TICKETS', 0)['Request time']).toMatchObject({ type: 'datetime', value: '2026-11-18 08:00:00', format: 'yyyy-mm-dd hh:mm:ss' });
    const csv = parseCsvText(await readFile(join(dir, 'csv', 'results.csv'), 'utf8'));
    expect(csv[1]!.slice(2, 4)).toEqual(['18.11.2026', '10:00:00']);
  });

  it('writes a timestamp column (SLGDATTIM) as an Excel date-time, and its canonical date and time apart', async () => {
    const stamp = join(dir, 'stamp.csv');
    await writeFile(stamp, 'SLGDATTIM,SLGMAND,SLGUSER,SLGLTRM,SLGTC,SLGREPNA,SLGEVENT,SLGVAR1\r\n20261118220500,100,BOB,PC02,SE38,RSDBG,CUL,BOB\r\n');
    await analyzeFiles([stamp], { outDir: join(dir, 'stamp') });
    const first = row(JSON.parse(openpyxl('read', join(dir, 'stamp', 'results.xlsx'))), 'SM20', 0);
    expect(first.SLGDATTIM).toEqual({ type: 'datetime', value: '2026-11-18 22:05:00', format: 'yyyy-mm-dd hh:mm:ss' });
    expect([first.DATE?.value, first.TIME?.value]).toEqual(['2026-11-18 00:00:00', '22:05:00']);
  });

  it('shows an Excel input date in ISO in the combined CSV and the flag details, never as a serial', async () => {
    const csv = parseCsvText(await readFile(join(dir, 'excel', 'results.csv'), 'utf8'));
    expect(csv[0]!.slice(2, 4)).toEqual(['Date', 'Time']);
    expect(csv.slice(1).map((r) => r.slice(2, 4))).toEqual([['2025-03-05', '10:00:00'], ['2025-03-05', '22:05:30'], ['2025-03-06', '09:00:00']]);
    const debug = excelReport.flagSamples.DEBUG_FLAG!.records[0]!;
    expect([debug.Date, debug.Time]).toEqual(['2025-03-05', '22:05:30']);
  });

  it('sizes columns from their content within a cap, with the header frozen and filtered', () => {
    const sm20 = excel.SM20!;
    const [head] = sm20.rows;
    const width = (label: string) => sm20.widths[String.fromCharCode(65 + head!.findIndex((h) => h.value === label))]!;
    expect(width('Date')).toBe(12);
    expect(width('Cl.')).toBe(8);
    expect(width('Audit Log Msg. Text')).toBe(35);
    expect(Math.max(...Object.values(sm20.widths))).toBeLessThanOrEqual(60);
    expect(Object.keys(sm20.widths)).toHaveLength(head!.length);
    const lastColumn = 'A' + String.fromCharCode(64 + head!.length - 26); // past Z: AA, AB …
    expect([sm20.frozen, sm20.filter]).toEqual(['A2', `A1:${lastColumn}4`]);
    expect(head!.map((h) => h.value)).toContain('RULES');
    // The thresholds named in words with their settings-file names ("Changes by one user in a day
    // (more raise CHANGE_VOLUME) (changeVolume)"); the risk with its reason: both at the cap.
    expect(excel.Summary!.widths).toEqual({ A: 60, B: 60 });
  });

  it('opens on a Summary that says the risk in words and counts records per flag as numbers', () => {
    const summary = Object.fromEntries(excel.Summary!.rows.slice(1).map(([k, v]) => [k!.value, v!]));
    // The overall risk with why it is what it is (model/overall-risk.ts), then the share's level alone.
    expect(summary.Risk).toEqual({ type: 'text', value: 'High Risk - Immediate Review Required: 100.00 % of records flagged; highest: 2 medium cases' });
    expect(summary['Risk by the share of flagged records alone']).toEqual({ type: 'text', value: 'High Risk - Immediate Review Required' });
    expect(summary['Total records']).toEqual({ type: 'number', value: 3 });
    expect(summary.HIGH_RISK_TCODE_FLAG).toEqual({ type: 'number', value: 2 });
    // The data's period, time zone and thresholds (DETECTION.md section 4; issue 27), figures named for what they count.
    expect(summary['Data period']!.value).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(summary['Time zone']).toEqual({ type: 'text', value: 'UTC' });
    expect(summary['Business hours']).toEqual({ type: 'text', value: 'Mon, Tue, Wed, Thu, Fri 07:00-19:00' });
    // Each threshold in the results page's words, with its name in the settings file.
    expect(summary['Failed logons that make a burst (burst)']).toEqual({ type: 'text', value: '5 within 10 minutes' });
    // An empty networks list says its rule is off; each list read is named with its version.
    expect(summary["The organisation's networks (networks)"]).toEqual({ type: 'text', value: 'none (UNEXPECTED_NETWORK_LOGON is off)' });
    const lists = Object.entries(summary).filter(([k]) => k.startsWith('List: '));
    expect(lists.length).toBeGreaterThan(3);
    expect(lists.every(([, v]) => /^\d+ entries, sha256 [0-9a-f]{12}$/.test(String((v as { value?: unknown }).value)))).toBe(true);
    expect(summary['Share of records flagged (%)']!.type).toBe('number');
    expect(summary['High-risk transaction and table records']).toEqual({ type: 'number', value: 2 });
    expect(summary['Critical alerts']).toBeUndefined();
    expect(Object.keys(excel)[0]).toBe('Summary');
    // Records per flag, most frequent first, and a bar chart over exactly those rows.
    const rows = excel.Summary!.rows.map(([k, v]) => [k!.value, v!.value]);
    const first = rows.findIndex(([k]) => k === 'Records per flag') + 2;
    expect(rows.slice(first - 1, first + 2)).toEqual([['HIGH_RISK_TCODE_FLAG', 2], ['DEBUG_FLAG', 1], ['CHANGE_TIMING_FLAG', 1]]);
    expect(excel.Summary!.charts).toEqual([{ type: 'barChart', categories: `'Summary'!$A$${first}:$A$${first + 9}`, values: `'Summary'!$B$${first}:$B$${first + 9}` }]);
    expect(Object.values(excel).filter((s) => s.charts.length > 0)).toHaveLength(1);
  });

  it('writes every part of the workbook, chart and drawing included, as well-formed XML', async () => {
    const files = unzipSync(new Uint8Array(await readFile(join(dir, 'excel', 'results.xlsx'))));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['xl/charts/chart1.xml', 'xl/drawings/drawing1.xml', 'xl/drawings/_rels/drawing1.xml.rels', 'xl/worksheets/_rels/sheet2.xml.rels']));
    for (const [name, bytes] of Object.entries(files)) expect(XMLValidator.validate(strFromU8(bytes)), name).toBe(true);
    expect(strFromU8(files['[Content_Types].xml']!)).toContain('<Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>');
  });

  it('puts r= on every row and cell of every sheet', async () => {
    const files = unzipSync(new Uint8Array(await readFile(join(dir, 'csv', 'results.xlsx'))));
    const sheets = Object.keys(files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
    expect(sheets.length).toBe(8);
    for (const name of sheets) {
      const xml = strFromU8(files[name]!);
      const rows = [...xml.matchAll(/<row( [^>]*)?>/g)];
      expect(rows.length).toBeGreaterThan(0);
      rows.forEach((m, i) => expect(m[1], name).toBe(` r="${i + 1}"`));
      for (const c of xml.matchAll(/<c( [^>]*)?\/?>/g)) expect(c[1], name).toMatch(/^ r="[A-Z]+\d+"/);
    }
  });

  it('opens in exceljs too (which needs the references): dates as Date values with their format, keys as text, widths', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'csv', 'results.xlsx'));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'Cases', 'Suspicious Patterns', 'Correlation', 'SM20', 'CDHDR', 'CDPOS', 'TICKETS']);
    // The Cases sheet, right after the Summary: one row per case in case order (rank, then critical before high …).
    const cases = wb.getWorksheet('Cases')!;
    expect((cases.getRow(1).values as unknown[]).slice(1, 5)).toEqual(['Rank', 'Case', 'Risk level', 'Score']);
    const caseRows = cases.getRows(2, cases.rowCount - 1)!.map((r) => r.values as unknown[]);
    expect(caseRows.length).toBeGreaterThan(1);
    expect(caseRows.map((r) => r[1])).toEqual(caseRows.map((_, i) => i + 1));
    const rank = { critical: 0, high: 1, medium: 2, low: 3 } as Record<string, number>;
    const levels = caseRows.map((r) => rank[r[3] as string]!);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    expect(caseRows[0]![7]).toBeInstanceOf(Date);
    const cdhdr = wb.getWorksheet('CDHDR')!;
    const head = (cdhdr.getRow(1).values as unknown[]).slice(1);
    const cell = (label: string) => cdhdr.getRow(2).getCell(head.indexOf(label) + 1);
    expect(cell('UDATE').value).toEqual(new Date(Date.UTC(2026, 10, 18)));
    expect(cell('UDATE').numFmt).toBe('yyyy-mm-dd');
    expect(cell('UTIME').value).toEqual(new Date(Date.UTC(1899, 11, 30, 22, 15)));
    expect(cell('OBJECTID').value).toBe('0000100001');
    expect(cdhdr.getColumn(head.indexOf('OBJECTID') + 1).width).toBe(20); // '000000000000000042' and a margin
    const summary = wb.getWorksheet('Summary')!;
    expect(summary.getRow(2).values).toEqual([undefined, 'Risk', expect.stringMatching(/ Risk - /)]);
  });
});

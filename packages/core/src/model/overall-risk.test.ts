import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles } from '../engine/index.ts';
import { readXlsxSheets } from '../report/read-xlsx-sheets.ts';
import { overallRisk } from './overall-risk.ts';

const cases = (...levels: ('critical' | 'high' | 'medium' | 'low')[]) => levels.map((risk_level) => ({ risk_level }));

describe('the overall risk of an analysis', () => {
  it('is never below its highest case, and says which decided, keeping the share visible', () => {
    expect(overallRisk('High', 12.5, cases('critical', 'critical', 'high'))).toEqual({
      risk: 'Critical',
      risk_by_share: 'High',
      risk_reason: '2 critical cases; 12.50 % of records flagged, which alone reads High',
    });
    expect(overallRisk('Low', 1, cases('medium'))).toMatchObject({ risk: 'Medium', risk_reason: '1 medium case; 1.00 % of records flagged, which alone reads Low' });
    // The share decides where it is at least the highest case's level.
    expect(overallRisk('High', 40, cases('high', 'medium'))).toEqual({ risk: 'High', risk_by_share: 'High', risk_reason: '40.00 % of records flagged; highest: 1 high case' });
    expect(overallRisk('Medium', 6, [])).toEqual({ risk: 'Medium', risk_by_share: 'Medium', risk_reason: '6.00 % of records flagged' });
    // A pattern without a flagged record still makes the analysis not Clean.
    expect(overallRisk('Clean', 0, cases('low')).risk).toBe('Low');
    // Nothing checked: no case raises it (no_data_reason says why).
    expect(overallRisk('No data', 0, cases('critical'))).toEqual({ risk: 'No data', risk_by_share: 'No data' });
  });

  it('of an analysis with one critical event among 300 routine records reads Critical in the report and the workbook Summary', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'overall-risk-'));
    try {
      const lines = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
      lines.push('18.11.2026,11:00:00,100,EVE,PC05,SM18,RSAUPURG,AU3,Transaction SM18 started.,SM18,,');
      for (let i = 0; i < 300; i++) lines.push(`18.11.2026,10:${String(i % 60).padStart(2, '0')}:00,100,CLERK${i % 7},PC01,VA03,SAPMV45A,AU3,Transaction VA03 started.,VA03,,`);
      await writeFile(join(dir, 'sm20.csv'), lines.join('\r\n'));
      const r = await analyzeFiles([join(dir, 'sm20.csv')], { outDir: dir });
      expect(r.cases?.[0]).toMatchObject({ actor: 'EVE', risk_level: 'critical' });
      expect(r.correlation_results.risk_correlation.risk_percentage).toBeLessThan(5);
      expect(r).toMatchObject({ risk: 'Critical', risk_by_share: 'Low' });
      expect(r.risk_reason).toMatch(/^1 critical case; 0\.\d\d % of records flagged, which alone reads Low$/);
      const summary = readXlsxSheets(await readFile(join(dir, 'results.xlsx'))).find((s) => s.name === 'Summary')!;
      expect(summary.rows).toContainEqual(['Risk', `Critical Risk - Review the Critical Cases First: ${r.risk_reason}`]);
      expect(summary.rows).toContainEqual(['Risk by the share of flagged records alone', 'Low Risk - Minor Issues Found']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

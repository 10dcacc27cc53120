// Issue 27 (DETECTION.md section 3): the workbook's pattern sheet states the thresholds the analysis ran with.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '../../model/index.ts';
import { readXlsxSheets } from '../../report/read-xlsx-sheets.ts';
import { analyzeFiles } from '../index.ts';
import { DEFAULT_HOLIDAYS } from '../../holidays/index.ts';
import { patternExplanation } from './pattern-text.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('pattern texts of the workbook', () => {
  it('fill in the thresholds given, the defaults for the rest', () => {
    expect(patternExplanation('FAILED_LOGON_BURST', { burst: { count: 3, minutes: 7 } })).toBe('3 or more failed logons for one user or from one terminal or address within 7 minutes.');
    expect(patternExplanation('MASS_DOWNLOAD', undefined)).toContain(`${DEFAULT_THRESHOLDS.massDownload.count} or more downloads`);
    expect(patternExplanation('NOT_A_PATTERN', {})).toBe('');
  });

  it("the Suspicious Patterns sheet says '3 or more failed logons' when the burst was set to 3", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pattern-text-'));
    dirs.push(dir);
    const lines = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
    for (let i = 0; i < 4; i++) lines.push(`18.11.2026,10:0${i}:00,100,KWEBER,T1,,,AU2,"Logon failed (reason=1, type=A)",,,`);
    const file = join(dir, 'sm20.csv');
    await writeFile(file, `${lines.join('\n')}\n`);
    const out = join(dir, 'out');
    await analyzeFiles([file], { outDir: out, threads: 0, settings: { holidays: DEFAULT_HOLIDAYS, thresholds: { ...DEFAULT_THRESHOLDS, burst: { count: 3, minutes: 10 } } } });
    const sheet = readXlsxSheets(new Uint8Array(await readFile(join(out, 'results.xlsx')))).find((s) => s.name === 'Suspicious Patterns')!;
    // Human headers that fit change-document patterns too (the JSON keeps sm20_time / sm20_activity).
    expect(sheet.rows[0]).toEqual(['Pattern', 'Risk level', 'User', 'Time', 'Activity', 'Explanation']);
    const burst = sheet.rows.find((r) => r[0] === 'FAILED_LOGON_BURST');
    expect(burst?.[5]).toBe('3 or more failed logons for one user or from one terminal or address within 10 minutes.');
  });
});

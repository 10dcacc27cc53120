// DETECTION.md section 3: every pattern found is in every output (suspicious_patterns, the pattern
// sheet, the cases, findings.ndjson); no per-kind cap (it was 1,000) leaves one out.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readXlsxSheets } from '../report/read-xlsx-sheets.ts';
import { analyzeFiles } from './index.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('nothing capped', () => {
  it('lists 1,203 failed-logon bursts of one kind everywhere, each in exactly one case', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'uncapped-'));
    dirs.push(dir);
    const lines = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
    const users = 401;
    for (let u = 0; u < users; u++)
      for (let burst = 0; burst < 3; burst++)
        for (let i = 0; i < 5; i++) lines.push(`18.11.2026,${String(8 + burst * 3).padStart(2, '0')}:${String(i).padStart(2, '0')}:${String(u % 60).padStart(2, '0')},100,U${u},T${u},,,AU2,"Logon failed (reason=1, type=A)",,,`);
    const file = join(dir, 'sm20.csv');
    await writeFile(file, `${lines.join('\n')}\n`);
    const out = join(dir, 'out');
    const report = await analyzeFiles([file], { outDir: out, threads: 0 });
    const bursts = users * 3;
    expect(report.suspicious_patterns.filter((p) => p.pattern === 'FAILED_LOGON_BURST')).toHaveLength(bursts);
    const sheet = readXlsxSheets(new Uint8Array(await readFile(join(out, 'results.xlsx')))).find((s) => s.name === 'Suspicious Patterns')!;
    expect(sheet.rows.length - 1).toBe(bursts);
    expect(report.cases!.reduce((n, c) => n + c.patterns, 0)).toBe(bursts);
    expect(report.cases).toHaveLength(users);
    const findings = (await readFile(join(out, 'findings.ndjson'), 'utf8')).trimEnd().split('\n');
    expect(findings.filter((l) => l.includes('"kind":"pattern"'))).toHaveLength(bursts);
  });
});

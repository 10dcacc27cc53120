import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultLists } from '../../lists/index.ts';
import { readXlsxSheets } from '../../report/read-xlsx-sheets.ts';
import type { EngineContext, FileStepResult } from '../contract.ts';
import { correlateFilesStep } from '../correlate/correlate-step.ts';
import { flagContextOf } from '../engine.ts';
import { fileSink } from '../../workspace/index.ts';
import { parseAndFlagFile, type ParseOptions } from '../parse/parse-and-flag-file.ts';
import { contextOf } from '../pool/task-context.ts';
import { createTaskPool, type TaskEnv } from '../pool/task-pool.ts';
import { writeReports } from './write-reports.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'report-parts-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Two SM20 files (7 and 5 records of the fixture) and the CDHDR/CDPOS fixtures: CDPOS items inherit headers in their part. */
async function sources(): Promise<string[]> {
  const [header, ...rows] = fixture('sm20.csv').trim().split('\n');
  const a = join(dir, 'a.csv');
  const b = join(dir, 'b.csv');
  await writeFile(a, [header, ...rows.slice(0, 7)].join('\n'));
  await writeFile(b, [header, ...rows.slice(7, 12)].join('\n'));
  const cdhdr = join(dir, 'cdhdr.csv');
  const cdpos = join(dir, 'cdpos.csv');
  await writeFile(cdhdr, fixture('cdhdr.csv'));
  await writeFile(cdpos, fixture('cdpos.csv'));
  return [a, cdpos, b, cdhdr];
}

async function analyse(paths: string[], name: string, threads: number, maxRows: number, parse: ParseOptions = {}) {
  const env: TaskEnv = { workspaceDir: join(dir, `${name}-ws`), sources: paths, lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } };
  const pool = threads > 0 ? createTaskPool(env, { size: threads }) : undefined;
  try {
    const ctx: EngineContext = { ...contextOf(env), tasks: pool };
    const fc = flagContextOf(ctx);
    const files: FileStepResult[] = [];
    for (let i = 0; i < paths.length; i++) files.push(await parseAndFlagFile(ctx, fc, i, paths[i]!.split('/').pop()!, undefined, parse));
    await correlateFilesStep(ctx, fc, files);
    const xlsxPath = join(dir, `${name}.xlsx`);
    const csvPath = join(dir, `${name}.csv`);
    const report = await writeReports(ctx, fc, files, { xlsx: fileSink(xlsxPath), csv: fileSink(csvPath) }, {}, undefined, maxRows);
    // The parts' sheet segments and CSV rows, once in the outputs, are gone from the workspace.
    const partsLeft = (readdirSync(env.workspaceDir, { recursive: true }) as string[]).filter((n) => /(\.deflate|rows\.csv)$/.test(n));
    return { files, report, partsLeft, sheets: readXlsxSheets(await readFile(xlsxPath)), csv: await readFile(csvPath, 'utf8') };
  } finally {
    await pool?.close();
  }
}

describe('report parts', () => {
  it('lists every pattern on the pattern sheet, continued over sheets at the row limit, the same with a pool of two', async () => {
    // 11 failed-logon bursts (one per user) at 4 data rows per sheet: three pattern sheets.
    const lines = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
    for (let u = 0; u < 11; u++) for (let i = 0; i < 5; i++) lines.push(`18.11.2026,09:0${i}:${String(u).padStart(2, '0')},100,U${u},T${u},,,AU2,"Logon failed (reason=1, type=A)",,,`);
    const path = join(dir, 'bursts.csv');
    await writeFile(path, `${lines.join('\n')}\n`);
    for (const threads of [0, 2]) {
      const { sheets, report } = await analyse([path], `bursts-${threads}`, threads, 5);
      const patternSheets = sheets.filter((s) => s.name.startsWith('Suspicious Patterns'));
      expect(patternSheets.map((s) => [s.name, s.rows.length])).toEqual([
        ['Suspicious Patterns', 5],
        ['Suspicious Patterns (2)', 5],
        ['Suspicious Patterns (3)', 4],
      ]);
      expect(patternSheets.every((s) => s.rows[0]!.join() === 'Pattern,Risk level,User,Time,Activity,Explanation')).toBe(true);
      const rows = patternSheets.flatMap((s) => s.rows.slice(1));
      const bursts = report.suspicious_patterns.filter((p) => p.pattern === 'FAILED_LOGON_BURST');
      expect(bursts).toHaveLength(11);
      expect(rows.map((r) => [r[0], r[1], r[2], r[4]])).toEqual(report.suspicious_patterns.map((p) => [p.pattern, p.risk_level, p.user, p.sm20_activity]));
      expect(rows.every((r) => r[5]!.startsWith('5 or more failed logons'))).toBe(true);
      // The sheets come right after Summary and Cases, in order.
      expect(sheets.map((s) => s.name).slice(0, 5)).toEqual(['Summary', 'Cases', 'Suspicious Patterns', 'Suspicious Patterns (2)', 'Suspicious Patterns (3)']);
    }
  });

  it('continues a type over sheets exactly at the row limit, across files written by different parts', async () => {
    const paths = await sources();
    const { sheets, report } = await analyse(paths, 'limit', 0, 5);
    // 12 SM20 rows at 4 data rows per sheet: SM20, SM20 (2), SM20 (3); file a's 7 rows first, then b's 5.
    const sm20 = sheets.filter((s) => s.name.startsWith('SM20'));
    expect(sm20.map((s) => [s.name, s.rows.length])).toEqual([
      ['SM20', 5],
      ['SM20 (2)', 5],
      ['SM20 (3)', 5],
    ]);
    const [header, ...rows] = fixture('sm20.csv').trim().split('\n');
    const userColumn = header!.split(',').indexOf('User');
    const users = sm20.flatMap((s) => s.rows.slice(1).map((r) => r[userColumn]));
    expect(users).toEqual(rows.slice(0, 12).map((r) => r.split(',')[userColumn]));
    expect(sm20.every((s) => s.xml.includes('<autoFilter ref="A1:') && s.xml.includes(`${s.rows.length}"/>`))).toBe(true);
    expect(report.record_count_summary.total_output_records).toBe(report.record_count_summary.total_input_records);
  });

  it('writes the same workbook, CSV and report on two worker threads as in one thread', async () => {
    const paths = await sources();
    const here = await analyse(paths, 'here', 0, 5);
    const pooled = await analyse(paths, 'pooled', 2, 5);
    expect(pooled.csv).toBe(here.csv);
    expect([here.partsLeft, pooled.partsLeft]).toEqual([[], []]);
    expect(pooled.sheets.map((s) => [s.name, s.rows, s.highlighted])).toEqual(here.sheets.map((s) => [s.name, s.rows, s.highlighted]));
    expect(pooled.report).toEqual(here.report);
    // CDPOS items inherited their headers inside their own part: the CDPOS sheet carries the header user.
    const cdpos = pooled.sheets.find((s) => s.name === 'CDPOS')!;
    const userAt = cdpos.rows[0]!.indexOf('USERNAME');
    expect(userAt).toBeGreaterThan(-1);
    expect(cdpos.rows.slice(1).some((r) => (r[userAt] ?? '') !== '')).toBe(true);
  });

  it('writes one file as two parts (sheet rows, CSV rows) with the same result', async () => {
    const paths = await sources();
    const one = [paths[0]!];
    const here = await analyse(one, 'single-here', 0, 1_048_576);
    const pooled = await analyse(one, 'single-pooled', 2, 1_048_576);
    expect(pooled.csv).toBe(here.csv);
    expect(pooled.sheets.map((s) => s.rows)).toEqual(here.sheets.map((s) => s.rows));
    expect(pooled.report.summary).toEqual(here.report.summary);
    expect(pooled.report.flagSamples).toEqual(here.report.flagSamples);
  });

  it('reports a file read in byte ranges range by range (rows split across sheets and threads), as if read whole', async () => {
    const paths = await sources();
    const whole = await analyse(paths, 'whole', 0, 4);
    const ranged = await analyse(paths, 'ranged', 2, 4, { splitThreshold: 1, parts: 3 });
    expect(whole.files.some((f) => f.parts)).toBe(false);
    const split = ranged.files.filter((f) => (f.parts?.ranges.length ?? 0) > 1);
    expect(split.length).toBeGreaterThan(0);
    for (const f of split) expect(f.parts!.ranges.reduce((n, r) => n + r.rows, 0)).toBe(f.records);
    expect(ranged.csv).toBe(whole.csv);
    expect(ranged.sheets.map((s) => [s.name, s.rows, s.highlighted])).toEqual(whole.sheets.map((s) => [s.name, s.rows, s.highlighted]));
    expect(ranged.report).toEqual(whole.report);
  });
});

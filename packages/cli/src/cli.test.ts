import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = new URL('../bin/sap-analyzer.js', import.meta.url).pathname;
const fixture = (name: string) => new URL(`../../core/src/engine/fixtures/${name}`, import.meta.url).pathname;

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('sap-analyzer analyze', () => {
  it('writes both outputs and prints the JSON document', async () => {
    const out = join(dir, 'multi');
    const r = await run(['analyze', fixture('sm20.csv'), fixture('cdhdr.csv'), fixture('cdpos.csv'), fixture('tickets.csv'), '--out', out, '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(''); // no progress bar: stderr is not a terminal
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['files', 'summary', 'risk', 'suspicious_patterns', 'correlation_summary', 'record_count_summary']);
    expect(doc.files).toEqual([
      { name: 'sm20.csv', fileType: 'SM20', records: 26 },
      { name: 'cdhdr.csv', fileType: 'CDHDR', records: 6 },
      { name: 'cdpos.csv', fileType: 'CDPOS', records: 3 },
      { name: 'tickets.csv', fileType: 'TICKETS', records: 5 },
    ]);
    expect(doc.summary.total_records).toBe(40);
    expect(doc.record_count_summary.total_input_records).toBe(40);
    expect(doc.record_count_summary.total_output_records).toBe(40);
    expect(doc.suspicious_patterns).toHaveLength(15);
    expect(existsSync(join(out, 'results.xlsx')) && existsSync(join(out, 'results.csv'))).toBe(true);
  });

  it('uses --tcodes and --tables instead of the default lists', async () => {
    const tcodes = join(dir, 'tcodes.csv');
    await writeFile(tcodes, 'TCODE,CATEGORY,DESCRIPTION\nVA03,Sales,Display order\n');
    const tables = join(dir, 'tables.csv');
    await writeFile(tables, 'TABNAME,CATEGORY,DESCRIPTION\nZTAB,Custom,Our table\n');
    const r = await run(['analyze', fixture('sm20.csv'), '--out', join(dir, 'lists'), '--json', '--tcodes', tcodes, '--tables', tables]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.summary.flag_counts.HIGH_RISK_TCODE_FLAG).toBe(1); // EVE's VA03 only
    expect(doc.summary.flag_counts.HIGH_RISK_TABLE_FLAG).toBe(2); // HANK's two ZTAB accesses, USR02 no longer listed
  });

  it('applies --holidays: Buß- und Bettag (2026-11-18) is a holiday in Saxony, not in Bavaria', async () => {
    const cdhdr = join(dir, 'holiday.csv');
    await writeFile(cdhdr, 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND\nZC,1,0000000001,U1,20261118,100000,ZFR1,U\n');
    const saxony = JSON.parse((await run(['analyze', cdhdr, '--out', join(dir, 'sn'), '--json', '--holidays', 'DE-SN'])).stdout);
    const bavaria = JSON.parse((await run(['analyze', cdhdr, '--out', join(dir, 'by'), '--json', '--holidays', 'DE-BY'])).stdout);
    expect(saxony.summary.flag_counts.CHANGE_TIMING_FLAG).toBe(1);
    expect(bavaria.summary.flag_counts.CHANGE_TIMING_FLAG).toBe(0);
  });

  it('fails with exit code 1 and one line naming the file and the problem', async () => {
    const junk = join(dir, 'junk.csv');
    await writeFile(junk, 'a,b\n1,2\n');
    const r = await run(['analyze', fixture('sm20.csv'), junk, '--out', join(dir, 'bad'), '--json']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^sap-analyzer: junk\.csv: .*Expected one of: SM20/);
    const missing = await run(['analyze', join(dir, 'nope.csv'), '--out', join(dir, 'bad')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(`sap-analyzer: ${join(dir, 'nope.csv')}: file not found\n`);
    const usage = await run(['analyze', fixture('sm20.csv')]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toBe('sap-analyzer: missing --out DIR (see --help)\n');
  });

  it("prints No data, never Clean, for files with a header and no records", async () => {
    const empty = join(dir, 'empty-cdhdr.csv');
    await writeFile(empty, 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND\r\n');
    const r = await run(['analyze', empty, '--out', join(dir, 'empty')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`0 records, 0 flagged (risk No data); wrote ${join(dir, 'empty')}/results.xlsx and ${join(dir, 'empty')}/results.csv\nNo data: no records were found in empty-cdhdr.csv, so nothing was checked\n`);
    const json = JSON.parse((await run(['analyze', empty, '--out', join(dir, 'empty'), '--json'])).stdout);
    expect(json.risk).toBe('No data');
  });

  it('prints help', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: sap-analyzer analyze FILE... --out DIR');
    expect(r.stdout).toContain('--holidays CC[-REGION]');
  });
});

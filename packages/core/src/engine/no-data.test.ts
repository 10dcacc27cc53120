import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsxSheets } from '../report/read-xlsx-sheets.ts';
import { RISK_DESCRIPTIONS } from '../model/index.ts';
import { analyzeFiles, riskLevel } from './index.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engine-no-data-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The fixture's header line alone: an export with no records. */
async function headerOnly(name: string): Promise<string> {
  const header = (await readFile(fixture(name), 'utf8')).split(/\r?\n/)[0]!;
  const path = join(dir, `empty-${name}`);
  await writeFile(path, `${header}\r\n`);
  return path;
}

describe("no records is 'No data', never Clean", () => {
  it('rates by share of flagged records and gives no data its own level', () => {
    expect(riskLevel(0, 0)).toBe('No data');
    expect(riskLevel(0, 10)).toBe('Clean');
    expect(riskLevel(1, 100)).toBe('Low');
    expect(riskLevel(6, 100)).toBe('Medium');
    expect(riskLevel(11, 100)).toBe('High');
  });

  it.each(['sm20.csv', 'cdhdr.csv', 'cdpos.csv', 'tickets.csv'])('a header-only %s is No data, and the Summary sheet says no records were found', async (name) => {
    const out = join(dir, `out-${name}`);
    const report = await analyzeFiles([await headerOnly(name)], { outDir: out });
    expect(report.summary.total_records).toBe(0);
    expect(report.risk).toBe('No data');
    const summary = readXlsxSheets(new Uint8Array(await readFile(join(out, 'results.xlsx')))).find((s) => s.name === 'Summary')!;
    expect(summary.rows).toContainEqual(['Risk', RISK_DESCRIPTIONS['No data']]);
    expect(RISK_DESCRIPTIONS['No data']).toContain('no records were found');
  });

  it('stays No data over several empty files, and one record with no flag makes it Clean', async () => {
    const empty = await Promise.all(['sm20.csv', 'cdhdr.csv'].map(headerOnly));
    expect((await analyzeFiles(empty, { outDir: join(dir, 'multi') })).risk).toBe('No data');
    const one = join(dir, 'one.csv');
    await writeFile(one, 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND\r\nZC,1,0000000001,U1,20261117,100000,ZFR1,U\r\n');
    expect((await analyzeFiles([one], { outDir: join(dir, 'one') })).risk).toBe('Clean');
  });
});

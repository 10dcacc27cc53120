import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeFiles } from './index.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'joined-lines-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const HEADER = 'Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text';
const line = (i: number) => `02.11.2026,10:${String(i).padStart(2, '0')}:00,100,USER${i},TERM${i},VA01,SAPMV45A,AU3,Transaction VA01 started`;

async function analyze(name: string, lines: string[]) {
  const path = join(dir, name);
  await writeFile(path, [HEADER, ...lines, ''].join('\r\n'));
  return analyzeFiles([path], { outDir: join(dir, `${name}-out`) });
}

describe('a CSV whose quotes join lines into one record', () => {
  it('reports the joined lines in the record counts and as a warning', async () => {
    // Corrupted: stray quotes at the start of two terminal cells make records 5 and 6 one record.
    const lines = Array.from({ length: 20 }, (_, i) => (i === 4 || i === 5 ? line(i).replace(',TERM', ',"TERM') : line(i)));
    const report = await analyze('corrupted.csv', lines);
    expect(report.record_count_summary.total_input_records).toBe(19);
    expect(report.record_count_summary.joined_lines).toEqual({ 'corrupted.csv': 1 });
    expect(report.warnings).toEqual([
      'corrupted.csv: 1 line break inside quoted cells joined lines of the file into one record, so it has fewer records than lines; if no cell should span lines, a quote character is probably stray or missing',
    ]);
  });

  it('says nothing for a clean file', async () => {
    const report = await analyze('clean.csv', Array.from({ length: 20 }, (_, i) => line(i)));
    expect(report.record_count_summary.total_input_records).toBe(20);
    expect(report.record_count_summary.joined_lines).toBeUndefined();
    expect(report.warnings).toBeUndefined();
  });
});

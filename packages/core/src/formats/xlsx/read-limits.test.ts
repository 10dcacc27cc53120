import { describe, expect, it } from 'vitest';
import { EngineError } from '../../errors/index.ts';
import { allRows, chunked } from '../fixtures/fixture-streams.ts';
import { workbook } from '../fixtures/workbook-bytes.ts';
import { openFile } from '../open-file.ts';
import type { ReadLimits } from '../read-limits.ts';

const HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>Event</t></is></c><c r="B1" t="inlineStr"><is><t>User</t></is></c><c r="C1" t="inlineStr"><is><t>Message Text</t></is></c></row>';
const row = (r: number, user = `U${r}`) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>AU1</t></is></c><c r="B${r}" t="inlineStr"><is><t>${user}</t></is></c></row>`;
const MB = 1024 * 1024;

/** Opens and reads the whole workbook; resolves to the error it fails with. */
async function failure(bytes: Uint8Array, limits: Partial<ReadLimits>): Promise<EngineError> {
  const result = await openFile(chunked(bytes, 64 * 1024), 'hostile.xlsx', limits)
    .then(allRows)
    .catch((e: unknown) => e);
  expect(result).toBeInstanceOf(EngineError);
  return result as EngineError;
}

describe('openFile: XLSX read limits', () => {
  it('stops a sheet of whitespace after one row at the row limit, without reading on', async () => {
    // The attack: a closed row, then gigabytes of whitespace that never close another one.
    const bytes = workbook({ 'xl/worksheets/sheet1.xml': `${HEADER}${row(2)}${' '.repeat(6 * MB)}` });
    expect(bytes.length).toBeLessThan(100_000);
    const e = await failure(bytes, { rowChars: 2 * MB });
    expect(e.code).toBe('LIMIT_EXCEEDED');
    expect(e.message).toBe('hostile.xlsx: a row of the worksheet xl/worksheets/sheet1.xml holds more than 2,097,152 characters (the limit for one file); split the data into smaller files or save it as CSV');
  });

  it('caps the decompressed size of a worksheet', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => row(i + 2)).join('');
    const e = await failure(workbook({ 'xl/worksheets/sheet1.xml': HEADER + rows }), { sheetBytes: MB / 8 });
    expect(e.code).toBe('LIMIT_EXCEEDED');
    expect(e.message).toContain('the worksheet xl/worksheets/sheet1.xml expands to more than 131,072 bytes');
  });

  it('caps the rows of a worksheet, empty rows included', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => (i % 2 ? `<row r="${i + 2}"/>` : row(i + 2))).join('');
    const e = await failure(workbook({ 'xl/worksheets/sheet1.xml': HEADER + rows }), { rows: 100 });
    expect(e.message).toContain('the worksheet xl/worksheets/sheet1.xml has more than 100 rows');
    const ok = await allRows(await openFile(chunked(workbook({ 'xl/worksheets/sheet1.xml': HEADER + rows })), 'ok.xlsx', { rows: 151 }));
    expect(ok).toHaveLength(75);
  });

  it('caps one cell, inline or shared', async () => {
    const big = 'x'.repeat(5000);
    const inline = await failure(workbook({ 'xl/worksheets/sheet1.xml': HEADER + row(2, big) }), { cellChars: 4096 });
    expect(inline.message).toContain('a cell (B2) holds more than 4,096 characters');
    const shared = await failure(workbook({ 'xl/worksheets/sheet1.xml': `${HEADER}<row r="2"><c r="A2" t="s"><v>0</v></c></row>` }, { shared: ['AU1', big] }), { cellChars: 4096 });
    expect(shared.message).toContain('a shared string (number 2) holds more than 4,096 characters');
  });

  it('caps the shared strings in total and the size of their part', async () => {
    const strings = Array.from({ length: 400 }, (_, i) => `${'s'.repeat(1000)}${i}`);
    const sheet = { 'xl/worksheets/sheet1.xml': `${HEADER}<row r="2"><c r="A2" t="s"><v>0</v></c></row>` };
    const total = await failure(workbook(sheet, { shared: strings }), { sharedStringChars: 100_000 });
    expect(total.message).toContain('the shared strings together hold more than 100,000 characters');
    const part = await failure(workbook(sheet, { shared: strings }), { sharedStringsBytes: MB / 4 });
    expect(part.message).toContain('the shared strings part xl/sharedStrings.xml expands to more than 262,144 bytes');
  });

  it('reads rich text with phonetic runs and rows whose cells carry no reference', async () => {
    const rich = '<si><r><t>AU</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh><r><t>1</t></r></si>';
    // The helper wraps each string in <si><t>…</t></si>: close it early so the second item is rich.
    const withRich = workbook({ 'xl/worksheets/sheet1.xml': `${HEADER}<row r="2"><c t="s"><v>1</v></c><c t="inlineStr"><is><t>BOB</t></is></c><c r="C2" t="inlineStr"><is><t>m</t></is></c></row>` }, { shared: [`</t></si>${rich}<si><t>`] });
    const rows = await allRows(await openFile(chunked(withRich), 'rich.xlsx'));
    expect(rows).toEqual([['AU1', 'BOB', 'm']]);
  });
});

import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors/index.ts';
import { chunked } from './fixtures/fixture-streams.ts';
import { workbook } from './fixtures/workbook-bytes.ts';
import type { ReadLimits } from './read-limits.ts';
import { readTable } from './read-table.ts';

const MB = 1024 * 1024;
const text = (s: string, encoding: BufferEncoding = 'utf8') => chunked(new Uint8Array(Buffer.from(s, encoding)), 7);
const inline = (r: number, cells: string[]) =>
  `<row r="${r}">${cells.map((c, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${c}</t></is></c>`).join('')}</row>`;

async function failure(source: AsyncIterable<Uint8Array>, fileName: string, limits?: Partial<ReadLimits>): Promise<EngineError> {
  const e = await readTable(source, fileName, limits).catch((error: unknown) => error);
  expect(e).toBeInstanceOf(EngineError);
  return e as EngineError;
}

describe('readTable: CSV', () => {
  it('reads quoted separators, doubled quotes and line breaks, CRLF or LF, blank rows kept for row numbers', async () => {
    expect(await readTable(text('A,B,C\r\n"x, y","say ""hi""","two\r\nlines"\n\nlast,,\n'), 'list.csv')).toEqual([
      ['A', 'B', 'C'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      [''],
      ['last', '', ''],
    ]);
  });

  it('drops a BOM and finds the delimiter the rows use, past a title line', async () => {
    expect(await readTable(text('\uFEFFTCODE;CATEGORY\nSU01;Users'), 'list.csv')).toEqual([
      ['TCODE', 'CATEGORY'],
      ['SU01', 'Users'],
    ]);
    expect(await readTable(text('Table: TSTCT\n\nTCODE\tTTEXT\nSU01\tUsers\nPFCG\tRoles\n'), 'tstct.txt')).toEqual([['Table: TSTCT'], [''], ['TCODE', 'TTEXT'], ['SU01', 'Users'], ['PFCG', 'Roles']]);
    expect(await readTable(text('USER\nALICE\n'), 'users.csv')).toEqual([['USER'], ['ALICE']]);
  });

  it('reads UTF-16 and Windows-1252 text as the engine does', async () => {
    expect(await readTable(chunked(new Uint8Array([0xff, 0xfe, ...Buffer.from('TCODE,TTEXT\nSU01,Bénutzer\n', 'utf16le')])), 'u16.csv')).toEqual([
      ['TCODE', 'TTEXT'],
      ['SU01', 'Bénutzer'],
    ]);
    expect(await readTable(chunked(new Uint8Array(Buffer.from('TCODE,TTEXT\nSU01,Gr\xfc\xdfe\n', 'latin1'))), 'cp.csv')).toEqual([
      ['TCODE', 'TTEXT'],
      ['SU01', 'Grüße'],
    ]);
  });

  it('stops at the row limit, naming it', async () => {
    const e = await failure(text(`ID\n${'X\n'.repeat(5000)}`), 'long.csv', { rows: 1000 });
    expect(e.code).toBe('LIMIT_EXCEEDED');
    expect(e.message).toBe('long.csv: the list has more than 1,000 rows per import; split the file');
  });

  it('refuses empty, binary and legacy Excel files with a clear message', async () => {
    expect((await failure(text(''), 'empty.csv')).message).toBe('empty.csv: the file is empty');
    const binary = await failure(chunked(new Uint8Array(4096).map((_, i) => i % 7)), 'blob.bin');
    expect(binary.message).toBe('blob.bin: the file is neither text (CSV/TXT) nor an XLSX workbook. Upload the list as CSV (or TXT) or as an XLSX workbook.');
    const xls = await failure(chunked(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])), 'old.xls');
    expect(xls.code).toBe('UNSUPPORTED_FORMAT');
  });
});

describe('readTable: XLSX', () => {
  it('reads the first sheet with data, shared and inline strings, with no file-type detection', async () => {
    const bytes = workbook(
      {
        'xl/worksheets/sheet1.xml': '',
        'xl/worksheets/sheet2.xml': `${inline(1, ['TABNAME', 'DDTEXT'])}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="s"><v>1</v></c></row><row r="4"><c r="B4"><v>42</v></c></row>`,
      },
      { shared: ['USR02', 'Logon data &amp; passwords'] },
    );
    expect(await readTable(chunked(bytes, 100), 'dd02t.xlsx')).toEqual([
      ['TABNAME', 'DDTEXT'],
      ['USR02', 'Logon data & passwords'],
      ['', '42'],
    ]);
  });

  it('stops a zip bomb at the sheet size limit before inflating it all', async () => {
    // 64 MB of one repeated row compresses to well under 1 MB.
    const rows = inline(2, ['SU01', 'x'.repeat(1000)]).repeat(64 * 1024);
    const bytes = workbook({ 'xl/worksheets/sheet1.xml': inline(1, ['TCODE', 'TTEXT']) + rows });
    expect(bytes.length).toBeLessThan(MB);
    const e = await failure(chunked(bytes), 'bomb.xlsx', { sheetBytes: 16 * MB });
    expect(e.code).toBe('LIMIT_EXCEEDED');
    expect(e.message).toBe(
      'bomb.xlsx: the worksheet xl/worksheets/sheet1.xml expands to more than 16 MB (the limit for one file); split the data into smaller files or save it as CSV',
    );
  });

  it('caps the rows of a sheet and refuses a ZIP that is no workbook', async () => {
    const bytes = workbook({ 'xl/worksheets/sheet1.xml': Array.from({ length: 30 }, (_, i) => inline(i + 1, [`T${i}`])).join('') });
    expect((await failure(chunked(bytes), 'rows.xlsx', { rows: 20 })).message).toContain('the worksheet xl/worksheets/sheet1.xml has more than 20 rows');
    const notWorkbook = await failure(chunked(new Uint8Array(Buffer.from('PK\x03\x04garbage that is no archive'))), 'x.xlsx');
    expect(notWorkbook.fileName).toBe('x.xlsx');
  });
});

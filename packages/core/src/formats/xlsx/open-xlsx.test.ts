import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../errors/index.ts';
import { allRows, chunked, fixtureBytes } from '../fixtures/fixture-streams.ts';
import { workbook } from '../fixtures/workbook-bytes.ts';
import { openFile } from '../open-file.ts';
import { XlsxWriter } from '../../report/xlsx-writer.ts';
import { columnIndex } from './sheet-rows.ts';

const HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>Event</t></is></c><c r="B1" t="inlineStr"><is><t>User</t></is></c><c r="C1" t="inlineStr"><is><t>Message Text</t></is></c></row>';

describe('openFile: XLSX', () => {
  it('places cells by reference, leaving gaps empty, and keeps long numbers as written', async () => {
    const bytes = workbook({ 'xl/worksheets/sheet1.xml': `${HEADER}<row r="2"><c r="A2" t="s"><v>0</v></c><c r="C2"><v>1.0000000000000001E+18</v></c></row><row r="3"><c r="C3" t="b"><v>1</v></c><c r="A3" t="e"><v>#N/A</v></c></row>` }, { shared: ['AU1'] });
    const file = await openFile(chunked(bytes), 'a.xlsx');
    expect(file.fileType).toBe('SM20');
    expect(await allRows(file)).toEqual([
      ['AU1', '', '1.0000000000000001E+18'],
      ['#N/A', '', 'TRUE'],
    ]);
  });

  it('reads namespace-prefixed parts and shared strings stored before the sheets', async () => {
    const data = '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="s"><x:v>2</x:v></x:c></x:row><x:row r="2"><x:c r="A2" t="s"><x:v>3</x:v></x:c><x:c r="B2" t="s"><x:v>4</x:v></x:c></x:row>';
    const bytes = workbook({ 'xl/worksheets/sheet1.xml': data }, { shared: ['Event', 'User', 'Message', 'AU2', 'BOB'], prefix: 'x:', sharedFirst: true });
    const file = await openFile(chunked(bytes, 5), 'prefixed.xlsx');
    expect(await allRows(file)).toEqual([['AU2', 'BOB', '']]);
  });

  it('reads attributes written with single quotes or spaces around =', async () => {
    const bytes = workbook({ 'xl/worksheets/sheet1.xml': `${HEADER}<row r='2'><c r='B2' t='s'><v>0</v></c><c  r = "A2"  t = "inlineStr" ><is><t>AU1</t></is></c><c t="s" r="C2"><v>0</v></c></row>` }, { shared: ['ALICE'] });
    expect(await allRows(await openFile(chunked(bytes), 'quotes.xlsx'))).toEqual([['AU1', 'ALICE', 'ALICE']]);
  });

  it('skips empty sheets and takes the first one with data', async () => {
    const bytes = workbook({ 'xl/worksheets/sheet1.xml': '', 'xl/worksheets/sheet2.xml': '<row r="1"/><row r="2"><c r="A2"/></row>', 'xl/worksheets/sheet3.xml': `${HEADER}<row r="2"><c r="A2" t="inlineStr"><is><t>AU3</t></is></c></row>` });
    expect(await allRows(await openFile(chunked(bytes), 'sheets.xlsx'))).toEqual([['AU3', '', '']]);
  });

  it('reads many rows as a stream in batches', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>AU1</t></is></c><c r="B${i + 2}" t="inlineStr"><is><t>U${i}</t></is></c></row>`).join('');
    const file = await openFile(chunked(workbook({ 'xl/worksheets/sheet1.xml': HEADER + rows }), 777), 'many.xlsx');
    const all = await allRows(file);
    expect(all).toHaveLength(5000);
    expect(all[4999]).toEqual(['AU1', 'U4999', '']);
  });

  it('fails clearly for damaged archives and ZIPs that are not workbooks', async () => {
    const good = fixtureBytes('tickets-title-rows.xlsx');
    const truncated = good.slice(0, Math.floor(good.length / 2));
    const damaged = await openFile(chunked(truncated), 'cut.xlsx').then(allRows).catch((e: unknown) => e);
    expect(damaged).toBeInstanceOf(EngineError);
    expect((damaged as EngineError).fileName).toBe('cut.xlsx');

    const notWorkbook = await openFile(chunked(zipSync({ 'readme.txt': strToU8('hello') })), 'docs.zip').catch((e: unknown) => e);
    expect(notWorkbook).toBeInstanceOf(EngineError);
    expect((notWorkbook as EngineError).code).toBe('UNRECOGNISED_FILE');
    expect((notWorkbook as EngineError).message).toContain('upload XLSX or CSV');
  });

  it('reads a row without a reference as the next row and a cell without one as the column after the previous cell', async () => {
    const t = (v: string) => `<c t="inlineStr"><is><t>${v}</t></is></c>`;
    const sheet = `<row>${t('Event')}${t('User')}${t('Message Text')}</row><row>${t('AU1')}<c r="C2" t="s"><v>0</v></c></row><row r="4"><c r="B4" t="s"><v>0</v></c>${t('m')}</row><row>${t('AU3')}${t('BOB')}</row>`;
    const bytes = workbook({ 'xl/worksheets/sheet1.xml': sheet }, { shared: ['ALICE'] });
    expect(await allRows(await openFile(chunked(bytes, 7), 'bare.xlsx'))).toEqual([
      ['AU1', '', 'ALICE'],
      ['', 'ALICE', 'm'],
      ['AU3', 'BOB', ''],
    ]);
  });

  it('reads back a sheet XlsxWriter wrote with needed references only (after a gap)', async () => {
    const chunks: Uint8Array[] = [];
    const x = new XlsxWriter({ write: (c) => void chunks.push(Uint8Array.from(c)), end: async () => undefined }, undefined, 'needed');
    await x.startSheet('SM20', ['Event', 'User', 'Message Text', 'Date']);
    const rows = [
      ['AU1', 'ALICE', 'Logon', '2025-03-05'],
      ['', 'BOB', '', '2025-03-06'],
      ['AU3', '', 'Tx "SE38" & <more>', ''],
    ];
    for (const r of rows) await x.addRow(r);
    await x.finish();
    const bytes = Buffer.concat(chunks);
    expect(strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml']!)).toContain('<row><c r="B3" ');
    expect(await allRows(await openFile(chunked(bytes), 'results.xlsx'))).toEqual(rows);
  });

  it('turns cell references into column indexes', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('Z9')).toBe(25);
    expect(columnIndex('AA10')).toBe(26);
    expect(columnIndex('BC12')).toBe(54);
    expect(columnIndex('12')).toBe(-1);
  });
});

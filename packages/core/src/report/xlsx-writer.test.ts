import fc from 'fast-check';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ByteSink } from '../engine/contract.ts';
import { CsvWriter } from './csv-writer.ts';
import { readXlsxSheets } from './read-xlsx-sheets.ts';
import { NUMERIC, TEMPORAL, TEXT } from './typed-cells.ts';
import { columnLetter, escapeXml, widthsOf, XlsxWriter } from './xlsx-writer.ts';

function memorySink(): ByteSink & { bytes(): Uint8Array } {
  const chunks: Uint8Array[] = [];
  return {
    write: (c) => void chunks.push(Uint8Array.from(c)),
    end: async () => undefined,
    bytes: () => Buffer.concat(chunks),
  };
}

describe('XlsxWriter', () => {
  it('writes a valid zip with frozen, filtered sheets, highlighted flagged cells and escaped text', async () => {
    const sink = memorySink();
    const x = new XlsxWriter(sink);
    await x.startSheet('SM20', ['USER', 'MESSAGE', 'DEBUG_FLAG']);
    await x.addRow(['ALICE', '=HYPERLINK("x") <b> & "q"', 'Event CUL: field content changed in debugger'], (i) => i === 2, 1);
    await x.addRow(['BOB', '', ''], (i) => i === 2, 1);
    await x.finish();
    const files = unzipSync(sink.bytes());
    expect(Object.keys(files).sort()).toEqual(
      ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml'].sort(),
    );
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet).toContain('<autoFilter ref="A1:C3"/>');
    // Values are shared strings (text, never formulas); escaping happens in the table.
    expect(strFromU8(files['xl/sharedStrings.xml']!)).toContain('<si><t>=HYPERLINK(&quot;x&quot;) &lt;b&gt; &amp; &quot;q&quot;</t></si>');
    expect(sheet).not.toContain('<f>');
    const [read] = readXlsxSheets(sink.bytes());
    expect(read!.rows).toEqual([
      ['USER', 'MESSAGE', 'DEBUG_FLAG'],
      ['ALICE', '=HYPERLINK("x") <b> & "q"', 'Event CUL: field content changed in debugger'],
      ['BOB'], // trailing empty cells are left out
    ]);
    expect(read!.highlighted).toEqual([[], [2], []]);
    // Every row and cell carries its reference; empty cells are left out.
    expect(sheet).toContain('<row r="1"><c r="A1" t="inlineStr" s="1"><is><t>USER</t></is></c><c r="B1" ');
    expect(sheet).toContain('<row r="3"><c r="A3" t="inlineStr"><is><t>BOB</t></is></c></row>');
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="SM20" sheetId="1" r:id="rId1"/>');
  });

  it('continues on a next sheet past the row limit', async () => {
    const sink = memorySink();
    const x = new XlsxWriter(sink, 3);
    await x.startSheet('CDPOS', ['A']);
    for (let i = 0; i < 5; i++) await x.addRow([`r${i}`]);
    await x.finish();
    const files = unzipSync(sink.bytes());
    const wb = strFromU8(files['xl/workbook.xml']!);
    expect(wb).toContain('<sheet name="CDPOS" sheetId="1"');
    expect(wb).toContain('<sheet name="CDPOS (2)" sheetId="2"');
    expect(wb).toContain('<sheet name="CDPOS (3)" sheetId="3"');
    const sheets = readXlsxSheets(sink.bytes());
    expect(sheets.map((s) => s.rows.flat())).toEqual([['A', 'r0', 'r1'], ['A', 'r2', 'r3'], ['A', 'r4']]);
  });

  it('keeps long values inline, escaped', async () => {
    const sink = memorySink();
    const x = new XlsxWriter(sink);
    await x.startSheet('T', ['A']);
    const long = `<${'x'.repeat(120)}>`;
    await x.addRow([long]);
    await x.finish();
    const [sheet] = readXlsxSheets(sink.bytes());
    expect(sheet!.xml).toContain(`<row r="2"><c r="A2" t="inlineStr"><is><t>&lt;${'x'.repeat(120)}&gt;</t></is></c></row>`);
    expect(sheet!.rows[1]).toEqual([long]);
  });

  it('types dates, times and numbers by column kind, sizes columns, and keeps other cells text', async () => {
    const sink = memorySink();
    const x = new XlsxWriter(sink);
    const header = ['DATE', 'TIME', 'AT', 'AMOUNT', 'KEY'];
    await x.startSheet('T', header, 1, 1, { kinds: [TEMPORAL, TEMPORAL, TEMPORAL, NUMERIC, TEXT], widths: widthsOf(header, [10, 8, 19, 80, 4]) });
    await x.addRow(['2025-03-05', '10:30:00', '2025-03-05 18:00:00', '-12.5', '0042']);
    await x.addRow(['05.03.2025', '25:00:00', '1899-12-31', '0042', '12']);
    await x.finish();
    const [sheet] = readXlsxSheets(sink.bytes());
    expect(sheet!.xml).toContain('<row r="2"><c r="A2" s="6"><v>45721</v></c><c r="B2" s="7"><v>0.4375</v></c><c r="C2" s="8"><v>45721.75</v></c><c r="D2"><v>-12.5</v></c><c r="E2" t="inlineStr"><is><t>0042</t></is></c></row>');
    // Not a date, not a time, before Excel's calendar, a key with zeros: text.
    expect(sheet!.xml).toContain('<row r="3"><c r="A3" t="inlineStr"><is><t>05.03.2025</t></is></c><c r="B3" t="inlineStr"><is><t>25:00:00</t></is></c><c r="C3" t="inlineStr"><is><t>1899-12-31</t></is></c><c r="D3" t="inlineStr"><is><t>0042</t></is></c>');
    expect(sheet!.xml).toContain('<cols><col min="1" max="1" width="12" customWidth="1"/><col min="2" max="2" width="10" customWidth="1"/><col min="3" max="3" width="21" customWidth="1"/><col min="4" max="4" width="60" customWidth="1"/><col min="5" max="5" width="8" customWidth="1"/></cols>');
    expect(sheet!.rows[1]).toEqual(['2025-03-05', '10:30:00', '2025-03-05 18:00:00', '-12.5', '0042']);
  });

  it('with needed references: a row reference after a jump only, a cell reference after a gap only; read back as the next row and column', async () => {
    const sink = memorySink();
    const x = new XlsxWriter(sink, 3, 'needed');
    await x.startSheet('T', ['A', 'B', 'C', 'D'], 1, 1, { kinds: [TEXT, TEMPORAL, TEXT, NUMERIC] });
    await x.addRow(['', '2025-03-05', '', '12']);
    await x.addRow(['a', 'b', '', 'd']);
    await x.addRow(['=x', 'b']);
    await x.finish();
    const [sheet, more] = readXlsxSheets(sink.bytes());
    expect(sheet!.xml).toContain('<row r="1"><c t="inlineStr" s="1"><is><t>A</t></is></c><c t="inlineStr" s="1"><is><t>B</t>');
    expect(sheet!.xml).toContain('</row><row><c r="B2" s="6"><v>45721</v></c><c r="D2"><v>12</v></c></row><row><c t="inlineStr"><is><t>a</t></is></c><c t="inlineStr"><is><t>b</t></is></c><c r="D3" t="inlineStr"><is><t>d</t></is></c></row></sheetData>');
    expect(sheet!.rows).toEqual([['A', 'B', 'C', 'D'], ['', '2025-03-05', '', '12'], ['a', 'b', '', 'd']]);
    // The continuation sheet starts over: header row 1, then row 2 without its reference.
    expect(more!.name).toBe('T (2)');
    expect(more!.xml).toContain('</row><row><c t="inlineStr" s="3"><is><t>=x</t></is></c><c t="inlineStr"><is><t>b</t></is></c></row></sheetData>');
    expect(more!.rows).toEqual([['A', 'B', 'C', 'D'], ['=x', 'b']]);
  });

  it('reads references strictly: a row out of order, a cell of another row or left of the previous cell fails', async () => {
    const sink = memorySink();
    const x = new XlsxWriter(sink, undefined, 'needed');
    await x.startSheet('T', ['A', 'B']);
    await x.addRow(['a', 'b']);
    await x.finish();
    const files = unzipSync(sink.bytes());
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const read = (sheetXml: string) => readXlsxSheets(zipSync({ ...files, 'xl/worksheets/sheet1.xml': strToU8(sheetXml) }))[0]!.rows;
    const a2 = '<c t="inlineStr"><is><t>a</t></is></c>';
    expect(xml).toContain(`<row>${a2}<c t="inlineStr">`);
    expect(read(xml)).toEqual([['A', 'B'], ['a', 'b']]);
    expect(read(xml.replace('<row>', '<row r="2">'))).toEqual([['A', 'B'], ['a', 'b']]);
    expect(read(xml.replace(`${a2}<c t`, `${a2}<c r="C2" t`))).toEqual([['A', 'B'], ['a', '', 'b']]);
    expect(() => read(xml.replace('<row>', '<row r="3">'))).toThrow('row r="3" where 2 was due');
    expect(() => read(xml.replace(`${a2}<c t`, `${a2}<c r="B3" t`))).toThrow('cell B3 in row 2');
    expect(() => read(xml.replace(`${a2}<c t`, `${a2}<c r="A2" t`))).toThrow('cell A2 left of column 2 in row 2');
  });

  it('names columns like Excel', () => {
    expect([0, 25, 26, 701, 702].map(columnLetter)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });
});

describe('CsvWriter', () => {
  it('quotes when needed and neutralises formula starts', async () => {
    const sink = memorySink();
    const w = new CsvWriter(sink);
    await w.writeRow(['a,b', 'say "hi"', 'line\nbreak', '=1+1', '+x', '-5', '@SUM(A1)', '\tx', 'plain']);
    await w.end();
    expect(Buffer.from(sink.bytes()).toString('utf8')).toBe(`"a,b","say ""hi""","line\nbreak",'=1+1,'+x,'-5,'@SUM(A1),'\tx,plain\r\n`);
  });
});

describe('escapeXml', () => {
  it('escapes exactly what the XML specials and invalid-character pattern says, for any text', () => {
    const reference = (s: string) =>
      /[&<>"\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(s)
        ? s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r/g, '&#13;')
        : s;
    const chars = fc.oneof(fc.constantFrom('&', '<', '>', '"', '\r', '\n', '\t', '\u0000', '\u001f', '\ufffe', '\uffff', 'a', 'é', ' '), fc.string({ maxLength: 1 }));
    fc.assert(fc.property(fc.array(chars, { maxLength: 30 }).map((a) => a.join('')), (s) => {
        expect(escapeXml(s)).toBe(reference(s));
      }),
    );
  });
});

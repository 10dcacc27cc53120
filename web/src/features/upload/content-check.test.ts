import { describe, expect, it } from 'vitest';
import { checkUploadContent, sortByContent } from './content-check.ts';

const file = (name: string, bytes: number[] | string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);

describe('checkUploadContent', () => {
  it('reads text as text whatever the name: .txt, .tsv, and SAP text saved as .xls', async () => {
    const sm20 = 'Date\tTime\tUser\tTransaction Code\tEvent\tMessage Text\n03.03.2025\t09:00:00\tJSMITH\tSU01\tAU3\tTransaction SU01 started\n';
    for (const name of ['sm20.txt', 'sm20.tsv', 'sm20.csv', 'sm20.xls']) expect(await checkUploadContent(file(name, sm20))).toEqual({ ok: true, kind: 'text' });
  });
  it('reads UTF-16 text (RSAU_READ_LOG exports) as text', async () => {
    const text = 'Date\tTime\tUser\tTransaction Code\tEvent\tMessage Text\n01.01.2026\t10:00:00\tA\tSU01\tAU3\tStarted\n';
    const bytes = [0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0), 0])];
    expect(await checkUploadContent(file('rsau.txt', bytes))).toEqual({ ok: true, kind: 'text' });
  });
  it('takes a ZIP workbook as xlsx, even named .csv', async () => {
    expect(await checkUploadContent(file('tickets.csv', [0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({ ok: true, kind: 'xlsx' });
  });
  it('refuses a legacy binary .xls, an image named .csv and an empty file, saying why', async () => {
    expect(await checkUploadContent(file('old.xls', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toEqual({
      ok: false,
      message: 'old.xls: legacy Excel 97-2003 workbooks (.xls) cannot be read; save the file as .xlsx or CSV',
    });
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 600 }, (_, i) => (i * 37) % 256)];
    expect(await checkUploadContent(file('logo.csv', png))).toEqual({ ok: false, message: 'logo.csv: the content is neither text (CSV, TSV, TXT) nor an Excel workbook (.xlsx)' });
    expect(await checkUploadContent(file('empty.txt', ''))).toEqual({ ok: false, message: 'empty.txt: the file is empty' });
  });
  it('refuses text whose header names no SM20, CDHDR, CDPOS or ticket columns, saying what was found and what is expected (issue 27)', async () => {
    const check = await checkUploadContent(file('people.txt', 'Name;Age;City\nBob;33;Berlin\n'));
    expect(check.ok).toBe(false);
    const message = (check as { message: string }).message;
    expect(message).toContain('people.txt: the file\'s header names none of the columns of an SM20, CDHDR, CDPOS or ticket export (found: "Name", "Age", "City")');
    expect(message).toMatch(/Expected e\.g\. SM20 .*CDHDR .*CDPOS .*ticket export/);
    // German headers are known headers.
    const german = 'Datum;Uhrzeit;Benutzer;Transaktionscode;Ereignis;Meldungstext\n03.03.2025;09:00:00;JSMITH;SU01;AU3;gestartet\n';
    expect(await checkUploadContent(file('sm20_de.txt', german))).toEqual({ ok: true, kind: 'text' });
  });
  it('sorts a drop into the readable files and one message per refused file', async () => {
    const { accepted, refused } = await sortByContent([file('a.txt', 'OBJECTCLAS;OBJECTID;CHANGENR;USERNAME;UDATE;UTIME;TCODE\nIDENTITY;A;1;B;20260101;100000;SU01\n'), file('b.xls', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])]);
    expect(accepted.map((f) => f.name)).toEqual(['a.txt']);
    expect(refused).toEqual(['b.xls: legacy Excel 97-2003 workbooks (.xls) cannot be read; save the file as .xlsx or CSV']);
  });
});

import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors/index.ts';
import { allRows, cell, chunked, fixtureBytes } from './fixtures/fixture-streams.ts';
import { openFile } from './open-file.ts';
import type { OpenedFile } from './types.ts';

async function open(name: string, size: number | number[] = 64 * 1024): Promise<OpenedFile> {
  return openFile(chunked(fixtureBytes(name), size), name);
}

async function failure(bytes: Uint8Array, name = 'upload.csv'): Promise<EngineError> {
  const error = await openFile(chunked(bytes), name).then(allRows).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('openFile: layouts', () => {
  it('reads a padded SE16 CDHDR download; keys keep leading zeros', async () => {
    const file = await open('cdhdr-se16-padded.csv');
    expect(file.fileType).toBe('CDHDR');
    expect(file.columns).toEqual(['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'USERNAME', 'UDATE', 'UTIME', 'TCODE', 'CHANGE_IND']);
    expect(file.format).toEqual({ container: 'csv', delimiter: ',', encoding: 'utf-8' });
    expect(file.dateOrder).toBe('YMD');
    const rows = await allRows(file);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(['BELEG', '0000012345100002024', '0000458712', 'ALICE', '20240302', '231544', 'FB02', 'U']);
  });

  it('reads an RSAU_READ_LOG export re-saved by Excel: CRLF, quoted commas and breaks, month-first dates', async () => {
    const file = await open('sm20-rsau-excel-resaved.csv');
    expect(file.fileType).toBe('SM20');
    expect(file.dateOrder).toBe('MDY');
    expect(file.canonical).toEqual({ DATE: 0, TIME: 1, CLIENT: 2, USER: 3, TERMINAL: 5, PEER: 6, TCODE: 7, PROGRAM: 8, EVENT: 9, MESSAGE: 10, VAR1: 11, VAR2: 12, VAR3: 13 });
    const rows = await allRows(file);
    expect(rows).toHaveLength(3); // the empty ",,,," row Excel leaves is dropped
    expect(cell(file, rows[0]!, 'MESSAGE')).toBe('Generic table access call to USR02 with activity 02 (Change, Insert)');
    expect(cell(file, rows[1]!, 'MESSAGE')).toBe('Field content changed: "WA-BETRAG"');
    expect(cell(file, rows[2]!, 'MESSAGE')).toBe('Logon failed (reason = 1,\r\ntype = A)');
    expect(cell(file, rows[2]!, 'VAR1')).toBe('1');
  });

  it('gives identical rows for 1-byte, odd-size and whole-file chunks', async () => {
    for (const name of ['sm20-rsau-excel-resaved.csv', 'sm20-utf16le-tab.txt', 'cdpos-semicolon-bom.csv', 'cdpos-sap-list.txt', 'tickets-title-rows.xlsx']) {
      const whole = await allRows(await open(name, 1 << 20));
      expect(await allRows(await open(name, 1))).toEqual(whole);
      expect(await allRows(await open(name, [3, 7, 2, 13]))).toEqual(whole);
    }
  });

  it('reads UTF-16LE tab-separated text with umlauts and the euro sign', async () => {
    const file = await open('sm20-utf16le-tab.txt');
    expect(file.format).toEqual({ container: 'csv', delimiter: '\t', encoding: 'utf-16le with BOM' });
    expect(file.fileType).toBe('SM20');
    expect(file.dateOrder).toBe('DMY');
    const rows = await allRows(file);
    expect(cell(file, rows[0]!, 'USER')).toBe('MÜLLER');
    expect(cell(file, rows[1]!, 'MESSAGE')).toBe('Transaktion FB01 gestartet, Betrag 100 €');
    expect(cell(file, rows[1]!, 'TIME')).toBe('235959');
  });

  it('reads semicolon CSV with BOM; Unit and CUKY twice, New Value before Old Value', async () => {
    const file = await open('cdpos-semicolon-bom.csv');
    expect(file.format).toEqual({ container: 'csv', delimiter: ';', encoding: 'utf-8 with BOM' });
    expect(file.fileType).toBe('CDPOS');
    expect(file.joined).toBe(false);
    expect(file.columns).toEqual(['Object', 'Object Value', 'Doc.Number', 'Table Name', 'Table Key', 'Field Name', 'Change Indicator', 'Unit', 'CUKY', 'New Value', 'Unit (2)', 'CUKY (2)', 'Old Value']);
    expect(file.canonical).toMatchObject({ VALUE_NEW: 9, VALUE_OLD: 12, TABKEY: 4 });
    const rows = await allRows(file);
    expect(cell(file, rows[0]!, 'VALUE_NEW')).toBe('1.234,56');
    expect(cell(file, rows[1]!, 'VALUE_NEW')).toBe('0123;456');
    expect(cell(file, rows[1]!, 'VALUE_OLD')).toBe('0099887766');
    expect(cell(file, rows[2]!, 'TABKEY')).toBe('001Z_FI_ADMIN  ALICE');
  });

  it('reads SAP unconverted list output: titles and rules skipped, repeated header blocks dropped', async () => {
    const file = await open('cdpos-sap-list.txt');
    expect(file.format.container).toBe('sap-list');
    expect(file.fileType).toBe('CDPOS');
    expect(file.columns).toEqual(['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'TABKEY', 'FNAME', 'CHNGIND', 'VALUE_NEW', 'VALUE_OLD']);
    const rows = await allRows(file);
    expect(rows.map((r) => r[5])).toEqual(['NAME1', 'BANKN', 'MATKL']);
    expect(rows[2]).toEqual(['MATERIAL', '000000000000004711', '0000000124', 'MARA', '0000000000000047', 'MATKL', 'U', '002', '001']);
  });

  it('reads Windows-1252 text', async () => {
    const file = await open('sm20-windows-1252.csv');
    expect(file.format.encoding).toBe('windows-1252');
    const rows = await allRows(file);
    expect(rows.map((r) => cell(file, r, 'USER'))).toEqual(['RENé', 'JüRGEN']);
    expect(cell(file, rows[0]!, 'MESSAGE')).toBe('Transaction FK02 started (€ limit)');
    expect(file.canonical).toMatchObject({ CLIENT: 2, TERMINAL: 4, TCODE: 5, PROGRAM: 6, EVENT: 7, VAR1: 9 });
  });

  it('reports Windows-1252 when the first non-UTF-8 byte comes after the sniffed head', async () => {
    const head = 'Date,Time,User,Event,Message Text\n' + '01.03.2024,10:00:00,ALICE,AU1,Logon\n'.repeat(3000);
    const bytes = new Uint8Array([...text(head), ...text('02.03.2024,11:00:00,REN'), 0xe9, ...text(',AU1,Logon\n')]);
    const file = await openFile(chunked(bytes, 4096), 'late.csv');
    expect(file.format.encoding).toBe('utf-8');
    const rows = await allRows(file);
    expect(file.format.encoding).toBe('windows-1252');
    expect(rows).toHaveLength(3001);
    expect(rows[3000]![2]).toBe('RENé');
  });

  it('reads ServiceNow tickets and pipe-delimited text', async () => {
    const tickets = await open('tickets-servicenow.csv');
    expect(tickets.fileType).toBe('TICKETS');
    expect(tickets.canonical).toMatchObject({ TICKET_ID: 0, USER: 3, ASSIGNED_TO: 4, REQUEST_TIME: 5, CLOSE_TIME: 6 });
    expect((await allRows(tickets))[1]).toEqual(['INC0001002', 'Role for new hire', 'Assign Z_FI_ADMIN to CAROL', 'CAROL', 'ALICE', '2024-03-04 10:00:00', '', 'In Progress']);
    const piped = await open('sm20-pipe.txt');
    expect(piped.format).toEqual({ container: 'csv', delimiter: '|', encoding: 'utf-8' });
    expect((await allRows(piped))[0]).toEqual(['05.03.2024', '10:00:00', 'DAVE', 'SM30', 'AU3', 'Transaction SM30 started']);
  });

  it('reads the Sentinel SIEM layouts of the public samples', async () => {
    const audit = await open('sentinel-audit-log-excerpt.csv');
    expect(audit.fileType).toBe('SM20');
    expect(audit.canonical).toMatchObject({ TCODE: 2, PROGRAM: 3, VAR1: 7, CLIENT: 16, USER: 19, EVENT: 20, MESSAGE: 21 });
    const auditRows = await allRows(audit);
    expect(auditRows).toHaveLength(21);
    expect(cell(audit, auditRows[0]!, 'MESSAGE')).toBe('Report RGWMON_SEND_NILIST started');
    expect(new Set(auditRows.map((r) => cell(audit, r, 'EVENT')))).toEqual(new Set(['AUW', 'AUK', 'DUI', 'AU5', 'AU1', 'AU3', 'FU1', 'BUJ']));

    const docs = await open('sentinel-change-docs-excerpt.csv');
    expect(docs.fileType).toBe('CDPOS');
    expect(docs.joined).toBe(true);
    expect(docs.canonical['CLIENT']).toBeUndefined();
    expect(docs.canonical).toMatchObject({ CHANGE_IND: 6, OBJECTCLAS: 1, OBJECTID: 2, CHANGENR: 3, USERNAME: 4, TCODE: 5, TABNAME: 9, TABKEY: 10, FNAME: 11, CHNGIND: 12, VALUE_NEW: 15, VALUE_OLD: 20 });
    const docRows = await allRows(docs);
    expect(docRows).toHaveLength(15);
    expect(cell(docs, docRows[0]!, 'TABKEY')).toBe('1.00E+18');
    expect(cell(docs, docRows[4]!, 'VALUE_NEW')).toBe('11145');
  });

  it('reads XLSX: first non-empty sheet, title rows above the header, strings and serials as text', async () => {
    const file = await open('tickets-title-rows.xlsx');
    expect(file.format).toEqual({ container: 'xlsx', encoding: 'utf-8' });
    expect(file.fileType).toBe('TICKETS');
    expect(file.columns).toEqual(['ID', 'Title', 'Description', 'Request user', 'Assigned to', 'Request time', 'Close time', 'Status']);
    const rows = await allRows(file);
    expect(rows).toEqual([
      ['1001', 'Vendor bank change', 'Change IBAN for vendor 100001', 'ALICE', 'BOB', '45352.385416666664', '45356.708333333336', 'Closed'],
      ['1002', 'New role', 'Line one\r\nline two', 'BOB', '', '45355', '', 'Open'],
    ]);
  });
});

describe('openFile: shapes of rows', () => {
  it('pads short rows, keeps extra cells as extra columns and drops blank rows', async () => {
    const file = await openFile(chunked(text('Event,User,Message Text\nAU1,ALICE\n\n  ,  ,\nAU2,BOB,Logon failed,extra\n')), 'x.csv');
    expect(file.columns).toEqual(['Event', 'User', 'Message Text', 'Column 4']);
    expect(await allRows(file)).toEqual([
      ['AU1', 'ALICE', '', ''],
      ['AU2', 'BOB', 'Logon failed', 'extra'],
    ]);
  });

  it('replays the buffered lookahead rows first, then streams in bounded batches', async () => {
    const body = Array.from({ length: 10_000 }, (_, i) => `AU1,USER${i},Logon ${i}`).join('\n');
    const file = await openFile(chunked(text(`Event,User,Message Text\n${body}\n`), 1000), 'big.csv');
    const sizes: number[] = [];
    const users: string[] = [];
    for await (const batch of file.batches()) {
      sizes.push(batch.length);
      for (const r of batch) users.push(r[1]!);
    }
    expect(users).toHaveLength(10_000);
    expect(users[0]).toBe('USER0');
    expect(users[9_999]).toBe('USER9999');
    expect(Math.max(...sizes)).toBeLessThanOrEqual(4096);
  });

  it('drops repeated header rows even when the header ends in empty cells', async () => {
    const file = await openFile(chunked(text('Event;User;Message Text;;\nAU1;ALICE;Logon;;\nEvent;User;Message Text;;\nAU2;BOB;Failed;;\n')), 'r.csv');
    expect(file.columns).toEqual(['Event', 'User', 'Message Text']);
    expect(await allRows(file)).toEqual([
      ['AU1', 'ALICE', 'Logon'],
      ['AU2', 'BOB', 'Failed'],
    ]);
  });

  it('accepts a header-only file with no data rows', async () => {
    const file = await openFile(chunked(text('OBJECTCLAS;OBJECTID;CHANGENR;TABNAME;FNAME\r\n')), 'h.csv');
    expect(file.fileType).toBe('CDPOS');
    expect(await allRows(file)).toEqual([]);
  });
});

describe('openFile: errors', () => {
  it('rejects an empty file, a BOM-only file and whitespace', async () => {
    for (const bytes of [new Uint8Array(0), new Uint8Array([0xef, 0xbb, 0xbf]), text(' \r\n\r\n')]) {
      const e = await failure(bytes, 'empty.csv');
      expect(e.code).toBe('EMPTY_FILE');
      expect(e.fileName).toBe('empty.csv');
    }
  });

  it('names the expected types and their key columns for an unrecognised file', async () => {
    const e = await failure(fixtureBytes('unrecognised.csv'), 'unrecognised.csv');
    expect(e.code).toBe('UNRECOGNISED_FILE');
    expect(e.message).toMatch(/^unrecognised\.csv: /);
    for (const expected of ['SM20', 'CDHDR', 'CDPOS', 'CHANGENR', 'TABNAME', 'Message Text', 'Request time']) expect(e.message).toContain(expected);
  });

  it('rejects legacy .xls with a message asking for XLSX or CSV', async () => {
    const e = await failure(fixtureBytes('legacy.xls'), 'old.xls');
    expect(e.code).toBe('UNSUPPORTED_FORMAT');
    expect(e.message).toBe('old.xls: Legacy Excel .xls files are not supported; save the file as .xlsx or CSV');
  });

  it('calls a binary file (an image, a PDF) unrecognised rather than reading garbage', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 600 }, (_, i) => (i * 37) % 256)]);
    const e = await failure(png, 'logo.png');
    expect(e.code).toBe('UNRECOGNISED_FILE');
    expect(e.message).toContain('neither text (CSV/TXT) nor an XLSX workbook');
  });

  it('detects the type from content, not the file name', async () => {
    const file = await openFile(chunked(fixtureBytes('cdhdr-se16-padded.csv')), 'CDPOS_export.xlsx');
    expect(file.fileType).toBe('CDHDR');
  });
});

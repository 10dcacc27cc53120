import { describe, expect, it } from 'vitest';
import { detectHeader, findHeaderRow } from './detect-file-type.ts';

describe('detectHeader', () => {
  it('reads SM20N labels', () => {
    const m = detectHeader(['Date', 'Time', 'Cl.', 'User', 'Terminal Name', 'Source TA', 'ABAP Source', 'Audit Log Msg. Text', 'First Variable Value for Event']);
    expect(m?.fileType).toBe('SM20');
    expect(m?.canonical).toMatchObject({ DATE: 0, TIME: 1, CLIENT: 2, USER: 3, TERMINAL: 4, TCODE: 5, PROGRAM: 6, MESSAGE: 7, VAR1: 8 });
  });
  it('reads technical RSAU names and Sentinel names', () => {
    expect(detectHeader(['SLGUSER', 'SLGTC', 'SLGREPNA', 'EVENT', 'SAL_DATA'])?.canonical).toEqual({ USER: 0, TCODE: 1, PROGRAM: 2, EVENT: 3, VAR1: 4 });
    const sentinel = detectHeader(['MessageID', 'MessageText', 'TransactionCode', 'ABAPProgramName', 'Variable1', 'Variable2', 'Variable3', 'ClientID']);
    expect(sentinel?.fileType).toBe('SM20');
    expect(sentinel?.canonical).toEqual({ EVENT: 0, MESSAGE: 1, TCODE: 2, PROGRAM: 3, VAR1: 4, VAR2: 5, VAR3: 6, CLIENT: 7 });
  });
  it('prefers the specific variable column over the combined variable data', () => {
    expect(detectHeader(['Event', 'User', 'Variable Data for Message', 'First Variable Value for Event'])?.canonical['VAR1']).toBe(3);
  });
  it('tells CDHDR from CDPOS and marks joined change documents by their header fields', () => {
    expect(detectHeader(['Object', 'Object Value', 'Doc.Number', 'User', 'Date', 'Time', 'TCode', 'Change Flag for Application Object'])?.fileType).toBe('CDHDR');
    const cdpos = detectHeader(['Object', 'Object Value', 'Doc.Number', 'Table Name', 'Table Key', 'Field Name', 'Change Indicator', 'New Value', 'Old Value']);
    expect(cdpos?.fileType).toBe('CDPOS');
    expect(cdpos?.canonical).toMatchObject({ VALUE_NEW: 7, VALUE_OLD: 8 });
    const joined = detectHeader(['ObjectClass_s', 'ObjectID', 'ChangeNumber', 'User', 'TransactionCode', 'TableName', 'ChangedTableKey', 'FieldName', 'TypeofChange_Item', 'ValueNew', 'ValueOld2']);
    expect(joined?.fileType).toBe('CDPOS');
    expect(joined?.canonical).toMatchObject({ OBJECTCLAS: 0, USERNAME: 3, TCODE: 4, TABKEY: 6, CHNGIND: 8, VALUE_NEW: 9, VALUE_OLD: 10 });
  });
  it('reads SysAid and ServiceNow ticket labels', () => {
    expect(detectHeader(['ID', 'Title', 'Request user', 'Request time', 'Close time'])?.fileType).toBe('TICKETS');
    expect(detectHeader(['Number', 'Short description', 'Caller', 'Assigned to', 'Opened', 'Closed', 'State'])?.canonical).toEqual({
      TICKET_ID: 0, TITLE: 1, USER: 2, ASSIGNED_TO: 3, REQUEST_TIME: 4, CLOSE_TIME: 5, STATUS: 6,
    });
  });
  it('ignores case and padding, and refuses rows that name no type', () => {
    expect(detectHeader(['  objectclas ', 'OBJECTID', ' changenr', 'tabname', 'FNAME'])?.fileType).toBe('CDPOS');
    expect(detectHeader(['Name', 'Price', 'Date', 'User'])).toBeUndefined();
    expect(detectHeader(['Table:', 'CDPOS'])).toBeUndefined();
  });
});

describe('detectHeader: German exports', () => {
  it('reads a German ticket export (ServiceNow in German) and still reads German SM20 and CDHDR as themselves', () => {
    expect(detectHeader(['Nummer', 'Kurzbeschreibung', 'Beschreibung', 'Anrufer', 'Zugewiesen an', 'Geöffnet', 'Geschlossen', 'Zustand'])?.canonical).toEqual({
      TICKET_ID: 0, TITLE: 1, DESCRIPTION: 2, USER: 3, ASSIGNED_TO: 4, REQUEST_TIME: 5, CLOSE_TIME: 6, STATUS: 7,
    });
    expect(detectHeader(['Datum', 'Uhrzeit', 'Mandant', 'Benutzer', 'Transaktionscode', 'Ereignis', 'Meldungstext'])?.fileType).toBe('SM20');
    expect(detectHeader(['Objektklasse', 'Objektwert', 'Belegnummer', 'Benutzername', 'Datum', 'Uhrzeit', 'Transaktionscode', 'Änderungskennzeichen Anwendungsobjekt'])?.fileType).toBe('CDHDR');
  });
  it('reads a German SM20N export', () => {
    const m = detectHeader(['Datum', 'Uhrzeit', 'Mandant', 'Benutzer', 'Terminalname', 'Transaktionscode', 'Programm', 'Ereignis', 'Audit-Log-Meldungstext', 'Erster Variablenwert', 'Variable 2', 'Variable 3']);
    expect(m?.fileType).toBe('SM20');
    expect(m?.canonical).toEqual({ DATE: 0, TIME: 1, CLIENT: 2, USER: 3, TERMINAL: 4, TCODE: 5, PROGRAM: 6, EVENT: 7, MESSAGE: 8, VAR1: 9, VAR2: 10, VAR3: 11 });
  });
  it('reads German CDHDR and CDPOS labels (umlauts and ß-free spellings alike)', () => {
    const hdr = detectHeader(['Objektklasse', 'Objektwert', 'Belegnummer', 'Benutzername', 'Änderungsdatum', 'Uhrzeit', 'Transaktionscode', 'Änderungskennzeichen Anwendungsobjekt']);
    expect(hdr?.fileType).toBe('CDHDR');
    expect(hdr?.canonical).toEqual({ OBJECTCLAS: 0, OBJECTID: 1, CHANGENR: 2, USERNAME: 3, UDATE: 4, UTIME: 5, TCODE: 6, CHANGE_IND: 7 });
    const pos = detectHeader(['Objektklasse', 'Objektwert', 'Änderungsnummer', 'Tabellenname', 'Tabellenschlüssel', 'Feldname', 'Änderungskennzeichen', 'Neuer Wert', 'Alter Wert']);
    expect(pos?.fileType).toBe('CDPOS');
    expect(pos?.canonical).toEqual({ OBJECTCLAS: 0, OBJECTID: 1, CHANGENR: 2, TABNAME: 3, TABKEY: 4, FNAME: 5, CHNGIND: 6, VALUE_NEW: 7, VALUE_OLD: 8 });
  });
  it('does not read a German address list as a file type (near miss)', () => {
    expect(detectHeader(['Name', 'Straße', 'Datum', 'Benutzer'])).toBeUndefined();
  });
});

describe('findHeaderRow', () => {
  it('skips title rows above the header', () => {
    const rows = [['Table: CDHDR'], ['Displayed Fields: 8 of 8'], ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'USERNAME', 'UDATE'], ['BELEG', '1', '2', 'A', '20240101']];
    expect(findHeaderRow(rows)).toMatchObject({ index: 2, match: { fileType: 'CDHDR' } });
  });
});

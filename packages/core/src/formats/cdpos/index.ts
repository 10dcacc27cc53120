/**
 * The home of file type CDPOS: its canonical columns, the header labels real exports use (one
 * table per language or tool, best first), and what a header must have to be read as CDPOS.
 * CDPOS change-document items, also joined exports (header and item fields in one row, as SIEM tools write them): there the header's CHANGE_IND is apart from the item's CHNGIND, which the item's labels name ("Change Indicator" stays the item's).
 * Registered in formats/file-formats.ts (FILE_FORMATS).
 */
import type { FileFormat } from '../file-format.ts';

export const CDPOS_FORMAT: FileFormat = {
  canonical: ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'TABKEY', 'FNAME', 'CHNGIND', 'VALUE_NEW', 'VALUE_OLD'],
  extraCanonical: ['USERNAME', 'UDATE', 'UTIME', 'TCODE', 'CHANGE_IND'],
  labels: {
    'English': {
      OBJECTCLAS: ['Object', 'Object Class'],
      OBJECTID: ['Object Value', 'Object ID'],
      CHANGENR: ['Doc.Number', 'Document Number', 'Change Number', 'Doc. Number'],
      TABNAME: ['Table Name', 'Table'],
      TABKEY: ['Table Key', 'Changed Table Key'],
      FNAME: ['Field Name', 'Field'],
      CHNGIND: ['Change Indicator', 'Change Ind.', 'Change Type'],
      VALUE_NEW: ['New Value', 'New Val.'],
      VALUE_OLD: ['Old Value', 'Old Val.'],
      USERNAME: ['User', 'User Name', 'Changed By'],
      UDATE: ['Date', 'Change Date', 'Changed On'],
      UTIME: ['Time', 'Change Time'],
      TCODE: ['Transaction Code', 'Transaction'],
      CHANGE_IND: ['Change Flag for Application Object'],
    },
    'SAP technical names': {
      OBJECTCLAS: ['OBJECTCLAS'],
      OBJECTID: ['OBJECTID'],
      CHANGENR: ['CHANGENR'],
      TABNAME: ['TABNAME'],
      TABKEY: ['TABKEY'],
      FNAME: ['FNAME'],
      CHNGIND: ['CHNGIND'],
      VALUE_NEW: ['VALUE_NEW'],
      VALUE_OLD: ['VALUE_OLD'],
      USERNAME: ['USERNAME'],
      UDATE: ['UDATE'],
      UTIME: ['UTIME'],
      TCODE: ['TCODE'],
      CHANGE_IND: ['CHANGE_IND'],
    },
    'SIEM': {
      OBJECTCLAS: ['ObjectClass_s', 'ObjectClass'],
      OBJECTID: [],
      CHANGENR: ['ChangeNumber'],
      TABNAME: ['TableName'],
      TABKEY: ['ChangedTableKey'],
      FNAME: ['FieldName'],
      CHNGIND: ['TypeofChange_Item'],
      VALUE_NEW: ['ValueNew'],
      VALUE_OLD: ['ValueOld', 'ValueOld2'],
      UDATE: ['TimeGenerated', 'TimeGenerated [UTC]', 'UpdatedOn', 'Timestamp'],
      TCODE: ['TransactionCode'],
      CHANGE_IND: ['TypeofChange_Header'],
    },
    'German': {
      OBJECTCLAS: ['Objektklasse'],
      OBJECTID: ['Objektwert'],
      CHANGENR: ['Belegnummer', 'Änderungsnummer'],
      TABNAME: ['Tabellenname', 'Tabelle'],
      TABKEY: ['Tabellenschlüssel'],
      FNAME: ['Feldname', 'Feld'],
      CHNGIND: ['Änderungskennzeichen'],
      VALUE_NEW: ['Neuer Wert', 'Wert neu'],
      VALUE_OLD: ['Alter Wert', 'Wert alt'],
      USERNAME: ['Benutzer', 'Benutzername'],
      UDATE: ['Datum', 'Änderungsdatum'],
      UTIME: ['Uhrzeit', 'Zeit'],
      TCODE: ['Transaktionscode', 'Transaktion'],
      CHANGE_IND: ['Änderungskennzeichen Anwendungsobjekt'],
    },
  },
  /** A table name and a field name, and a change number or object id. */
  requirement: (has) => (has('CHANGENR') || has('OBJECTID')) && has('TABNAME') && has('FNAME'),
  expected: 'CDPOS change items (OBJECTCLAS, OBJECTID, CHANGENR, TABNAME, TABKEY, FNAME, CHNGIND, VALUE_NEW, VALUE_OLD)',
};

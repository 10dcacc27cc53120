/**
 * The home of file type CDPOS: its canonical columns, the header labels real exports use (one
 * table per language or tool, best first), and what a header must have to be read as CDPOS.
 * CDPOS change-document items, also joined exports (header and item fields in one row, as SIEM tools write them): there the header's CHANGE_IND is apart from the item's CHNGIND, which the item's labels name ("Change Indicator" stays the item's).
 * Registered in formats/file-formats.ts (FILE_FORMATS).
 */
import { CHANGE_DOCUMENT_HEADER_LABELS, mergeLabels } from '../change-document-labels.ts';
import type { FileFormat } from '../file-format.ts';

export const CDPOS_FORMAT: FileFormat = {
  canonical: ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'TABKEY', 'FNAME', 'CHNGIND', 'VALUE_NEW', 'VALUE_OLD'],
  extraCanonical: ['USERNAME', 'UDATE', 'UTIME', 'TCODE', 'CHANGE_IND'],
  // The header fields' labels are shared with CDHDR (a joined export has them beside the item's).
  labels: mergeLabels(CHANGE_DOCUMENT_HEADER_LABELS, {
    'English': {
      TABNAME: ['Table Name', 'Table'],
      TABKEY: ['Table Key', 'Changed Table Key'],
      FNAME: ['Field Name', 'Field'],
      CHNGIND: ['Change Indicator', 'Change Ind.', 'Change Type'],
      VALUE_NEW: ['New Value', 'New Val.'],
      VALUE_OLD: ['Old Value', 'Old Val.'],
    },
    'SAP technical names': {
      TABNAME: ['TABNAME'],
      TABKEY: ['TABKEY'],
      FNAME: ['FNAME'],
      CHNGIND: ['CHNGIND'],
      VALUE_NEW: ['VALUE_NEW'],
      VALUE_OLD: ['VALUE_OLD'],
    },
    'SIEM': {
      TABNAME: ['TableName'],
      TABKEY: ['ChangedTableKey'],
      FNAME: ['FieldName'],
      CHNGIND: ['TypeofChange_Item'],
      VALUE_NEW: ['ValueNew'],
      VALUE_OLD: ['ValueOld', 'ValueOld2'],
    },
    'German': {
      TABNAME: ['Tabellenname', 'Tabelle'],
      TABKEY: ['Tabellenschlüssel'],
      FNAME: ['Feldname', 'Feld'],
      CHNGIND: ['Änderungskennzeichen'],
      VALUE_NEW: ['Neuer Wert', 'Wert neu'],
      VALUE_OLD: ['Alter Wert', 'Wert alt'],
    },
  }),
  /** A table name and a field name, and a change number or object id. */
  requirement: (has) => (has('CHANGENR') || has('OBJECTID')) && has('TABNAME') && has('FNAME'),
  expected: 'CDPOS change items (OBJECTCLAS, OBJECTID, CHANGENR, TABNAME, TABKEY, FNAME, CHNGIND, VALUE_NEW, VALUE_OLD)',
  record: {
    shape: 'documents',
    // A joined export's header fields too (user, date, time, transaction: extraCanonical).
    columns: { user: 'USERNAME', date: 'UDATE', time: 'UTIME', tcode: 'TCODE', objectclas: 'OBJECTCLAS', objectid: 'OBJECTID', changenr: 'CHANGENR', tabname: 'TABNAME', fname: 'FNAME', tabkey: 'TABKEY', chngind: 'CHNGIND', valueNew: 'VALUE_NEW', valueOld: 'VALUE_OLD' },
  },
};

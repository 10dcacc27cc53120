/**
 * The home of file type CDHDR: its canonical columns, the header labels real exports use (one
 * table per language or tool, best first), and what a header must have to be read as CDHDR.
 * CDHDR change-document headers (SE16/SE16N in English and German, technical names, SIEM ABAPChangeDocsLog headers).
 * Registered in formats/file-formats.ts (FILE_FORMATS).
 */
import type { FileFormat } from '../file-format.ts';

export const CDHDR_FORMAT: FileFormat = {
  canonical: ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'USERNAME', 'UDATE', 'UTIME', 'TCODE', 'CHANGE_IND'],
  extraCanonical: [],
  labels: {
    'English': {
      OBJECTCLAS: ['Object', 'Object Class'],
      OBJECTID: ['Object Value', 'Object ID'],
      CHANGENR: ['Doc.Number', 'Document Number', 'Change Number', 'Doc. Number'],
      USERNAME: ['User', 'User Name', 'Changed By'],
      UDATE: ['Date', 'Change Date', 'Changed On'],
      UTIME: ['Time', 'Change Time'],
      TCODE: ['Transaction Code', 'Transaction'],
      CHANGE_IND: ['Change Flag for Application Object', 'Change Indicator', 'Change Ind.'],
    },
    'SAP technical names': {
      OBJECTCLAS: ['OBJECTCLAS'],
      OBJECTID: ['OBJECTID'],
      CHANGENR: ['CHANGENR'],
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
      UDATE: ['TimeGenerated', 'TimeGenerated [UTC]', 'UpdatedOn', 'Timestamp'],
      TCODE: ['TransactionCode'],
      CHANGE_IND: ['TypeofChange_Header'],
    },
    'German': {
      OBJECTCLAS: ['Objektklasse'],
      OBJECTID: ['Objektwert'],
      CHANGENR: ['Belegnummer', 'Änderungsnummer'],
      USERNAME: ['Benutzer', 'Benutzername'],
      UDATE: ['Datum', 'Änderungsdatum'],
      UTIME: ['Uhrzeit', 'Zeit'],
      TCODE: ['Transaktionscode', 'Transaktion'],
      CHANGE_IND: ['Änderungskennzeichen Anwendungsobjekt'],
    },
  },
  /** A change number, an object class and a user or date, and no field name (that is an item). */
  requirement: (has) => has('CHANGENR') && has('OBJECTCLAS') && (has('USERNAME') || has('UDATE')) && !has('FNAME'),
  expected: 'CDHDR change headers (OBJECTCLAS, OBJECTID, CHANGENR, USERNAME, UDATE, UTIME, TCODE)',
};

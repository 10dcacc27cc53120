/**
 * The header fields' labels that CDHDR and CDPOS exports share (a joined CDPOS export carries the
 * header's fields beside the item's): one table per language or tool, best first. Each home adds
 * its own columns' labels (mergeLabels).
 */
import type { FileFormat, LabelTableName } from './file-format.ts';

type Labels = FileFormat['labels'];

export const CHANGE_DOCUMENT_HEADER_LABELS: Labels = {
  'English': {
    OBJECTCLAS: ['Object', 'Object Class'],
    OBJECTID: ['Object Value', 'Object ID'],
    CHANGENR: ['Doc.Number', 'Document Number', 'Change Number', 'Doc. Number'],
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
};

/** The shared labels with a home's own added (or, for a column both name, the home's). */
export function mergeLabels(shared: Labels, own: Labels): Labels {
  const tables = new Set([...Object.keys(shared), ...Object.keys(own)]) as Set<LabelTableName>;
  return Object.fromEntries([...tables].map((t) => [t, { ...shared[t], ...own[t] }]));
}

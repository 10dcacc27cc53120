/**
 * The home of file type CDHDR: its canonical columns, the header labels real exports use (one
 * table per language or tool, best first), and what a header must have to be read as CDHDR.
 * CDHDR change-document headers (SE16/SE16N in English and German, technical names, SIEM ABAPChangeDocsLog headers).
 * Registered in formats/file-formats.ts (FILE_FORMATS).
 */
import { CHANGE_DOCUMENT_HEADER_LABELS, mergeLabels } from '../change-document-labels.ts';
import type { FileFormat } from '../file-format.ts';

export const CDHDR_FORMAT: FileFormat = {
  canonical: ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'USERNAME', 'UDATE', 'UTIME', 'TCODE', 'CHANGE_IND'],
  extraCanonical: [],
  // The header fields' labels are shared with CDPOS (a joined export has them too); CDHDR alone
  // reads "Change Indicator" as the header's indicator.
  labels: mergeLabels(CHANGE_DOCUMENT_HEADER_LABELS, {
    'English': { CHANGE_IND: ['Change Flag for Application Object', 'Change Indicator', 'Change Ind.'] },
  }),
  /** A change number, an object class and a user or date, and no field name (that is an item). */
  requirement: (has) => has('CHANGENR') && has('OBJECTCLAS') && (has('USERNAME') || has('UDATE')) && !has('FNAME'),
  expected: 'CDHDR change headers (OBJECTCLAS, OBJECTID, CHANGENR, USERNAME, UDATE, UTIME, TCODE)',
  record: {
    shape: 'documents',
    columns: { user: 'USERNAME', date: 'UDATE', time: 'UTIME', tcode: 'TCODE', objectclas: 'OBJECTCLAS', objectid: 'OBJECTID', changenr: 'CHANGENR' },
  },
};

import type { FileType } from '../model/index.ts';

/** Canonical columns per file type, as DETECTION.md section 1 lists them. */
export const CANONICAL_COLUMNS: Record<FileType, readonly string[]> = {
  SM20: ['DATE', 'TIME', 'CLIENT', 'USER', 'TERMINAL', 'PEER', 'TCODE', 'PROGRAM', 'EVENT', 'MESSAGE', 'VAR1', 'VAR2', 'VAR3'],
  CDHDR: ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'USERNAME', 'UDATE', 'UTIME', 'TCODE', 'CHANGE_IND'],
  CDPOS: ['OBJECTCLAS', 'OBJECTID', 'CHANGENR', 'TABNAME', 'TABKEY', 'FNAME', 'CHNGIND', 'VALUE_NEW', 'VALUE_OLD'],
  TICKETS: ['TICKET_ID', 'TITLE', 'DESCRIPTION', 'USER', 'REQUEST_TIME', 'CLOSE_TIME', 'STATUS'],
};

/**
 * Canonical columns a file may carry beyond its type's list: the header fields of a joined
 * change-document export (CDPOS rows that know their CDHDR header), and the ticket assignee.
 */
export const EXTRA_CANONICAL_COLUMNS: Record<FileType, readonly string[]> = {
  SM20: [],
  CDHDR: [],
  CDPOS: ['USERNAME', 'UDATE', 'UTIME', 'TCODE', 'CHANGE_IND'],
  TICKETS: ['ASSIGNED_TO'],
};

/** Suffix of the combined CSV's canonical column labels ("DATE (canonical)"): apart from any original label. */
export const CANONICAL_SUFFIX = ' (canonical)';

/** Canonical columns holding a date (normalise with normaliseDate) per type. */
export const DATE_COLUMNS: readonly string[] = ['DATE', 'UDATE', 'REQUEST_TIME', 'CLOSE_TIME'];

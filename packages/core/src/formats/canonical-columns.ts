import { FILE_TYPES, type FileType } from '../model/index.ts';
import { FILE_FORMATS } from './file-formats.ts';

/** Canonical columns per file type, as DETECTION.md section 1 lists them (each type's home declares its own). */
export const CANONICAL_COLUMNS: Record<FileType, readonly string[]> = Object.fromEntries(FILE_TYPES.map((t) => [t, FILE_FORMATS[t].canonical])) as Record<FileType, readonly string[]>;

/**
 * Canonical columns a file may carry beyond its type's list: the header fields of a joined
 * change-document export (CDPOS rows that know their CDHDR header), and the ticket assignee.
 */
export const EXTRA_CANONICAL_COLUMNS: Record<FileType, readonly string[]> = Object.fromEntries(FILE_TYPES.map((t) => [t, FILE_FORMATS[t].extraCanonical])) as Record<FileType, readonly string[]>;

/** Suffix of the combined CSV's canonical column labels ("DATE (canonical)"): apart from any original label. */
export const CANONICAL_SUFFIX = ' (canonical)';

/** Canonical columns holding a date (normalise with normaliseDate) per type. */
export const DATE_COLUMNS: readonly string[] = ['DATE', 'UDATE', 'REQUEST_TIME', 'CLOSE_TIME'];

/**
 * Every file type's home, in one record: the canonical columns (canonical-columns.ts), the header
 * labels (header-labels.ts) and the type detection (detect-file-type.ts) read their parts from here.
 * A new file type is a folder formats/<type>/ and a line below (docs/contributing.md).
 */
import type { FileType } from '../model/index.ts';
import { CDHDR_FORMAT } from './cdhdr/index.ts';
import { CDPOS_FORMAT } from './cdpos/index.ts';
import type { FileFormat } from './file-format.ts';
import { SM20_FORMAT } from './sm20/index.ts';
import { TICKETS_FORMAT } from './tickets/index.ts';

export type { FileFormat } from './file-format.ts';

export const FILE_FORMATS: Record<FileType, FileFormat> = {
  SM20: SM20_FORMAT,
  CDHDR: CDHDR_FORMAT,
  CDPOS: CDPOS_FORMAT,
  TICKETS: TICKETS_FORMAT,
};

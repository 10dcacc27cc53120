import { EngineError } from '../errors/index.ts';
import { MAX_CELL_CHARS } from './csv-splitter.ts';

/**
 * What one uploaded file may expand to while it is read. A small compressed workbook can hold
 * gigabytes of XML, so every cap applies before the work it bounds is done.
 */
export interface ReadLimits {
  /** Decompressed bytes of one worksheet part. */
  sheetBytes: number;
  /** Decompressed bytes of the shared-strings part. */
  sharedStringsBytes: number;
  /** Characters of all shared strings together (they are held in memory while the sheet is read). */
  sharedStringChars: number;
  /** Decompressed bytes of a small workbook part (workbook, relationships). */
  partBytes: number;
  /** Characters of one row's XML. */
  rowChars: number;
  /** Characters of one cell value. */
  cellChars: number;
  /** Rows of one worksheet, empty ones included. */
  rows: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_READ_LIMITS: ReadLimits = {
  sheetBytes: 2048 * MIB,
  sharedStringsBytes: 256 * MIB,
  sharedStringChars: 256 * MIB,
  partBytes: 32 * MIB,
  rowChars: 64 * MIB,
  cellChars: MAX_CELL_CHARS,
  // Excel's own row limit: a workbook with more rows per sheet was not written by Excel.
  rows: 1_048_576,
};

export function readLimits(overrides?: Partial<ReadLimits>): ReadLimits {
  return { ...DEFAULT_READ_LIMITS, ...overrides };
}

/** "256 MB", "1,048,576 rows": a limit as the user reads it. */
function describe(limit: number, unit: 'bytes' | 'characters' | 'rows'): string {
  if (unit === 'bytes' && limit >= MIB && limit % MIB === 0) return `${limit / MIB} MB`;
  return `${limit.toLocaleString('en-US')} ${unit}`;
}

const FILE_HINT = '(the limit for one file); split the data into smaller files or save it as CSV';

/**
 * The error for input that goes past a limit; `what` names the part ("the worksheet
 * xl/worksheets/sheet1.xml expands to"), `hint` what the user can do.
 */
export function limitExceeded(what: string, limit: number, unit: 'bytes' | 'characters' | 'rows', hint = FILE_HINT): EngineError {
  return new EngineError('LIMIT_EXCEEDED', `${what} more than ${describe(limit, unit)} ${hint}`);
}

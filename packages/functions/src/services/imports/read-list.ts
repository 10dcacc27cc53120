/**
 * Every list an administrator imports (high-risk tables and transaction codes, watchlists, the
 * TSTCT / DD02T master exports) is read by the engine's readers: CSV in any encoding and delimiter
 * the engine reads, or the first sheet of an XLSX workbook, within the engine's read limits.
 */
import { EngineError } from '@app/core/errors/index.ts';
import { readTable } from '@app/core/formats/read-table.ts';
import { limitExceeded, type ReadLimits } from '@app/core/formats/read-limits.ts';
import { VisibleError } from '../../http/errors.ts';

const MIB = 1024 * 1024;

/** Largest list file an import accepts, uploaded or sent inline (TSTCT of a full system as CSV is about 8 MB). */
export const LIST_IMPORT_MAX_BYTES = 20 * MIB;

/**
 * What one list file may expand to. A 20 MB XLSX may inflate to ten times its size in XML; the
 * rows read are held in memory (the API function has 1 GB), so the caps sit well below that.
 */
export const LIST_READ_LIMITS: Partial<ReadLimits> = {
  sheetBytes: 256 * MIB,
  sharedStringsBytes: 64 * MIB,
  sharedStringChars: 64 * MIB,
  partBytes: 4 * MIB,
  rowChars: 1 * MIB,
  cellChars: 64 * 1024,
  rows: 1_048_576,
};

/** The error of a list file past LIST_IMPORT_MAX_BYTES (LIMIT_EXCEEDED, as the engine's limits). */
export function fileTooLarge(fileName: string): EngineError {
  const e = limitExceeded('the file holds', LIST_IMPORT_MAX_BYTES, 'bytes', 'per import; split the file');
  return new EngineError(e.code, e.message, fileName);
}

/** Reads a list file into rows of cells; engine errors become 400, a limit passed 413. */
export async function readListFile(bytes: AsyncIterable<Uint8Array>, fileName: string): Promise<string[][]> {
  try {
    return await readTable(bytes, fileName, LIST_READ_LIMITS);
  } catch (e) {
    if (!(e instanceof EngineError)) throw e;
    throw new VisibleError(e.code === 'LIMIT_EXCEEDED' ? 'TOO_LARGE' : 'BAD_REQUEST', e.message);
  }
}

/** CSV (or an SAP list) sent as text in a request body. */
export function readListText(csvContent: string, fileName = 'csvContent'): Promise<string[][]> {
  return readListFile(once(new TextEncoder().encode(csvContent)), fileName);
}

/** An XLSX workbook sent base64-encoded in a request body. */
export function readListWorkbook(bytes: Uint8Array, fileName = 'xlsxBase64'): Promise<string[][]> {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b || bytes[2] !== 3 || bytes[3] !== 4) {
    throw new VisibleError('BAD_REQUEST', 'The file is not a valid XLSX workbook');
  }
  return readListFile(once(bytes), fileName);
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

import { EngineError } from '../errors/index.ts';
import { readHead } from './byte-head.ts';
import { openRows, withFileName } from './open-rows.ts';
import { openTextRows } from './open-text.ts';
import { readLimits, type ReadLimits } from './read-limits.ts';
import type { OpenedFile } from './types.ts';
import { openXlsx } from './xlsx/open-xlsx.ts';

export const HEAD_BYTES = 64 * 1024;
export const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
export const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/**
 * Opens one uploaded file as a stream: sniffs container (CSV/TXT, SAP list, XLSX) and encoding,
 * finds the header row, detects the file type from content, and returns rows in batches.
 * `source` is read once. Throws only EngineError; `limits` caps what a workbook may expand to.
 * @example const file = await openFile(fs.createReadStream('cdpos.csv'), 'cdpos.csv');
 */
export async function openFile(source: AsyncIterable<Uint8Array>, fileName: string, limits?: Partial<ReadLimits>): Promise<OpenedFile> {
  try {
    return await openUnchecked(source, fileName, readLimits(limits));
  } catch (e) {
    throw withFileName(e, fileName);
  }
}

async function openUnchecked(source: AsyncIterable<Uint8Array>, fileName: string, limits: ReadLimits): Promise<OpenedFile> {
  const { head, all } = await readHead(source, HEAD_BYTES);
  if (head.length === 0) throw new EngineError('EMPTY_FILE', 'the file is empty', fileName);
  if (startsWith(head, OLE2_MAGIC)) {
    throw new EngineError('UNSUPPORTED_FORMAT', 'Legacy Excel .xls files are not supported; save the file as .xlsx or CSV', fileName);
  }
  if (startsWith(head, ZIP_MAGIC)) {
    return openXlsx(all, fileName, limits);
  }
  const { rows, layout, sniffed, decoder } = await openTextRows(head, all, fileName);
  const opened = await openRows(rows, fileName, { container: layout.container, delimiter: layout.delimiter, encoding: sniffed.encoding });
  if (opened.shape) Object.assign(opened.shape, { encoding: sniffed.encoding, bomLength: sniffed.bomLength });
  // Live: the decoder may switch to Windows-1252 at the first invalid byte, even late in the file.
  Object.defineProperty(opened.format, 'encoding', {
    enumerable: true,
    get: () => (sniffed.bomLength > 0 ? `${decoder.encoding} with BOM` : decoder.encoding),
  });
  return opened;
}

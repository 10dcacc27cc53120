import { EngineError } from '../errors/index.ts';
import { readHead } from './byte-head.ts';
import { HEAD_BYTES, OLE2_MAGIC, startsWith, ZIP_MAGIC } from './open-file.ts';
import { withFileName } from './open-rows.ts';
import { openTextRows } from './open-text.ts';
import { limitExceeded, readLimits, type ReadLimits } from './read-limits.ts';
import { readWorkbookRows } from './xlsx/open-xlsx.ts';

const TABLE_EXPECTED = 'Upload the list as CSV (or TXT) or as an XLSX workbook.';

/**
 * Reads a list an administrator imports (CSV/TXT or an SAP list in any encoding and delimiter the
 * engine reads, or the first sheet with data of an XLSX workbook) into rows of untrimmed cells,
 * blank rows kept so row numbers match the file. No file-type detection: the caller knows what
 * the list holds. The engine's readers and `limits` apply (`rows` counts CSV rows too), so a
 * zip bomb or an endless file stops with LIMIT_EXCEEDED naming the limit. Throws only EngineError.
 * @example const rows = await readTable(Readable.from([bytes]), 'tstct.xlsx', { rows: 500_000 });
 */
export async function readTable(source: AsyncIterable<Uint8Array>, fileName: string, limits?: Partial<ReadLimits>): Promise<string[][]> {
  const caps = readLimits(limits);
  try {
    const out: string[][] = [];
    for await (const batch of await openTableRows(source, fileName, caps)) {
      if (out.length + batch.length > caps.rows) throw limitExceeded('the list has', caps.rows, 'rows', 'per import; split the file');
      for (const row of batch) out.push(row);
    }
    return out;
  } catch (e) {
    throw withFileName(e, fileName);
  }
}

async function openTableRows(source: AsyncIterable<Uint8Array>, fileName: string, limits: ReadLimits): Promise<AsyncIterable<string[][]>> {
  const { head, all } = await readHead(source, HEAD_BYTES);
  if (head.length === 0) throw new EngineError('EMPTY_FILE', 'the file is empty', fileName);
  if (startsWith(head, OLE2_MAGIC)) {
    throw new EngineError('UNSUPPORTED_FORMAT', 'Legacy Excel .xls files are not supported; save the file as .xlsx or CSV', fileName);
  }
  if (startsWith(head, ZIP_MAGIC)) return readWorkbookRows(all, fileName, limits);
  return (await openTextRows(head, all, fileName, TABLE_EXPECTED)).rows;
}


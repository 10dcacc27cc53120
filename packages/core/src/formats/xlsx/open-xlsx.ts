import { EngineError } from '../../errors/index.ts';
import { openRows } from '../open-rows.ts';
import { readLimits, type ReadLimits } from '../read-limits.ts';
import { BATCH_ROWS } from '../text-rows.ts';
import type { OpenedFile } from '../types.ts';
import { readSharedStrings } from './shared-strings.ts';
import { readSheetRows } from './sheet-rows.ts';
import { locateParts } from './workbook.ts';
import { collectZipEntries } from './zip-entries.ts';

const WANTED = /^(?:_rels\/\.rels|xl\/_rels\/[^/]+\.rels|xl\/[^/]+\.xml|xl\/worksheets\/[^/]+\.xml)$/;

/**
 * Reads an XLSX workbook: the first sheet with data, header row wherever it is (title rows
 * above it are skipped by header detection), styles ignored, values as written (dates stay
 * Excel serials, normalised later by normaliseDate), within `limits`.
 */
export async function openXlsx(bytes: AsyncIterable<Uint8Array>, fileName: string, limits: ReadLimits = readLimits()): Promise<OpenedFile> {
  return openRows(await readWorkbookRows(bytes, fileName, limits), fileName, { container: 'xlsx', encoding: 'utf-8' });
}

/**
 * The raw row batches (cells untrimmed) of a workbook's first sheet with data, within `limits`:
 * the zip is read once, shared strings are held, the sheet is inflated as a stream.
 */
export async function readWorkbookRows(bytes: AsyncIterable<Uint8Array>, fileName: string, limits: ReadLimits = readLimits()): Promise<AsyncGenerator<string[][]>> {
  const entries = await collectZipEntries(bytes, (name) => WANTED.test(name));
  const parts = locateParts(entries, limits.partBytes);
  if (parts.sheets.length === 0) {
    throw new EngineError('UNRECOGNISED_FILE', 'the file is a ZIP archive but not an Excel workbook (no worksheet found); upload XLSX or CSV', fileName);
  }
  const sharedEntry = parts.sharedStrings ? entries.get(parts.sharedStrings) : undefined;
  const shared = sharedEntry ? readSharedStrings(sharedEntry, limits) : [];
  if (sharedEntry) entries.delete(sharedEntry.name);

  async function* rows(): AsyncGenerator<string[][]> {
    for (const name of parts.sheets) {
      const entry = entries.get(name)!;
      let hasData = false;
      for await (const batch of readSheetRows(entry, shared, BATCH_ROWS, limits)) {
        if (!hasData) hasData = batch.some((r) => r.some((c) => c.trim() !== ''));
        yield batch;
      }
      entries.delete(name);
      if (hasData) return; // the first non-empty sheet is the data
    }
  }
  return rows();
}

import { EngineError } from '../errors/index.ts';
import { DATE_COLUMNS } from './canonical-columns.ts';
import { decideDateOrder } from './dates.ts';
import { EXPECTED_TYPES_MESSAGE, findHeaderRow } from './detect-file-type.ts';
import { BATCH_ROWS } from './text-rows.ts';
import type { FormatFacts, OpenedFile } from './types.ts';

/** Rows searched for the header (title rows above it are common in SAP and XLSX exports). */
const HEADER_SCAN_ROWS = 60;
/** Data rows looked at to decide day/month order; they are buffered and replayed first. */
const DATE_SCAN_ROWS = 1000;

/** Whether a cell with these first and last characters needs String#trim (most cells do not). */
export const needsTrim = (first: number, last: number): boolean => first <= 32 || last <= 32 || first === 160 || last === 160;

export function trimCell(c: string): string {
  const n = c.length;
  return n > 0 && needsTrim(c.charCodeAt(0), c.charCodeAt(n - 1)) ? c.trim() : c;
}

export function isBlank(row: string[]): boolean {
  for (const c of row) if (trimCell(c) !== '') return false;
  return true;
}

/** Trimmed labels made unique ("Unit", "Unit (2)"); empty labels become "Column N". */
export function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((raw, i) => {
    const label = trimCell(raw) || `Column ${i + 1}`;
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    if (count === 1) return label;
    let n = count;
    let candidate = `${label} (${n})`;
    while (seen.has(candidate)) candidate = `${label} (${++n})`;
    seen.set(label, n);
    seen.set(candidate, 1);
    return candidate;
  });
}

/** Trims, pads to `width` and drops blank rows and repeated header rows (SAP repeats them per page). */
export function shapeRows(raw: string[][], width: number, header: readonly string[]): string[][] {
  const out: string[][] = [];
  for (const row of raw) {
    // Rows are fresh arrays from the splitter: shape them in place rather than copy.
    if (row.length > width) row.length = width;
    let filled = false;
    for (let i = 0; i < row.length; i++) {
      const c = trimCell(row[i]!);
      row[i] = c;
      if (c !== '') filled = true;
    }
    if (!filled) continue;
    while (row.length < width) row.push('');
    if (isHeaderRepeat(row, header)) continue;
    out.push(row);
  }
  return out;
}

function isHeaderRepeat(row: string[], header: readonly string[]): boolean {
  if (row[0] !== header[0]) return false;
  for (let i = 1; i < header.length; i++) if (row[i] !== header[i]) return false;
  return true;
}

function rowWidth(row: string[]): number {
  let n = row.length;
  while (n > 0 && trimCell(row[n - 1]!) === '') n--;
  return n;
}

/**
 * Finds the header among the first rows, decides file type and day/month order, and returns the
 * opened file whose batches replay the buffered rows before reading on.
 */
export async function openRows(rows: AsyncIterator<string[][]>, fileName: string, format: FormatFacts): Promise<OpenedFile> {
  const buffered: string[][] = [];
  let ended = false;
  const pull = async (): Promise<boolean> => {
    const next = await rows.next();
    if (next.done) {
      ended = true;
      return false;
    }
    for (const r of next.value) if (!isBlank(r)) buffered.push(r);
    return true;
  };
  while (!ended && buffered.length < HEADER_SCAN_ROWS) await pull();
  if (buffered.length === 0) throw new EngineError('EMPTY_FILE', 'the file contains no rows', fileName);

  const scanned = buffered.slice(0, HEADER_SCAN_ROWS).map((r) => r.map(trimCell));
  const found = findHeaderRow(scanned);
  if (!found) {
    throw new EngineError('UNRECOGNISED_FILE', `the file type could not be recognised from its header row. ${EXPECTED_TYPES_MESSAGE}`, fileName);
  }
  const header = scanned[found.index]!;
  buffered.splice(0, found.index + 1);
  const { fileType, canonical } = found.match;

  const dateIndexes = DATE_COLUMNS.map((c) => canonical[c]).filter((i): i is number => i !== undefined);
  if (dateIndexes.length > 0) while (!ended && buffered.length < DATE_SCAN_ROWS) await pull();
  const dateOrder = decideDateOrder(
    (function* () {
      for (const r of buffered) for (const i of dateIndexes) if (r[i] !== undefined) yield r[i]!;
    })(),
  );

  let width = rowWidth(header);
  for (const r of buffered) width = Math.max(width, rowWidth(r));
  const headerCells = Array.from({ length: width }, (_, i) => header[i] ?? '');
  const columns = uniqueLabels(headerCells);

  let started = false;
  async function* batches(): AsyncGenerator<string[][]> {
    if (started) throw new Error(`${fileName}: batches() can be read only once; the source is a one-shot stream`);
    started = true;
    for (let i = 0; i < buffered.length; i += BATCH_ROWS) {
      const batch = shapeRows(buffered.slice(i, i + BATCH_ROWS), width, headerCells);
      if (batch.length > 0) yield batch;
    }
    buffered.length = 0;
    while (!ended) {
      const next = await rows.next().catch((e: unknown) => {
        throw withFileName(e, fileName);
      });
      if (next.done) break;
      const batch = shapeRows(next.value, width, headerCells);
      if (batch.length > 0) yield batch;
    }
  }

  return {
    fileName,
    fileType,
    columns,
    canonical: { ...canonical },
    joined: fileType === 'CDPOS' && (canonical['USERNAME'] !== undefined || canonical['UDATE'] !== undefined),
    dateOrder,
    batches,
    format,
    shape: { width, header: headerCells, rowsToHeader: found.index + 1 },
  };
}

/** Typed errors carry the file name; anything else becomes MALFORMED_FILE. */
export function withFileName(e: unknown, fileName: string): EngineError {
  if (e instanceof EngineError) return e.fileName ? e : new EngineError(e.code, e.message, fileName);
  return new EngineError('MALFORMED_FILE', `the file could not be read: ${(e as Error)?.message ?? String(e)}`, fileName);
}

/**
 * The XML of sheet rows and sheet heads, as strings: escaping, cell styles, typed cells, row and
 * cell references, column widths. The byte writer (row-bytes.ts) writes the same bytes for data rows.
 */
import { isFormulaStart, startsLikeFormula } from './neutralise-cell.ts';
import { isPlainNumber, NUMERIC, TEMPORAL, TEXT, temporalStyle, temporalValue } from './typed-cells.ts';

const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Escapes XML specials and drops characters XML cannot carry; CR as `&#13;`, which readers would otherwise turn into LF. */
export function escapeXml(s: string): string {
  if (!needsEscape(s)) return s;
  return s.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r/g, '&#13;');
}

/** Whether `s` holds & < > " CR, a control character other than tab and LF, or U+FFFE/U+FFFF; a loop, since cells are short and a regex call costs more than the scan (measured per cell). */
function needsEscape(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 ? c !== 9 && c !== 10 : c === 38 || c === 60 || c === 62 || c === 34 || c >= 0xfffe) return true;
  }
  return false;
}

/**
 * Which row and cell references sheets carry. `every`: `r` on every row and cell. `needed`: only
 * those a reader cannot infer (ECMA-376 makes CT_Row/@r and CT_Cell/@r optional: a row without one
 * is the row after the previous row, a cell without one the column after the previous cell, the
 * first cell column A), so a row right after the last one goes without, a cell only after a gap
 * (an empty cell left out) keeps its own.
 */
export type SheetReferences = 'every' | 'needed';

/**
 * The workbooks' references: `every`, as issue 15 asked (`r=` on rows and cells; some readers
 * require them: exceljs 4.4 fails on a cell without one, "Cannot read properties of undefined
 * (reading 'col')"; openpyxl and LibreOffice read `needed` sheets cell for cell the same).
 * `needed` makes the sheet XML about a fifth smaller and its deflate about half the CPU
 * (docs/benchmarks.md); switching is this one constant and the results-workbook tests that check
 * `r=` and exceljs.
 */
export const SHEET_REFERENCES: SheetReferences = 'every';

export function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}


/** Cell style ids of xlsx-styles.ts: header, flagged, and the quotePrefix twins of plain, header, flagged. */
const STYLE_HEADER = 1;
const STYLE_FLAGGED = 2;
const QUOTED = [3, 5, 4] as const;

function cellStyle(value: string, style: number): number {
  return startsLikeFormula(value) ? QUOTED[style]! : style;
}

/** Style of a data cell from its first code unit: 0 plain, 2 flagged, 3 quoted, 4 quoted and flagged. */
export function dataCellStyle(firstCode: number, flagged: boolean): number {
  return isFormulaStart(firstCode) ? (flagged ? 4 : 3) : flagged ? STYLE_FLAGGED : 0;
}

/** Widest column: longer text wraps in the cell's view anyway, and a sheet stays scannable. */
export const MAX_COLUMN_WIDTH = 60;

/**
 * Column widths in Excel's character units from the header and the longest value per column seen
 * in a sample of rows (`longest[i]` characters): room for the filter button beside the header,
 * two characters of margin, at most MAX_COLUMN_WIDTH.
 */
export function widthsOf(header: readonly string[], longest: readonly number[]): number[] {
  return header.map((h, i) => Math.min(MAX_COLUMN_WIDTH, Math.max(8, h.length + 4, (longest[i] ?? 0) + 2)));
}

/** Start of a sheet's XML: frozen header row, column widths (18 each when none are given), the header row itself. */
export function sheetHeadXml(header: readonly string[], widths?: readonly number[], references: SheetReferences = SHEET_REFERENCES): string {
  const cols =
    widths && widths.length > 0
      ? widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')
      : `<col min="1" max="${Math.max(1, header.length)}" width="18" customWidth="1"/>`;
  let xml =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData><row r="1">`;
  // Every header cell is written, one after the other: none needs its reference.
  const ref = (i: number) => (references === 'every' ? ` r="${columnLetter(i)}1"` : '');
  header.forEach((v, i) => (xml += `<c${ref(i)} t="inlineStr" s="${cellStyle(v, STYLE_HEADER)}"><is><t>${escapeXml(v)}</t></is></c>`));
  return `${xml}</row>`;
}

/** End of a sheet's XML: the filter over all `rows` rows (header included), and the sheet's drawing (relationship rId1) if it has one. */
export function sheetTailXml(columns: number, rows: number, drawing = false): string {
  return `</sheetData><autoFilter ref="A1:${columnLetter(Math.max(0, columns - 1))}${rows}"/>${drawing ? '<drawing r:id="rId1"/>' : ''}</worksheet>`;
}

export interface RowOptions {
  /** Marks flagged cells. */
  highlight?: (column: number) => boolean;
  /** Text cells from this column on go to the shared-string table when `sharedIndex` gives them an index (else inline). */
  shareFrom?: number;
  sharedIndex?: (v: string) => number;
  /** Per column: TEXT, TEMPORAL (ISO dates and times as Excel dates) or NUMERIC (plain numbers as numbers); text when absent. */
  kinds?: readonly number[];
  /** The row comes right after the last row written to the sheet (with `needed` references: its `<row>` goes without `r`). */
  follows?: boolean;
  /** Default SHEET_REFERENCES. */
  references?: SheetReferences;
}

/**
 * One data row's XML, sheet row number `row` (the header is row 1). Every row and cell carries
 * its reference, or with `needed` references (SheetReferences) only where a reader could not
 * infer it: the row's unless `follows`, a cell's only after a gap. Empty cells are left out. A TEMPORAL column's ISO value is a serial number with a date style, a
 * NUMERIC column's plain number a number; anything else is an inline (or shared) string.
 */
export function rowXml(cells: readonly string[], row: number, options: RowOptions = {}): string {
  const { highlight, shareFrom = Number.POSITIVE_INFINITY, sharedIndex, kinds, references = SHEET_REFERENCES } = options;
  const every = references === 'every';
  const follows = !every && options.follows === true;
  // Pieces joined once: one flat string instead of a rope of a few nodes per cell (less garbage,
  // nothing to flatten when the row is encoded).
  const parts = rowParts;
  const r = String(row);
  let n = 0;
  parts[n++] = follows ? '<row>' : `<row r="${r}">`;
  // The column a cell without a reference would take (never, with every reference written).
  let next = every ? -1 : 0;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (v === '' || v === undefined) continue;
    parts[n++] = i === next ? '<c' : `<c r="${columnLetter(i)}${r}"`;
    if (!every) next = i + 1;
    const kind = kinds !== undefined && i < kinds.length ? kinds[i]! : TEXT;
    if (kind === TEMPORAL) {
      const style = temporalStyle(v);
      if (style !== 0) {
        parts[n++] = ` s="${style}"><v>${temporalValue(v, style)}</v></c>`;
        continue;
      }
    } else if (kind === NUMERIC && isPlainNumber(v)) {
      parts[n++] = `><v>${v}</v></c>`;
      continue;
    }
    const s = dataCellStyle(v.charCodeAt(0), highlight !== undefined && highlight(i));
    const si = i >= shareFrom && sharedIndex ? sharedIndex(v) : -1;
    if (si >= 0) {
      parts[n++] = SHARED_OPEN[s]!;
      parts[n++] = String(si);
      parts[n++] = '</v></c>';
    } else {
      parts[n++] = INLINE_OPEN[s]!;
      parts[n++] = escapeXml(v);
      parts[n++] = '</t></is></c>';
    }
  }
  parts[n++] = '</row>';
  parts.length = n;
  return parts.join('');
}

const rowParts: string[] = [];
const INLINE_OPEN = [0, 1, 2, 3, 4, 5].map((s) => ` t="inlineStr"${s ? ` s="${s}"` : ''}><is><t>`);
const SHARED_OPEN = [0, 1, 2, 3, 4, 5].map((s) => ` t="s"${s ? ` s="${s}"` : ''}><v>`);

/**
 * Small RFC 4180 reader and writer for list files held in memory (admin imports are
 * size-limited, so no streaming is needed here). The writer neutralises formula injection;
 * the reader undoes exactly that neutralisation so exported files re-import unchanged.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * Picks the separator among `,` `;` tab `|`: the most frequent over the first 20 lines, so a
 * title line above the header (as SE16 writes) does not decide it.
 */
export function detectSeparator(text: string): string {
  const head = text.slice(0, 64 * 1024).split(/\r?\n/).slice(0, 20).join('\n');
  let best = ',';
  let bestCount = 0;
  for (const sep of [',', ';', '\t', '|']) {
    const count = head.split(sep).length - 1;
    if (count > bestCount) {
      best = sep;
      bestCount = count;
    }
  }
  return best;
}

/** Rows of fields; quoted fields may hold separators, quotes ("") and line breaks. */
export function parseCsv(text: string, separator = detectSeparator(text)): string[][] {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += ch;
      }
      i++;
    } else if (ch === '"' && field.length === 0) {
      quoted = true;
      i++;
    } else if (ch === separator) {
      row.push(field);
      field = '';
      i++;
    } else if (ch === '\r' || ch === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += ch === '\r' && src[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Undoes the writer's `'` prefix on a cell that would otherwise start a formula. */
export function restoreNeutralised(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function quoteCell(cell: string): string {
  const safe = neutraliseFormula(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** CSV text with CRLF line ends, a header row and formula-safe cells. */
export function formatCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((r) => r.map(quoteCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * RFC 4180 writer for list exports, which neutralises formula injection, and the undoing of
 * exactly that neutralisation on import so exported files re-import unchanged (imports are read
 * by the engine's readers, services/imports/read-list.ts).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

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

/**
 * Formula-injection guard: a cell starting with = + - @ tab or CR would be evaluated by a
 * spreadsheet opening the CSV, so it gets a leading apostrophe (OWASP "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return startsLikeFormula(value) ? `'${value}` : value;
}

/** True when a spreadsheet could take the text for a formula: it starts with = + - @ tab or CR. */
export function startsLikeFormula(value: string): boolean {
  return isFormulaStart(value.charCodeAt(0));
}

/** The same test on the first UTF-16 code unit (the byte writers have it at hand). */
export function isFormulaStart(c: number): boolean {
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13;
}

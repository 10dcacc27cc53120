/**
 * Formula-injection guard: a cell starting with = + - @ tab or CR would be evaluated by a
 * spreadsheet opening the CSV, so it gets a leading apostrophe (OWASP "CSV injection").
 */
export function neutraliseCell(value: string): string {
  if (value === '') return value;
  const c = value.charCodeAt(0);
  // = + - @ \t \r
  return c === 61 || c === 43 || c === 45 || c === 64 || c === 9 || c === 13 ? `'${value}` : value;
}

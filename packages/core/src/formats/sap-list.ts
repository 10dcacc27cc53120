const RULE = /^-+$/;

/**
 * The cells of one line of SAP "unconverted" list output split at `|`, or undefined for lines
 * that carry no data: title lines outside the box, dashed rules, blank lines.
 * A boxed line `|a |b |` splits into ['', 'a ', 'b ', ''].
 */
export function cellsOfListLine(raw: string[]): string[] | undefined {
  if (raw.length < 3 || raw[0]!.trim() !== '') return undefined;
  const end = raw[raw.length - 1]!.trim() === '' ? raw.length - 1 : raw.length;
  const cells = raw.slice(1, end);
  if (cells.every((c) => RULE.test(c.trim()) || c.trim() === '')) return undefined;
  return cells;
}

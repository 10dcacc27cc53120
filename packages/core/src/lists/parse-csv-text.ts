import { CsvSplitter } from '../formats/csv-splitter.ts';

/**
 * Splits comma-separated text held in memory (the reference lists, read once; CSV written by the
 * report) with the engine's RFC 4180 splitter. A BOM is dropped and blank lines are left out.
 * @example parseCsvText('TCODE,TTEXT\r\nSU01,Users\r\n') // [['TCODE', 'TTEXT'], ['SU01', 'Users']]
 */
export function parseCsvText(text: string): string[][] {
  const splitter = new CsvSplitter({ delimiter: ',' });
  const rows: string[][] = [];
  splitter.push(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, rows);
  splitter.end(rows);
  return rows.filter((row) => row.length > 1 || row[0] !== '');
}

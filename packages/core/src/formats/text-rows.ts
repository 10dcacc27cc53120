import { CsvSplitter } from './csv-splitter.ts';
import { cellsOfListLine } from './sap-list.ts';
import type { TextLayout } from './sniff-text-layout.ts';

/** Characters split at a time. */
const PIECE_CHARS = 64 * 1024;

/** Rows per batch handed on; big enough to amortise the async hops, small enough to stay bounded. */
export const BATCH_ROWS = 2048;

/** Splits decoded text chunks into raw row batches (cells untrimmed) for a CSV or SAP list layout. */
export async function* readTextRows(texts: AsyncIterable<string>, layout: TextLayout): AsyncGenerator<string[][]> {
  const isList = layout.container === 'sap-list';
  const splitter = new CsvSplitter({ delimiter: layout.delimiter, quote: isList ? null : '"' });
  let out: string[][] = [];
  for await (const text of texts) {
    // In pieces: a batch is handed on once it is full, so a reader that needs only the first rows
    // (openFile looking for the header and the date order) does not split a whole 1 MB chunk.
    for (let at = 0; at < text.length; at += PIECE_CHARS) {
      splitter.push(at === 0 && text.length <= PIECE_CHARS ? text : text.slice(at, at + PIECE_CHARS), out);
      if (out.length >= BATCH_ROWS) {
        yield isList ? keepListRows(out) : out;
        out = [];
      }
    }
  }
  splitter.end(out);
  if (out.length > 0) yield isList ? keepListRows(out) : out;
}

function keepListRows(rows: string[][]): string[][] {
  const kept: string[][] = [];
  for (const raw of rows) {
    const cells = cellsOfListLine(raw);
    if (cells) kept.push(cells);
  }
  return kept;
}

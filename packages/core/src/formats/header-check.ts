/**
 * The upload check by content (issue 27): the header of a text file's first bytes, found as the
 * engine finds it (same layout sniffing, splitter, header search and label tables), and the
 * message for a header that names no known file type. Browser-safe: the upload pages and the
 * API's confirm step (packages/functions services/files.ts) say the same words.
 */
import { FILE_TYPES, type FileType } from '../model/index.ts';
import { CsvSplitter } from './csv-splitter.ts';
import { findHeaderRow } from './detect-file-type.ts';
import { FILE_FORMATS } from './file-formats.ts';
import { cellsOfListLine } from './sap-list.ts';
import { sniffTextLayout } from './sniff-text-layout.ts';

/** Enough for title rows and a header; the engine's header search reads no further in practice. */
export const HEAD_BYTES = 64 * 1024;
/** Rows searched for the header, as the engine does (open-rows.ts HEADER_SCAN_ROWS). */
const HEADER_ROWS = 60;

/** Text of the head: BOMs and UTF-16 without BOM as the engine reads them, else UTF-8, else Windows-1252. */
export function decodeHead(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  let oddZeros = 0;
  let evenZeros = 0;
  const n = Math.min(bytes.length, 512);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) (i % 2 ? oddZeros++ : evenZeros++);
  if (oddZeros > n / 4 && evenZeros === 0) return new TextDecoder('utf-16le').decode(bytes);
  if (evenZeros > n / 4 && oddZeros === 0) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // A multi-byte character cut at the end of the head also lands here; Windows-1252 keeps the header readable.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The first rows of a text head, split as the engine splits them (the last line, maybe cut, left out). */
export function headRows(text: string): string[][] {
  const layout = sniffTextLayout(text);
  const isList = layout.container === 'sap-list';
  const splitter = new CsvSplitter({ delimiter: layout.delimiter, quote: isList ? null : '"' });
  const rows: string[][] = [];
  const cut = Math.max(text.lastIndexOf('\n'), 0);
  splitter.push(text.slice(0, cut || text.length), rows);
  splitter.end(rows);
  const kept = isList ? rows.map(cellsOfListLine).filter((r): r is string[] => r !== undefined) : rows.filter((r) => r.some((c) => c.trim() !== ''));
  return kept.slice(0, HEADER_ROWS).map((r) => r.map((c) => c.trim()));
}

export type HeadCheck = { ok: true; fileType: FileType } | { ok: false; found: string[] };

/**
 * The file type a text head's header shows, or what its first row holds when it shows none.
 * @example checkTextHead('OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE\n') // { ok: true, fileType: 'CDHDR' }
 * @example checkTextHead('Name;Age\nBob;3\n') // { ok: false, found: ['Name', 'Age'] }
 */
export function checkTextHead(text: string): HeadCheck {
  const rows = headRows(text);
  const found = findHeaderRow(rows);
  if (found) return { ok: true, fileType: found.match.fileType };
  return { ok: false, found: (rows[0] ?? []).filter((c) => c !== '') };
}

const MAX_FOUND = 8;
const MAX_LABEL = 40;

/**
 * What an upload whose header names no known type is told: what was found and what is expected.
 * @example unknownHeaderMessage('people.txt', ['Name', 'Age']) // 'people.txt: the file's header names none of the columns of an SM20, CDHDR, CDPOS or ticket export (found: "Name", "Age"). Expected e.g. …'
 */
export function unknownHeaderMessage(fileName: string, found: readonly string[]): string {
  const shown = found.slice(0, MAX_FOUND).map((c) => `"${c.length > MAX_LABEL ? `${c.slice(0, MAX_LABEL)}…` : c}"`);
  const what = shown.length === 0 ? 'no column names' : `${shown.join(', ')}${found.length > MAX_FOUND ? `, … (${found.length} columns)` : ''}`;
  const expected = FILE_TYPES.map((t) => FILE_FORMATS[t].expected);
  return `${fileName}: the file's header names none of the columns of an SM20, CDHDR, CDPOS or ticket export (found: ${what}). Expected e.g. ${expected.slice(0, -1).join('; ')}; or ${expected[expected.length - 1]}. English or German column names are read.`;
}

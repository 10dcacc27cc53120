/**
 * Reads the type of an SAP export from its first bytes in the browser, by the engine's own rules:
 * the same layout sniffing (delimiter or SAP list), header search and label tables
 * (`@app/core/formats`), so the slot shown is the type the analysis will find.
 */
import { CsvSplitter } from '@app/core/formats/csv-splitter.ts';
import { findHeaderRow } from '@app/core/formats/detect-file-type.ts';
import { cellsOfListLine } from '@app/core/formats/sap-list.ts';
import { sniffTextLayout } from '@app/core/formats/sniff-text-layout.ts';
import type { FileType } from '@app/core/model/index.ts';

/** Enough for title rows and a header; the engine's header search reads no further in practice. */
export const SNIFF_BYTES = 64 * 1024;
const HEADER_ROWS = 60;

async function headBytes(file: Blob): Promise<Uint8Array> {
  const part = file.slice(0, SNIFF_BYTES);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
}

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

/** Header rows of a text head, split as the engine splits them. */
function headRows(text: string): string[][] {
  const layout = sniffTextLayout(text);
  const isList = layout.container === 'sap-list';
  const splitter = new CsvSplitter({ delimiter: layout.delimiter, quote: isList ? null : '"' });
  const rows: string[][] = [];
  // Only whole lines: the last one may be cut in the middle by the head's end.
  const cut = Math.max(text.lastIndexOf('\n'), 0);
  splitter.push(text.slice(0, cut || text.length), rows);
  splitter.end(rows);
  const kept = isList ? rows.map(cellsOfListLine).filter((r): r is string[] => r !== undefined) : rows.filter((r) => r.some((c) => c.trim() !== ''));
  return kept.slice(0, HEADER_ROWS).map((r) => r.map((c) => c.trim()));
}

/**
 * The file type the content shows, or null when it shows none (Excel workbooks, unknown headers).
 * @example await detectTypeFromContent(new File(['OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE\n'], 'x.csv')) // 'CDHDR'
 */
export async function detectTypeFromContent(file: Blob): Promise<FileType | null> {
  const bytes = await headBytes(file);
  if (bytes.length === 0) return null;
  // Workbooks (zip, OLE) need the whole file to read; their type is left to the name.
  if ((bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) return null;
  try {
    return findHeaderRow(headRows(decodeHead(bytes)))?.match.fileType ?? null;
  } catch {
    return null; // e.g. a binary file the splitter refuses: no type from the content
  }
}

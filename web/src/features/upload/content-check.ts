/**
 * What an upload is, read from its first bytes by the engine's own rules (`@app/core/formats`):
 * an XLSX workbook (ZIP), a legacy Excel workbook (OLE2, which the engine cannot read), or text
 * (CSV, TSV, TXT, SAP list; any encoding the engine decodes) whose header names an SM20, CDHDR,
 * CDPOS or ticket export. The extension decides nothing: an SE16 "Spreadsheet" export named `.xls`
 * that is really tab-separated text is text. The API's confirm step checks the same again.
 */
import { checkTextHead, decodeHead, HEAD_BYTES as SNIFF_BYTES, unknownHeaderMessage } from '@app/core/formats/header-check.ts';
import { looksBinary } from '@app/core/formats/sniff-text-layout.ts';

export type UploadKind = 'xlsx' | 'text';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const startsWith = (bytes: Uint8Array, magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

async function head(file: Blob): Promise<Uint8Array> {
  const part = file.slice(0, SNIFF_BYTES);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(part);
  });
}

export type ContentCheck = { ok: true; kind: UploadKind } | { ok: false; message: string };

/**
 * The kind of an upload by its content, or the reason it cannot be analysed.
 * @example await checkUploadContent(new File(['Date;Time;User\n'], 'sm20.txt')) // { ok: true, kind: 'text' }
 */
export async function checkUploadContent(file: File): Promise<ContentCheck> {
  const bytes = await head(file);
  if (bytes.length === 0) return { ok: false, message: `${file.name}: the file is empty` };
  if (startsWith(bytes, ZIP)) return { ok: true, kind: 'xlsx' };
  if (startsWith(bytes, OLE2)) {
    return { ok: false, message: `${file.name}: legacy Excel 97-2003 workbooks (.xls) cannot be read; save the file as .xlsx or CSV` };
  }
  const text = decodeHead(bytes);
  if (text.trim() === '') return { ok: false, message: `${file.name}: the file contains no text` };
  if (looksBinary(text)) {
    return { ok: false, message: `${file.name}: the content is neither text (CSV, TSV, TXT) nor an Excel workbook (.xlsx)` };
  }
  // A text file whose header names no known export is refused here, not when the analysis fails (issue 27).
  const header = checkTextHead(text);
  if (!header.ok) return { ok: false, message: unknownHeaderMessage(file.name, header.found) };
  return { ok: true, kind: 'text' };
}

/** Files split into the readable ones (with their kind) and one message per refused file. */
export async function sortByContent(files: File[]): Promise<{ accepted: File[]; refused: string[] }> {
  const checks = await Promise.all(files.map(async (file) => ({ file, check: await checkUploadContent(file).catch(() => ({ ok: false as const, message: `${file.name}: the file could not be read` })) })));
  return {
    accepted: checks.filter((c) => c.check.ok).map((c) => c.file),
    refused: checks.flatMap((c) => (c.check.ok ? [] : [c.check.message])),
  };
}

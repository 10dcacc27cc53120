/**
 * Reads the type of an SAP export from its first bytes in the browser, by the engine's own rules:
 * the same layout sniffing (delimiter or SAP list), header search and label tables
 * (`@app/core/formats/header-check.ts`), so the slot shown is the type the analysis will find.
 */
import { checkTextHead, decodeHead, HEAD_BYTES } from '@app/core/formats/header-check.ts';
import type { FileType } from '@app/core/model/index.ts';

export { decodeHead };

/** Enough for title rows and a header; the engine's header search reads no further in practice. */
export const SNIFF_BYTES = HEAD_BYTES;

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
    const check = checkTextHead(decodeHead(bytes));
    return check.ok ? check.fileType : null;
  } catch {
    return null; // e.g. a binary file the splitter refuses: no type from the content
  }
}

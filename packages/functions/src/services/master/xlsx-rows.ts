/**
 * Reads the first worksheet of an XLSX file (as SE16 "Spreadsheet" exports write it) into rows
 * of cell text. Only what such exports use: shared and inline strings, numbers, booleans.
 * Admin uploads are size-limited, so the whole workbook is unzipped in memory.
 */
import { strFromU8, unzipSync } from 'fflate';
import { VisibleError } from '../../http/errors.ts';

export function readXlsxRows(bytes: Uint8Array): string[][] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name.startsWith('xl/') && (f.name.endsWith('.xml') || f.name.endsWith('.rels')) });
  } catch {
    throw new VisibleError('BAD_REQUEST', 'The file is not a valid XLSX workbook');
  }
  const sheetXml = files[firstSheetPath(files)];
  if (!sheetXml) throw new VisibleError('BAD_REQUEST', 'The XLSX workbook has no worksheet');
  const shared = files['xl/sharedStrings.xml'] ? readSharedStrings(strFromU8(files['xl/sharedStrings.xml'])) : [];
  return readSheet(strFromU8(sheetXml), shared);
}

function firstSheetPath(files: Record<string, Uint8Array>): string {
  const workbook = files['xl/workbook.xml'] && strFromU8(files['xl/workbook.xml']);
  const rels = files['xl/_rels/workbook.xml.rels'] && strFromU8(files['xl/_rels/workbook.xml.rels']);
  const relId = workbook?.match(/<sheet\b[^>]*\br:id="([^"]+)"/)?.[1];
  if (relId && rels) {
    const rel = [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((r) => r.includes(`Id="${relId}"`));
    const target = rel?.match(/Target="([^"]+)"/)?.[1];
    if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return 'xl/worksheets/sheet1.xml';
}

function readSharedStrings(xml: string): string[] {
  return [...xml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!));
}

/** Concatenates every <t> run (rich text splits one string into several). */
function textOf(xml: string): string {
  return [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((t) => decodeXml(t[1]!)).join('');
}

function readSheet(xml: string, shared: string[]): string[][] {
  const rows: string[][] = [];
  for (const rowMatch of xml.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const row: string[] = [];
    let next = 0;
    for (const cell of (rowMatch[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1]!;
      const ref = attrs.match(/\br="([A-Z]+)\d+"/)?.[1];
      const col = ref ? columnIndex(ref) : next;
      const type = attrs.match(/\bt="([^"]+)"/)?.[1];
      const body = cell[2] ?? '';
      const v = body.match(/<v>([\s\S]*?)<\/v>/)?.[1];
      let value = '';
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = textOf(body);
      else if (v !== undefined) value = decodeXml(v);
      while (row.length < col) row.push('');
      row[col] = value;
      next = col + 1;
    }
    rows.push(row);
  }
  return rows;
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'amp') return '&';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    return String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

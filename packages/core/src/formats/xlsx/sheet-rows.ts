import { EngineError } from '../../errors/index.ts';
import { MAX_ROW_CELLS } from '../csv-splitter.ts';
import { attribute, decodeXmlText, findOpenTag, prefixOf, textOfRuns } from './xml-text.ts';
import { inflateEntryStream, type RawEntry } from './zip-entries.ts';

const MAX_ROW_XML = 64 * 1024 * 1024;

/** "BC12" -> 54 (zero-based column index), or -1. */
export function columnIndex(ref: string): number {
  let n = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) n = n * 26 + (c - 64);
    else if (c >= 97 && c <= 122) n = n * 26 + (c - 96);
    else break;
  }
  return i === 0 ? -1 : n - 1;
}

interface Tags {
  prefix: string;
  c: string;
  v: string;
  closeV: string;
  closeC: string;
  is: string;
  closeIs: string;
}

function tagsFor(prefix: string): Tags {
  return { prefix, c: `${prefix}c`, v: `<${prefix}v`, closeV: `</${prefix}v>`, closeC: `</${prefix}c>`, is: `<${prefix}is`, closeIs: `</${prefix}is>` };
}

/** Cell value as text: shared/inline strings resolved, numbers as written (keys stay text), booleans TRUE/FALSE. */
function cellValue(type: string | undefined, body: string, tags: Tags, shared: readonly string[]): string {
  if (type === 'inlineStr') {
    const open = body.indexOf(tags.is);
    return open === -1 ? '' : textOfRuns(body.slice(open), tags.prefix);
  }
  const vOpen = findOpenTag(body, tags.v.slice(1), 0);
  if (vOpen === -1) return '';
  const vStart = body.indexOf('>', vOpen);
  if (body.charCodeAt(vStart - 1) === 47) return '';
  const vEnd = body.indexOf(tags.closeV, vStart);
  const raw = body.slice(vStart + 1, vEnd === -1 ? body.length : vEnd);
  if (type === 's') return shared[Number(raw)] ?? '';
  if (type === 'b') return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : raw;
  return decodeXmlText(raw);
}

/** Value of attribute `name` (given as ` r="`) inside xml[from, to), or undefined. */
function attributeIn(xml: string, needle: string, from: number, to: number): string | undefined {
  let at = xml.indexOf(needle, from);
  if (at === -1 || at >= to) {
    // Rare spellings (single quotes, spaces around =, other whitespace) take the careful path.
    const name = needle.slice(1, -2);
    const loose = xml.indexOf(name, from);
    return loose !== -1 && loose < to ? attribute(xml.slice(from, to), name) : undefined;
  }
  at += needle.length;
  const end = xml.indexOf('"', at);
  return end === -1 || end > to ? undefined : xml.slice(at, end);
}

/** Cells of one `<row>` element's inner XML, placed by their `r` reference. */
function parseRow(xml: string, tags: Tags, shared: readonly string[]): string[] {
  const row: string[] = [];
  let i = 0;
  let next = 0;
  for (;;) {
    const at = findOpenTag(xml, tags.c, i);
    if (at === -1) return row;
    const tagEnd = xml.indexOf('>', at);
    if (tagEnd === -1) return row;
    const ref = attributeIn(xml, ' r="', at, tagEnd);
    const index = ref ? columnIndex(ref) : next;
    if (index < 0 || index >= MAX_ROW_CELLS) throw new EngineError('MALFORMED_FILE', `a cell reference "${ref}" lies outside the ${MAX_ROW_CELLS} columns read`);
    let value = '';
    if (xml.charCodeAt(tagEnd - 1) === 47) {
      i = tagEnd + 1;
    } else {
      const close = xml.indexOf(tags.closeC, tagEnd);
      const bodyEnd = close === -1 ? xml.length : close;
      if (bodyEnd > tagEnd + 1) value = cellValue(attributeIn(xml, ' t="', at, tagEnd), xml.slice(tagEnd + 1, bodyEnd), tags, shared);
      i = close === -1 ? xml.length : close + tags.closeC.length;
    }
    while (row.length < index) row.push('');
    row[index] = value;
    next = index + 1;
  }
}

/** Rows of one worksheet in batches, inflating and scanning its XML a chunk at a time. */
export async function* readSheetRows(entry: RawEntry, shared: readonly string[], batchRows: number): AsyncGenerator<string[][]> {
  const decoder = new TextDecoder('utf-8');
  let buf = '';
  let tags: Tags | undefined;
  let closeRow = '</row>';
  let out: string[][] = [];
  const take = (final: boolean): void => {
    if (!tags) {
      tags = tagsFor(prefixOf(buf, 'worksheet'));
      closeRow = `</${tags.prefix}row>`;
    }
    const last = final ? buf.length : buf.lastIndexOf(closeRow);
    if (last === -1) {
      if (buf.length > MAX_ROW_XML) throw new EngineError('MALFORMED_FILE', 'a worksheet row is larger than 64 MB of XML');
      return;
    }
    const block = buf.slice(0, last);
    buf = buf.slice(last);
    const rowTag = `${tags.prefix}row`;
    for (const piece of block.split(closeRow)) {
      // The last `<row` before `</row>` opens it; self-closing empty rows before it hold no cells.
      let open = -1;
      for (let at = findOpenTag(piece, rowTag, 0); at !== -1; at = findOpenTag(piece, rowTag, at + 1)) open = at;
      if (open === -1) continue;
      const openEnd = piece.indexOf('>', open);
      if (openEnd === -1 || piece.charCodeAt(openEnd - 1) === 47) continue;
      out.push(parseRow(piece.slice(openEnd + 1), tags, shared));
    }
  };
  for await (const chunk of inflateEntryStream(entry)) {
    buf += decoder.decode(chunk, { stream: true });
    if (buf.length > 1 << 16) take(false);
    if (out.length >= batchRows) {
      yield out;
      out = [];
    }
  }
  buf += decoder.decode();
  take(true);
  if (out.length > 0) yield out;
}

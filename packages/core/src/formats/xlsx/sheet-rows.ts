import { EngineError } from '../../errors/index.ts';
import { MAX_ROW_CELLS } from '../csv-splitter.ts';
import { limitExceeded, type ReadLimits } from '../read-limits.ts';
import { ElementBlocks } from './element-blocks.ts';
import { attribute, decodeXmlText, findOpenTag, prefixOf, textOfRuns } from './xml-text.ts';
import { inflateEntryStream, type RawEntry } from './zip-entries.ts';

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

/** Value of attribute `name` (given as ` r="`) inside the opening tag xml[from, to), or undefined. */
function attributeIn(xml: string, needle: string, from: number, to: number): string | undefined {
  // Searched within the tag only: a search to the row's end for every cell is quadratic.
  const tag = xml.slice(from, to);
  let at = tag.indexOf(needle);
  if (at === -1) {
    // Rare spellings (single quotes, spaces around =, other whitespace) take the careful path.
    const name = needle.slice(1, -2);
    return tag.includes(name) ? attribute(tag, name) : undefined;
  }
  at += needle.length;
  const end = tag.indexOf('"', at);
  return end === -1 ? undefined : tag.slice(at, end);
}

/** Cells of one `<row>` element's inner XML, placed by their `r` reference. */
function parseRow(xml: string, tags: Tags, shared: readonly string[], maxCellChars: number): string[] {
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
    if (value.length > maxCellChars) throw limitExceeded(`a cell (${ref ?? `column ${index + 1}`}) holds`, maxCellChars, 'characters');
    while (row.length < index) row.push('');
    row[index] = value;
    next = index + 1;
  }
}

/**
 * Rows of one worksheet in batches, inflating and scanning its XML a chunk at a time; linear in
 * the sheet's size, and stopped at the first limit it passes.
 */
export async function* readSheetRows(entry: RawEntry, shared: readonly string[], batchRows: number, limits: ReadLimits): AsyncGenerator<string[][]> {
  const decoder = new TextDecoder('utf-8');
  let tags: Tags | undefined;
  let blocks: ElementBlocks | undefined;
  let head = '';
  let rows = 0;
  let inflated = 0;
  let out: string[][] = [];
  const take = (block: string): void => {
    const { prefix } = tags!;
    const rowTag = `${prefix}row`;
    for (const piece of block.split(`</${rowTag}>`)) {
      // The last `<row` before `</row>` opens it; self-closing empty rows before it hold no cells.
      let open = -1;
      for (let at = findOpenTag(piece, rowTag, 0); at !== -1; at = findOpenTag(piece, rowTag, at + 1)) {
        open = at;
        if (++rows > limits.rows) throw limitExceeded(`the worksheet ${entry.name} has`, limits.rows, 'rows');
      }
      if (open === -1) continue;
      const openEnd = piece.indexOf('>', open);
      if (openEnd === -1 || piece.charCodeAt(openEnd - 1) === 47) continue;
      out.push(parseRow(piece.slice(openEnd + 1), tags!, shared, limits.cellChars));
    }
  };
  const push = (text: string, final: boolean): void => {
    if (!blocks) {
      // The namespace prefix is read from the root element, which comes first.
      head += text;
      if (!final && head.length < 1 << 16 && !/worksheet[\s>/]/.test(head)) return;
      tags = tagsFor(prefixOf(head, 'worksheet'));
      blocks = new ElementBlocks(`</${tags.prefix}row>`, limits.rowChars, () => limitExceeded(`a row of the worksheet ${entry.name} holds`, limits.rowChars, 'characters'));
      text = head;
      head = '';
    }
    const block = blocks.push(text);
    if (block !== undefined) take(block);
  };
  for await (const chunk of inflateEntryStream(entry)) {
    inflated += chunk.length;
    if (inflated > limits.sheetBytes) throw limitExceeded(`the worksheet ${entry.name} expands to`, limits.sheetBytes, 'bytes');
    push(decoder.decode(chunk, { stream: true }), false);
    if (out.length >= batchRows) {
      yield out;
      out = [];
    }
  }
  push(decoder.decode(), true);
  take(blocks!.finish());
  if (out.length > 0) yield out;
}

import { strFromU8, unzipSync } from 'fflate';
import { STYLE_DATE, STYLE_DATETIME, STYLE_TIME } from './typed-cells.ts';

export interface SheetCells {
  name: string;
  /** Raw sheet XML, for checks on styles, panes and filters. */
  xml: string;
  /** Cell texts per row (shared and inline strings resolved); rows keep their written length. */
  rows: string[][];
  /** Per row, the column indexes of cells with the flagged (highlight) style, quote-prefixed or not. */
  highlighted: number[][];
}

function unescapeXml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#13;/g, '\r').replace(/&amp;/g, '&');
}

/** Column index of letters "A", "AB". */
function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

/** A number cell's value as text; dates and times (styles 6-8) back in ISO, as the engine gave them. */
function numberText(v: string, style: number): string {
  if (style < STYLE_DATE || style > STYLE_DATETIME) return v;
  const ms = Math.round(Number(v) * 86_400) * 1000 + Date.UTC(1899, 11, 30);
  const iso = new Date(ms).toISOString();
  return style === STYLE_DATE ? iso.slice(0, 10) : style === STYLE_TIME ? iso.slice(11, 19) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/**
 * Reads back a workbook written by XlsxWriter (for tests and checks; small files only): sheets in
 * tab order with their cell texts (numbers as written, dates and times in ISO). A row without `r`
 * is the row after the previous one, a cell without `r` the column after the previous cell (the
 * first: column A), as ECMA-376 reads them. Throws when a reference is out of order: a row that is
 * not the next, a cell of another row or not right of the previous cell.
 */
export function readXlsxSheets(bytes: Uint8Array): SheetCells[] {
  const files = unzipSync(bytes);
  const text = (name: string) => strFromU8(files[name]!);
  const shared = files['xl/sharedStrings.xml'] ? [...text('xl/sharedStrings.xml').matchAll(/<si><t[^>]*>([\s\S]*?)<\/t><\/si>/g)].map((m) => unescapeXml(m[1]!)) : [];
  const rels = text('xl/_rels/workbook.xml.rels');
  return [...text('xl/workbook.xml').matchAll(/<sheet name="([^"]+)" sheetId="\d+" r:id="(rId\d+)"\/>/g)].map((m) => {
    const target = new RegExp(`Id="${m[2]}" [^>]*Target="([^"]+)"`).exec(rels)![1]!;
    const xml = text(`xl/${target}`);
    const rows: string[][] = [];
    const highlighted: number[][] = [];
    for (const row of xml.matchAll(/<row(?: r="(\d+)")?>([\s\S]*?)<\/row>/g)) {
      const rowNumber = String(rows.length + 1);
      if (row[1] !== undefined && row[1] !== rowNumber) throw new Error(`${m[1]}: row r="${row[1]}" where ${rowNumber} was due`);
      const cells: string[] = [];
      const marks: number[] = [];
      for (const c of row[2]!.matchAll(/<c(?: r="([A-Z]+)(\d+)")?((?: [a-z]+="[^"]*")*)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        if (c[2] !== undefined && c[2] !== rowNumber) throw new Error(`${m[1]}: cell ${c[1]}${c[2]} in row ${rowNumber}`);
        const at = c[1] === undefined ? cells.length : columnIndex(c[1]);
        if (at < cells.length) throw new Error(`${m[1]}: cell ${c[1]}${c[2]} left of column ${cells.length + 1} in row ${rowNumber}`);
        while (cells.length < at) cells.push('');
        const attrs = c[3] ?? '';
        const body = c[4] ?? '';
        const style = Number(/ s="(\d+)"/.exec(attrs)?.[1] ?? 0);
        if (style === 2 || style === 4) marks.push(at);
        if (/ t="s"/.test(attrs)) cells.push(shared[Number(/<v>(\d+)<\/v>/.exec(body)![1])]!);
        else if (/ t="inlineStr"/.test(attrs)) cells.push(unescapeXml(/<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? ''));
        else cells.push(numberText(/<v>([^<]*)<\/v>/.exec(body)![1]!, style));
      }
      rows.push(cells);
      highlighted.push(marks);
    }
    return { name: unescapeXml(m[1]!), xml, rows, highlighted };
  });
}

import { strFromU8, unzipSync } from 'fflate';

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

/**
 * Reads back a workbook written by XlsxWriter (for tests and checks; small files only): sheets in
 * tab order with their cell texts.
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
    for (const row of xml.matchAll(/<row>([\s\S]*?)<\/row>/g)) {
      const cells: string[] = [];
      const marks: number[] = [];
      for (const c of row[1]!.matchAll(/<c((?: [a-z]+="[^"]*")*)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const attrs = c[1] ?? '';
        const body = c[2] ?? '';
        if (/ s="[24]"/.test(attrs)) marks.push(cells.length);
        if (/ t="s"/.test(attrs)) cells.push(shared[Number(/<v>(\d+)<\/v>/.exec(body)![1])]!);
        else cells.push(unescapeXml(/<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? ''));
      }
      rows.push(cells);
      highlighted.push(marks);
    }
    return { name: unescapeXml(m[1]!), xml, rows, highlighted };
  });
}

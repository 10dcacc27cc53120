import type { ByteSink } from '../workspace/index.ts';
import { STYLES_XML } from './xlsx-styles.ts';
import { chartXml, drawingXml, singleRelsXml, type BarChart } from './bar-chart.ts';
import { columnLetter, escapeXml, rowXml, SHEET_REFERENCES, sheetHeadXml, sheetTailXml, type SheetReferences } from './sheet-xml.ts';
import { deflateSegmentOf, ZipWriter, type SegmentSource, type ZipEntryWriter } from './zip-writer.ts';

/** Excel's row limit per sheet (header included). */
export const XLSX_MAX_ROWS = 1_048_576;

const SHARED_MAX_LENGTH = 100;
const SHARED_MAX_ENTRIES = 250_000;

interface SheetState {
  name: string;
  header: readonly string[];
  entry: ZipEntryWriter;
  rows: number;
  /** Name without continuation suffix, and which part this sheet is (1, 2, …). */
  base: string;
  part: number;
  order: number;
  format: SheetFormat;
}

/** Column widths (in characters, from widthsOf) and kinds (typed-cells.ts; default text) of a sheet. */
export interface SheetFormat {
  widths?: readonly number[];
  kinds?: readonly number[];
  /** A bar chart beside the data (small sheets written with startSheet only). */
  chart?: BarChart;
}

/**
 * Streaming XLSX writer: sheet XML (text as inline strings, dates and numbers typed where the
 * column's kind says so) goes straight into a deflate stream; rows and cells carry `r=` (all of
 * them, or with `needed` references those a reader cannot infer: SheetReferences). Header row frozen and filtered; a sheet past Excel's row limit continues on
 * "<name> (2)", … with the same header.
 */
export class XlsxWriter {
  private readonly zip: ZipWriter;
  private readonly sheets: { name: string; columns: number; rows: number; order: number; file: number; chart?: BarChart }[] = [];
  private current: SheetState | undefined;
  private readonly usedNames = new Set<string>();

  constructor(
    sink: ByteSink,
    private readonly maxRows = XLSX_MAX_ROWS,
    private readonly references: SheetReferences = SHEET_REFERENCES,
  ) {
    this.zip = new ZipWriter(sink);
  }

  /** `order` places the tab (lower first; default: creation order), so a Summary written last can come first. */
  async startSheet(name: string, header: readonly string[], order = this.sheets.length + 1, part = 1, format: SheetFormat = {}): Promise<void> {
    if (this.current) await this.endSheet();
    const sheetName = this.uniqueName(part === 1 ? name : `${name.slice(0, 25)} (${part})`);
    const entry = await this.zip.openEntry(`xl/worksheets/sheet${this.sheets.length + 1}.xml`);
    this.current = { name: sheetName, header, entry, rows: 0, base: name, part, order, format };
    this.current.rows++;
    await entry.write(sheetHeadXml(header, format.widths, this.references));
  }

  // Values of columns the caller marks as repetitive (flag reasons, severity) go to the
  // shared-string table: shorter XML. Not every cell: hashing each fresh cell string for the
  // lookup cost more than the bytes it saved (measured).
  private readonly shared = new Map<string, number>();

  private readonly share = (v: string) => this.sharedIndex(v);

  /**
   * The shared-string index of a text of the product's own that many rows repeat (a pattern kind, an
   * explanation), however long; -1 when the table is full (write the text inline then).
   */
  sharedText(v: string): number {
    const i = this.shared.get(v);
    if (i !== undefined) return i;
    if (this.shared.size >= SHARED_MAX_ENTRIES) return -1;
    this.shared.set(v, this.shared.size);
    return this.shared.size - 1;
  }

  private sharedIndex(v: string): number {
    const i = this.shared.get(v);
    if (i !== undefined) return i;
    if (v.length > SHARED_MAX_LENGTH || this.shared.size >= SHARED_MAX_ENTRIES) return -1;
    this.shared.set(v, this.shared.size);
    return this.shared.size - 1;
  }

  /**
   * Appends a row. `highlight(i)` marks flagged cells; cells from column `shareFrom` on use the
   * shared-string table. Continues on a new sheet at the row limit.
   */
  addRow(cells: readonly string[], highlight?: (column: number) => boolean, shareFrom = Number.POSITIVE_INFINITY): Promise<void> | void {
    const cur = this.current!;
    if (cur.rows >= this.maxRows) {
      return this.startSheet(cur.base, cur.header, cur.order + cur.part / 1000, cur.part + 1, cur.format).then(() => this.addRow(cells, highlight, shareFrom));
    }
    cur.rows++;
    // Rows come one after the other from the header on: none needs its reference.
    const xml = rowXml(cells, cur.rows, { highlight, shareFrom, sharedIndex: this.share, kinds: cur.format.kinds, follows: true, references: this.references });
    return cur.entry.write(xml);
  }

  async endSheet(): Promise<void> {
    const cur = this.current;
    if (!cur) return;
    this.current = undefined;
    await cur.entry.write(sheetTailXml(cur.header.length, cur.rows, cur.format.chart !== undefined));
    await cur.entry.close();
    this.sheets.push({ name: cur.name, columns: cur.header.length, rows: cur.rows, order: cur.order, file: this.sheets.length + 1, ...(cur.format.chart ? { chart: cur.format.chart } : {}) });
  }

  /**
   * A whole sheet whose data rows were compressed elsewhere (report parts in worker threads):
   * `rows` data rows in `bodies`, in order, each a deflate segment of `rowXml` output (the
   * writer's references, as ByteRows writes them by default). The column
   * widths may still be in the making too (the first report part samples them).
   */
  async addSegmentedSheet(
    name: string,
    header: readonly string[],
    order: number,
    part: number,
    bodies: Iterable<SegmentSource> | AsyncIterable<SegmentSource>,
    rows: number,
    widths?: readonly number[] | Promise<readonly number[] | undefined>,
  ): Promise<void> {
    if (this.current) await this.endSheet();
    const sheetName = this.uniqueName(part === 1 ? name : `${name.slice(0, 25)} (${part})`);
    const total = rows + 1;
    const references = this.references;
    // Bodies may still be in the making (an async iterable that waits for them).
    async function* all() {
      yield deflateSegmentOf(sheetHeadXml(header, await widths, references));
      let written = 0;
      for await (const body of bodies) {
        written++;
        yield body;
      }
      if (written === 0 && rows > 0) throw new Error(`sheet ${name}: ${rows} rows announced, no segment written`);
      yield deflateSegmentOf(sheetTailXml(header.length, total));
    }
    await this.zip.addSegmentedEntry(`xl/worksheets/sheet${this.sheets.length + 1}.xml`, all());
    this.sheets.push({ name: sheetName, columns: header.length, rows: total, order, file: this.sheets.length + 1 });
  }

  async finish(): Promise<void> {
    await this.endSheet();
    if (this.sheets.length === 0) {
      await this.startSheet('Summary', ['(empty)']);
      await this.endSheet();
    }
    const files = this.sheets;
    const sheets = [...this.sheets].sort((a, b) => a.order - b.order);
    const z = this.zip;
    const charts = files.flatMap((f) => (f.chart ? [{ file: f.file, chart: f.chart }] : [])).map((c, i) => ({ ...c, n: i + 1 }));
    for (const { file, chart, n } of charts) {
      await z.addEntry(`xl/worksheets/_rels/sheet${file}.xml.rels`, singleRelsXml('drawing', `../drawings/drawing${n}.xml`));
      await z.addEntry(`xl/drawings/drawing${n}.xml`, drawingXml(chart));
      await z.addEntry(`xl/drawings/_rels/drawing${n}.xml.rels`, singleRelsXml('chart', `../charts/chart${n}.xml`));
      await z.addEntry(`xl/charts/chart${n}.xml`, chartXml(chart));
    }
    const sst = await z.openEntry('xl/sharedStrings.xml');
    await sst.write(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="${this.shared.size}">`);
    for (const v of this.shared.keys()) {
      const text = escapeXml(v);
      const pending = sst.write(text !== text.trim() ? `<si><t xml:space="preserve">${text}</t></si>` : `<si><t>${text}</t></si>`);
      if (pending) await pending;
    }
    await sst.write('</sst>');
    await sst.close();
    await z.addEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        files.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        charts
          .map(({ n }) => `<Override PartName="/xl/drawings/drawing${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/><Override PartName="/xl/charts/chart${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>`)
          .join('') +
        '</Types>',
    );
    await z.addEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    );
    await z.addEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
        sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${s.file}"/>`).join('') +
        '</sheets><definedNames>' +
        sheets
          .map((s, i) => `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">'${escapeXml(s.name.replace(/'/g, "''"))}'!$A$1:$${columnLetter(Math.max(0, s.columns - 1))}$${s.rows}</definedName>`)
          .join('') +
        '</definedNames></workbook>',
    );
    await z.addEntry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        files.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        `<Relationship Id="rId${files.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
        `<Relationship Id="rId${files.length + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    );
    await z.addEntry('xl/styles.xml', STYLES_XML);
    await z.finish();
  }

  /** Excel sheet names: at most 31 characters, none of []:*?/\, unique case-insensitively. */
  private uniqueName(name: string): string {
    const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
    let candidate = base;
    for (let n = 2; this.usedNames.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 26)} (${n})`;
    this.usedNames.add(candidate.toLowerCase());
    return candidate;
  }
}


// Callers import the sheet XML pieces from the writer too.
export { columnLetter, dataCellStyle, escapeXml, MAX_COLUMN_WIDTH, rowXml, SHEET_REFERENCES, sheetHeadXml, sheetTailXml, widthsOf, type RowOptions, type SheetReferences } from './sheet-xml.ts';

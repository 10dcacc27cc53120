/**
 * A report part's sheet rows as raw-deflate segments in the workspace (report/zip-writer.ts): one
 * segment per sheet the part's rows fall on (a type's sheet continues on `<TYPE> (2)` at the row
 * limit, wherever that falls between parts). Rows are encoded into `xml` and handed to the current
 * segment's writer.
 */
import { ByteRows } from '../../report/row-bytes.ts';
import { openDeflateSegment, type DeflateSegment, type SegmentWriter } from '../../report/zip-writer.ts';
import type { Workspace } from '../contract.ts';

/** Sheet `part` (1 = the first sheet of the type, 2 = its continuation, …) got `rows` rows in segment `name`. */
export interface SheetSegment extends DeflateSegment {
  part: number;
  rows: number;
  name: string;
}

export class SheetSegments {
  readonly xml: ByteRows;
  /** The finished segments, in order. */
  readonly segments: SheetSegment[] = [];
  private segment: { writer: SegmentWriter; result: SheetSegment; done: DeflateSegment } | undefined;
  /** Data rows per sheet (the header is the first row). */
  private readonly perSheet: number;

  constructor(
    private readonly workspace: Workspace,
    private readonly output: string,
    private readonly rowOffset: number,
    maxRows: number,
    enabled: boolean,
  ) {
    this.perSheet = maxRows - 1;
    this.xml = new ByteRows((chunk, release) => this.segment!.writer.write(chunk, release), enabled ? 1 << 20 : 0);
  }

  /** Row number in its sheet: the header is row 1, a continuation sheet starts over. */
  sheetRowOf(row: number): number {
    return ((this.rowOffset + row) % this.perSheet) + 2;
  }

  /** Whether row `row` of the part goes into the open segment (else `openFor` it first). */
  continues(row: number): boolean {
    return this.segment !== undefined && (this.rowOffset + row) % this.perSheet !== 0;
  }

  /** Counts a row written into the open segment. */
  counted(): void {
    this.segment!.result.rows++;
  }

  /** Opens the segment of row `row`'s sheet (closing the one before) and counts the row. */
  async openFor(row: number): Promise<void> {
    const part = Math.floor((this.rowOffset + row) / this.perSheet) + 1;
    if (!this.segment || this.segment.result.part !== part) {
      await this.close();
      const name = `${this.output}/sheet-${part}.deflate`;
      const { writer, segment: done } = openDeflateSegment(this.workspace.write(name));
      this.segment = { writer, done, result: { part, rows: 0, name, crc: 0, size: 0, compressedSize: 0 } };
    }
    this.segment.result.rows++;
  }

  /** Flushes and closes the open segment, if any. */
  async close(): Promise<void> {
    const s = this.segment;
    if (!s) return;
    await this.xml.flush();
    await s.writer.close();
    Object.assign(s.result, { crc: s.done.crc, size: s.done.size, compressedSize: s.done.compressedSize });
    this.segments.push(s.result);
    this.segment = undefined;
  }
}

/**
 * Report rows written straight into UTF-8 bytes: sheet row XML (the bytes of `rowXml` as
 * Buffer.write encodes them) and combined-CSV rows (the bytes of `CsvWriter.writeRow`). One pass
 * per cell escapes, neutralises and encodes; no row string, no parts array, no join (the string
 * path built ~1 KB of garbage per row and copied it three times).
 */
import { isFormulaStart } from './neutralise-cell.ts';
import { isPlainNumber, NUMERIC, putTemporalCell, SHARED, TEMPORAL } from './typed-cells.ts';
import { columnLetter, dataCellStyle, escapeXml, SHEET_REFERENCES, type SheetReferences } from './sheet-xml.ts';

const viewOf = (b: Buffer) => new DataView(b.buffer, b.byteOffset, b.length);
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const INLINE_CLOSE = ascii('</t></is></c>');
const ROW_OPEN_BARE = ascii('<row>');
const SHARED_OPEN = ascii(' t="s"><v>');
const AMP = ascii('&amp;');
const LT = ascii('&lt;');
const GT = ascii('&gt;');
const QUOT = ascii('&quot;');
const CR = ascii('&#13;');
/** Released buffers kept for reuse (more are in the sink's queue only while it is behind). */
const MAX_FREE_BUFFERS = 8;
/** Bytes a sheet row needs besides its cells (`<row r="1048576">`, `</row>`), and a cell besides its text (tags, reference, style, and `</row>` after it). */
const ROW_ROOM = 32;
const CELL_ROOM = 80;

/**
 * Eight bytes of ASCII (padded with spaces) as the double whose little-endian bytes they are, for
 * one 8-byte store (DataView.setFloat64) instead of eight byte stores. ASCII never makes a NaN
 * (its top byte is below 0x7f) nor a subnormal (a space or more in the top byte), so the bytes
 * come back exactly. Tags are written in such stores, the last one running up to 7 bytes past the
 * tag into the room each cell has made (the next bytes written overwrite them; bytes past `pos`
 * are never handed on).
 */
function wide(s: string): number {
  const view = new DataView(new ArrayBuffer(8));
  for (let i = 0; i < 8; i++) view.setUint8(i, i < s.length ? s.charCodeAt(i) : 32);
  const x = view.getFloat64(0, true);
  if (Number.isNaN(x)) throw new Error(`row-bytes: ${JSON.stringify(s)} is no wide tag`);
  return x;
}
const W_ROW_OPEN = wide('<row r="');
const W_ROW_CLOSE = wide('</row>');
const W_NUMBER_CLOSE = wide('</v></c>');
const W_INLINE_1 = wide(' t="inli');
const W_INLINE_2 = wide('neStr"><');
const W_INLINE_3 = wide('is><t>');
const W_STYLED_2 = wide('neStr" s');
const W_OPEN_IS = wide('><is><t>');
const W_CLOSE_1 = wide('</t></is');
const W_CLOSE_2 = wide('></c>');
/** `<c r="` and the letters of each column with at most two (A … ZZ), as wide stores; their lengths. */
const COLUMN_PREFIX = new Float64Array(702);
const COLUMN_PREFIX_LENGTH = new Uint8Array(702);
for (let i = 0; i < 702; i++) {
  const letters = columnLetter(i);
  COLUMN_PREFIX[i] = wide(`<c r="${letters}`);
  COLUMN_PREFIX_LENGTH[i] = 6 + letters.length;
}

// Tags written in 8-byte stores (wide): fewer stores per cell than byte by byte, and no TypedArray.set call.
/** ` t="inlineStr"><is><t>`, or with ` s="N"` for a style N (dataCellStyle: 2, 3 or 4), after `<c` and the cell's reference if it has one. */
function openInline(view: DataView, p: number, style: number): number {
  view.setFloat64(p, W_INLINE_1, true);
  if (style === 0) {
    view.setFloat64(p + 8, W_INLINE_2, true);
    view.setFloat64(p + 16, W_INLINE_3, true);
    return p + 22;
  }
  //  t="inlineStr" s="N"><is><t>
  view.setFloat64(p + 8, W_STYLED_2, true);
  view.setUint8(p + 16, 61);
  view.setUint8(p + 17, 34);
  view.setUint8(p + 18, 48 + style);
  view.setUint8(p + 19, 34);
  view.setFloat64(p + 20, W_OPEN_IS, true);
  return p + 28;
}

/** UTF-8 of one code unit at or above 0x80 that is not a surrogate (the callers send those elsewhere). */
function putUtf8(buf: Buffer, p: number, c: number): number {
  if (c < 0x800) {
    buf[p] = 0xc0 | (c >> 6);
    buf[p + 1] = 0x80 | (c & 63);
    return p + 2;
  }
  buf[p] = 0xe0 | (c >> 12);
  buf[p + 1] = 0x80 | ((c >> 6) & 63);
  buf[p + 2] = 0x80 | (c & 63);
  return p + 3;
}

function closeCell(view: DataView, p: number): number {
  view.setFloat64(p, W_CLOSE_1, true);
  view.setFloat64(p + 8, W_CLOSE_2, true);
  return p + 13;
}

/**
 * For ByteRows.csvRow: the ByteRows the sheet rows go to, and for each CSV column the sheet column
 * that may hold the same value (-1: none). A CSV cell that is the same string as that cell of the
 * last sheet row, and written there as plain ASCII still in the buffer, is copied from its bytes.
 */
export interface SheetCells {
  rows: ByteRows;
  columnOf: Int32Array;
}

/**
 * Bytes gathered in a large buffer and handed to `sink` when full. The sink keeps the buffer it got
 * until it calls `release`; a released buffer is filled again, otherwise a fresh one is taken. (A
 * fresh 1 MB buffer per MB written made most of the report workers' full garbage collections:
 * V8 starts one for every 64 MB or so of new ArrayBuffers, however small the heap.) `wait()` gives
 * what the sink asked to wait for since the last call.
 */
export class ByteRows {
  private buf: Buffer;
  /** `buf` for wide stores. */
  private view: DataView;
  private pos = 0;
  private pending: Promise<void> | undefined;
  /**
   * For the last sheet row while its bytes are still in `buf` (none once the buffer is handed on):
   * where each cell's text is there when it is printable ASCII without XML specials (-1 otherwise),
   * and for those cells (only: fewer stores of fresh strings into an old array) the string:
   * csvRow copies those bytes instead of reading the string again.
   */
  private written: (string | undefined)[] = [];
  private writtenCount = 0;
  private textAt = new Int32Array(64);
  private textEnd = new Int32Array(64);

  /** Buffers the sink has released, to be filled again. */
  private readonly free: Buffer[] = [];

  /** Sheet rows with `needed` references (SheetReferences) only. */
  private readonly inferred: boolean;

  constructor(
    private readonly sink: (chunk: Uint8Array, release: () => void) => Promise<void> | void,
    private readonly size = 1 << 20,
    references: SheetReferences = SHEET_REFERENCES,
  ) {
    this.buf = Buffer.allocUnsafe(size);
    this.view = viewOf(this.buf);
    this.inferred = references === 'needed';
  }

  /** Hands over the bytes so far (call before the sink changes or ends). */
  flush(): Promise<void> | void {
    this.send();
    return this.wait();
  }

  /** Bytes buffered, not yet handed to the sink (with what the sink got: the position of the next row). */
  get buffered(): number {
    return this.pos;
  }

  /** What the sink asked to wait for since the last call (undefined: nothing). */
  wait(): Promise<void> | undefined {
    const p = this.pending;
    this.pending = undefined;
    return p;
  }

  private send(): void {
    this.writtenCount = 0;
    if (this.pos === 0) return;
    const full = this.buf;
    const out = full.subarray(0, this.pos);
    this.setBuffer(this.free.pop() ?? Buffer.allocUnsafe(this.size));
    this.pos = 0;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (full.length === this.size && this.free.length < MAX_FREE_BUFFERS) this.free.push(full);
    };
    const p = this.sink(out, release);
    if (p) this.pending = this.pending ? this.pending.then(() => p) : p;
  }

  private setBuffer(buf: Buffer): void {
    this.buf = buf;
    this.view = viewOf(buf);
  }

  /** Room for `n` more bytes in the buffer. */
  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.send();
    if (n > this.buf.length) this.setBuffer(Buffer.allocUnsafe(n));
  }

  /**
   * Room for `need` more bytes of the row begun at `rowStart` (one cell's worst case): the rows
   * before it go to the sink and the row so far moves to the start of the next buffer, so a row's
   * bytes stay in one piece. Returns how far the row moved (new position minus old).
   */
  private spill(rowStart: number, need: number): number {
    const old = this.buf;
    const end = this.pos;
    this.pos = rowStart;
    // Hands on old[0, rowStart) and takes the next buffer (nothing to hand on when the row started it).
    if (rowStart > 0) this.send();
    const part = end - rowStart;
    if (rowStart === 0 || part + need > this.buf.length) {
      const next = Buffer.allocUnsafe(Math.max(part + need, 2 * old.length, this.size));
      // A buffer of the usual size not handed to the sink goes back to the free ones.
      if (this.buf.length === this.size && this.buf !== next && (rowStart > 0 || old.length === this.size) && this.free.length < MAX_FREE_BUFFERS) this.free.push(this.buf);
      this.setBuffer(next);
    }
    old.copy(this.buf, 0, rowStart, end);
    this.pos = part;
    return -rowStart;
  }

  private put(bytes: Uint8Array): void {
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /**
   * One sheet row, sheet row number `row`: the bytes of `rowXml(cells, row, { highlight: i => i >=
   * flagFrom && i < flagTo, kinds, follows, references })`, `follows` when `row` is one past the
   * last row this writer wrote (the first row of a writer, and of a continuation sheet, keeps its
   * `r`). References as the writer's SheetReferences say, empty cells left out, ISO dates and times of TEMPORAL columns and
   * plain numbers of NUMERIC columns typed, text that starts like a formula with the quotePrefix style.
   */
  xmlRow(cells: readonly (string | undefined)[], row: number, flagFrom: number, flagTo: number, sameAs?: Int32Array, kinds?: ArrayLike<number>): void {
    const end = cells.length;
    // Room for the row's tags; each cell makes room for itself (a row stays in one buffer: spill).
    this.room(ROW_ROOM);
    let rowStart = this.pos;
    if (end > this.textAt.length) {
      this.textAt = new Int32Array(end * 2);
      this.textEnd = new Int32Array(end * 2);
    }
    // The row number's digits, once per row (every cell's reference ends with them): the last
    // row's plus one, or made from the number.
    const digits = this.rowDigits;
    let nd = this.rowDigitCount;
    if (row === this.lastRow + 1 && nd > 0) {
      let d = nd - 1;
      while (d >= 0 && digits[d] === 57) digits[d--] = 48;
      if (d >= 0) digits[d]!++;
      else {
        digits.copyWithin(1, 0, nd);
        digits[0] = 49;
        nd++;
      }
    } else {
      nd = 0;
      for (let r = row; r > 0; r = Math.floor(r / 10)) nd++;
      for (let r = row, d = nd - 1; d >= 0; r = Math.floor(r / 10), d--) digits[d] = 48 + (r % 10);
    }
    this.rowDigitCount = nd;
    // The digits and the closing quote in one wide store (a sheet has at most 1,048,576 rows: 7 digits).
    if (nd < 8) {
      const w = this.digitWide;
      for (let d = 0; d < 8; d++) w.setUint8(d, d < nd ? digits[d]! : d === nd ? 34 : 32);
      this.digitQuote = w.getFloat64(0, true);
    }
    const inferred = this.inferred;
    if (inferred && row === this.lastRow + 1) {
      this.put(ROW_OPEN_BARE);
    } else {
      this.view.setFloat64(this.pos, W_ROW_OPEN, true);
      this.pos += 8;
      if (nd < 8) {
        this.view.setFloat64(this.pos, this.digitQuote, true);
        this.pos += nd + 1;
      } else {
        this.putRowDigits();
        this.buf[this.pos++] = 34;
      }
      this.buf[this.pos++] = 62; // >
    }
    this.lastRow = row;
    const kindCount = kinds === undefined ? 0 : kinds.length;
    // The column a cell without a reference would take: the one after the last cell written (never
    // with every reference written).
    let next = inferred ? 0 : -1;
    for (let i = 0; i < end; i++) {
      const v = cells[i];
      this.textAt[i] = -1;
      if (v === '' || v === undefined) continue;
      // The cell's worst case: 6 bytes per UTF-16 unit (&quot;) plus its tags and reference.
      const need = 6 * v.length + CELL_ROOM;
      if (this.pos + need > this.buf.length) {
        const shift = this.spill(rowStart, need);
        rowStart = 0;
        for (let j = 0; j < i; j++) {
          if (this.textAt[j]! >= 0) {
            this.textAt[j]! += shift;
            this.textEnd[j]! += shift;
          }
        }
      }
      this.refNeeded = i !== next;
      if (inferred) next = i + 1;
      const kind = i < kindCount ? kinds![i]! : 0;
      if (kind !== 0 && this.xmlTyped(v, kind, i)) continue;
      // A text cell that repeats an earlier one of the row written as plain ASCII (a canonical column
      // beside its original): its bytes again.
      const k = kind === 0 && sameAs !== undefined && i < sameAs.length ? sameAs[i]! : -1;
      if (k >= 0 && k < i && this.textAt[k]! >= 0 && cells[k] === v) this.xmlCopy(k, i >= flagFrom && i < flagTo, i);
      else this.xmlCell(v, i >= flagFrom && i < flagTo, i);
    }
    this.writtenCount = end;
    this.view.setFloat64(this.pos, W_ROW_CLOSE, true);
    this.pos += 6;
  }

  private readonly rowDigits = new Uint8Array(16);
  private readonly digitWide = new DataView(new ArrayBuffer(8));
  /** The row's digits and `"` as a wide store (rows of at most 7 digits). */
  private digitQuote = 0;
  private rowDigitCount = 0;
  /** The last sheet row number xmlRow wrote (-1: none yet). */
  private lastRow = -1;
  /** Whether the cell being written needs its reference (set per cell by xmlRow). */
  private refNeeded = true;

  private putRowDigits(): void {
    const buf = this.buf;
    let p = this.pos;
    for (let d = 0; d < this.rowDigitCount; d++) buf[p++] = this.rowDigits[d]!;
    this.pos = p;
  }

  /**
   * `<c r="B7"` of column `index` in the current row: `<c r="`, the column's letters, the row's
   * digits; `<c` alone when the reference is not needed.
   */
  private cellRef(index: number): number {
    const buf = this.buf;
    let p = this.pos;
    if (!this.refNeeded) {
      buf[p] = 60;
      buf[p + 1] = 99;
      this.pos = p + 2;
      return this.pos;
    }
    const nd = this.rowDigitCount;
    if (index < 702 && nd < 8) {
      const view = this.view;
      view.setFloat64(p, COLUMN_PREFIX[index]!, true);
      p += COLUMN_PREFIX_LENGTH[index]!;
      view.setFloat64(p, this.digitQuote, true);
      this.pos = p + nd + 1;
      return this.pos;
    }
    buf[p] = 60;
    buf[p + 1] = 99;
    buf[p + 2] = 32;
    buf[p + 3] = 114;
    buf[p + 4] = 61;
    buf[p + 5] = 34;
    p += 6;
    const letters = columnLetter(index);
    for (let i = 0; i < letters.length; i++) buf[p++] = letters.charCodeAt(i);
    const digits = this.rowDigits;
    for (let d = 0; d < nd; d++) buf[p++] = digits[d]!;
    buf[p] = 34;
    this.pos = p + 1;
    return this.pos;
  }

  /**
   * A TEMPORAL cell holding an ISO date/time as a serial number with its date style, a NUMERIC cell
   * holding a plain number as a number (its ASCII kept for csvRow); false, writing nothing, for other text.
   */
  private xmlTyped(v: string, kind: number, index: number): boolean {
    if (kind === TEMPORAL) {
      const start = this.pos;
      const end = putTemporalCell(this.buf, this.cellRef(index), v);
      this.pos = end < 0 ? start : end;
      return end >= 0;
    }
    if (kind === SHARED) return this.xmlShared(v, index);
    if (kind !== NUMERIC || !isPlainNumber(v)) return false;
    let p = this.cellRef(index);
    const buf = this.buf;
    buf[p] = 62; // ><v>
    buf[p + 1] = 60;
    buf[p + 2] = 118;
    buf[p + 3] = 62;
    p += 4;
    this.textAt[index] = p;
    this.written[index] = v;
    for (let i = 0; i < v.length; i++) buf[p++] = v.charCodeAt(i);
    this.textEnd[index] = p;
    this.view.setFloat64(p, W_NUMBER_CLOSE, true);
    this.pos = p + 8;
    return true;
  }

  /** `<c r="B7" t="s"><v>12</v></c>`: shared string `v` (its index, decimal digits only; anything else is written as text). */
  private xmlShared(v: string, index: number): boolean {
    for (let i = 0; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (c < 48 || c > 57) return false;
    }
    let p = this.cellRef(index);
    const buf = this.buf;
    buf.set(SHARED_OPEN, p);
    p += SHARED_OPEN.length;
    for (let i = 0; i < v.length; i++) buf[p++] = v.charCodeAt(i);
    this.view.setFloat64(p, W_NUMBER_CLOSE, true);
    this.pos = p + 8;
    return true;
  }

  private xmlCell(v: string, flagged: boolean, index: number): void {
    const n = v.length;
    const start = this.pos;
    const buf = this.buf;
    const c0 = v.charCodeAt(0);
    let p = openInline(this.view, this.cellRef(index), dataCellStyle(c0, flagged));
    // Printable ASCII without XML specials (most cells, all of their length): one tight loop.
    let i = 0;
    for (; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c < 32 || c > 126 || c === 38 || c === 60 || c === 62 || c === 34) break;
      buf[p++] = c;
    }
    if (i < n) return this.xmlCellRest(v, i, p, start, flagged, index);
    this.textAt[index] = p - n;
    this.textEnd[index] = p;
    this.written[index] = v;
    this.pos = closeCell(this.view, p);
  }

  /** Cell `index` with the text of cell `k` of this row (plain ASCII, earlier in the buffer). */
  private xmlCopy(k: number, flagged: boolean, index: number): void {
    const s = this.textAt[k]!;
    const e = this.textEnd[k]!;
    const buf = this.buf;
    let p = openInline(this.view, this.cellRef(index), dataCellStyle(buf[s]!, flagged));
    this.textAt[index] = p;
    this.written[index] = this.written[k];
    for (let q = s; q < e; q++) buf[p++] = buf[q]!;
    this.textEnd[index] = p;
    this.pos = closeCell(this.view, p);
  }

  /** The rest of a cell from `i` (written up to `p`): escapes, line breaks, UTF-8. */
  private xmlCellRest(v: string, i: number, p: number, start: number, flagged: boolean, index: number): void {
    const n = v.length;
    const buf = this.buf;
    for (; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 32) {
          if (c === 38 || c === 60 || c === 62 || c === 34) {
            this.pos = p;
            this.put(c === 38 ? AMP : c === 60 ? LT : c === 62 ? GT : QUOT);
            p = this.pos;
          } else buf[p++] = c;
        } else if (c === 9 || c === 10) buf[p++] = c;
        else if (c === 13) {
          this.pos = p;
          this.put(CR);
          p = this.pos;
        } else return this.xmlCellExactly(v, start, flagged, index);
      } else if (c >= 0xd800 && (c <= 0xdfff || c >= 0xfffe)) {
        // Surrogates and characters XML drops: the string path decides.
        return this.xmlCellExactly(v, start, flagged, index);
      } else p = putUtf8(buf, p, c);
    }
    this.pos = closeCell(this.view, p);
  }

  /** The string path for rare cells (control characters, surrogates): escapeXml, then Buffer.write's UTF-8. */
  private xmlCellExactly(v: string, start: number, flagged: boolean, index: number): void {
    this.pos = start;
    this.pos = openInline(this.view, this.cellRef(index), dataCellStyle(v.charCodeAt(0), flagged));
    this.pos += this.buf.write(escapeXml(v), this.pos, 'utf8');
    this.put(INLINE_CLOSE);
  }

  /**
   * One CSV row: the bytes of `CsvWriter.writeRow(cells)`. Each cell neutralised (a leading
   * apostrophe before = + - @ tab CR), quoted when it holds " , CR or LF; CRLF at the end.
   */
  csvRow(cells: readonly (string | undefined)[], sheet?: SheetCells): void {
    // Room for the commas and CRLF; each cell makes room for itself (a row stays in one buffer: spill).
    const count = cells.length;
    this.room(count + 2);
    let rowStart = this.pos;
    // The position in a local between cells (most cells of the combined CSV are empty: a comma each).
    let buf = this.buf;
    let p = this.pos;
    const from = sheet?.rows;
    for (let i = 0; i < count; i++) {
      if (i > 0) buf[p++] = 44;
      const v = cells[i];
      if (v === undefined || v === '') continue;
      // The cell's worst case (3 bytes per UTF-16 unit, apostrophe, quotes), the commas and CRLF after it.
      const need = 3 * v.length + 5 + count - i;
      this.pos = p;
      if (p + need > buf.length) {
        this.spill(rowStart, need);
        rowStart = 0;
        buf = this.buf;
      }
      if (from !== undefined) {
        // The same string just written to the sheet as plain ASCII: its bytes, unless a comma needs quotes.
        const k = sheet!.columnOf[i]!;
        if (k >= 0 && k < from.writtenCount && from.textAt[k]! >= 0 && from.written[k] === v && this.csvCopy(from.buf, from.textAt[k]!, from.textEnd[k]!)) {
          p = this.pos;
          continue;
        }
      }
      this.csvCell(v);
      p = this.pos;
    }
    buf[p] = 13;
    buf[p + 1] = 10;
    this.pos = p + 2;
  }

  /** Sheet-cell bytes (printable ASCII, no XML specials) as a CSV cell; false, writing nothing, when one is a comma. */
  private csvCopy(src: Uint8Array, s: number, e: number): boolean {
    const buf = this.buf;
    let p = this.pos;
    if (isFormulaStart(src[s]!)) buf[p++] = 39;
    for (let q = s; q < e; q++) {
      const c = src[q]!;
      if (c === 44) return false;
      buf[p++] = c;
    }
    this.pos = p;
    return true;
  }

  private csvCell(v: string): void {
    const n = v.length;
    const buf = this.buf;
    const start = this.pos;
    let p = start;
    if (isFormulaStart(v.charCodeAt(0))) buf[p++] = 39;
    // ASCII without quote, comma or line break (most cells, all of their length): one tight loop.
    let i = 0;
    for (; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c > 127 || c === 34 || c === 44 || c === 13 || c === 10) break;
      buf[p++] = c;
    }
    if (i < n) this.csvCellRest(v, i, p, start);
    else this.pos = p;
  }

  /** The rest of a cell from `i` (written up to `p`): quoting starts over; UTF-8. */
  private csvCellRest(v: string, i: number, p: number, start: number): void {
    const n = v.length;
    const buf = this.buf;
    for (; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c < 0x80) {
        if (c === 34 || c === 44 || c === 13 || c === 10) {
          this.pos = start;
          return this.csvQuoted(v);
        }
        buf[p++] = c;
      } else if (c >= 0xd800 && c <= 0xdfff) {
        this.pos = start;
        return this.csvExactly(v);
      } else p = putUtf8(buf, p, c);
    }
    this.pos = p;
  }

  /** A cell with a quote, comma or line break: "…" with quotes doubled (the apostrophe inside). */
  private csvQuoted(v: string): void {
    const n = v.length;
    const buf = this.buf;
    const start = this.pos;
    let p = start;
    buf[p++] = 34;
    if (isFormulaStart(v.charCodeAt(0))) buf[p++] = 39;
    for (let i = 0; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c < 0x80) {
        if (c === 34) buf[p++] = 34;
        buf[p++] = c;
      } else if (c >= 0xd800 && c <= 0xdfff) {
        this.pos = start;
        return this.csvExactly(v);
      } else p = putUtf8(buf, p, c);
    }
    buf[p++] = 34;
    this.pos = p;
  }

  /** The string path for cells with surrogates: as CsvWriter builds it, then Buffer.write's UTF-8. */
  private csvExactly(v: string): void {
    let s = isFormulaStart(v.charCodeAt(0)) ? `'${v}` : v;
    if (/[",\r\n]/.test(s)) s = `"${s.replace(/"/g, '""')}"`;
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }
}

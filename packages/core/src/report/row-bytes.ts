/**
 * Report rows written straight into UTF-8 bytes: sheet row XML (the bytes of `rowXml` as
 * Buffer.write encodes them) and combined-CSV rows (the bytes of `CsvWriter.writeRow`). One pass
 * per cell escapes, neutralises and encodes; no row string, no parts array, no join (the string
 * path built ~1 KB of garbage per row and copied it three times).
 */
import { escapeXml } from './xlsx-writer.ts';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
// Style per cell as in rowXml: 0 plain, 2 flagged, 3 quoted plain, 4 quoted flagged.
const INLINE_OPEN = [0, 1, 2, 3, 4, 5].map((s) => ascii(`<c t="inlineStr"${s ? ` s="${s}"` : ''}><is><t>`));
const INLINE_CLOSE = ascii('</t></is></c>');
const ROW_OPEN = ascii('<row>');
const ROW_CLOSE = ascii('</row>');
const EMPTY_CELL = ascii('<c/>');
const AMP = ascii('&amp;');
const LT = ascii('&lt;');
const GT = ascii('&gt;');
const QUOT = ascii('&quot;');
const CR = ascii('&#13;');


// Tags written byte by byte: a few stores each beat a TypedArray.set call per cell (measured).
function openStyle0(buf: Buffer, p: number): number {
  buf[p + 0] = 60;
  buf[p + 1] = 99;
  buf[p + 2] = 32;
  buf[p + 3] = 116;
  buf[p + 4] = 61;
  buf[p + 5] = 34;
  buf[p + 6] = 105;
  buf[p + 7] = 110;
  buf[p + 8] = 108;
  buf[p + 9] = 105;
  buf[p + 10] = 110;
  buf[p + 11] = 101;
  buf[p + 12] = 83;
  buf[p + 13] = 116;
  buf[p + 14] = 114;
  buf[p + 15] = 34;
  buf[p + 16] = 62;
  buf[p + 17] = 60;
  buf[p + 18] = 105;
  buf[p + 19] = 115;
  buf[p + 20] = 62;
  buf[p + 21] = 60;
  buf[p + 22] = 116;
  buf[p + 23] = 62;
  return p + 24;
}
/** `<c t="inlineStr" s="N"><is><t>` with the style digit N (2 flagged, 3 quoted, 4 quoted flagged). */
function openStyled(buf: Buffer, p: number, digit: number): number {
  buf[p + 0] = 60;
  buf[p + 1] = 99;
  buf[p + 2] = 32;
  buf[p + 3] = 116;
  buf[p + 4] = 61;
  buf[p + 5] = 34;
  buf[p + 6] = 105;
  buf[p + 7] = 110;
  buf[p + 8] = 108;
  buf[p + 9] = 105;
  buf[p + 10] = 110;
  buf[p + 11] = 101;
  buf[p + 12] = 83;
  buf[p + 13] = 116;
  buf[p + 14] = 114;
  buf[p + 15] = 34;
  buf[p + 16] = 32;
  buf[p + 17] = 115;
  buf[p + 18] = 61;
  buf[p + 19] = 34;
  buf[p + 20] = digit;
  buf[p + 21] = 34;
  buf[p + 22] = 62;
  buf[p + 23] = 60;
  buf[p + 24] = 105;
  buf[p + 25] = 115;
  buf[p + 26] = 62;
  buf[p + 27] = 60;
  buf[p + 28] = 116;
  buf[p + 29] = 62;
  return p + 30;
}
function closeCell(buf: Buffer, p: number): number {
  buf[p + 0] = 60;
  buf[p + 1] = 47;
  buf[p + 2] = 116;
  buf[p + 3] = 62;
  buf[p + 4] = 60;
  buf[p + 5] = 47;
  buf[p + 6] = 105;
  buf[p + 7] = 115;
  buf[p + 8] = 62;
  buf[p + 9] = 60;
  buf[p + 10] = 47;
  buf[p + 11] = 99;
  buf[p + 12] = 62;
  return p + 13;
}

const startsLikeFormula = (c0: number) => c0 === 61 || c0 === 43 || c0 === 45 || c0 === 64 || c0 === 9 || c0 === 13;

/**
 * Bytes gathered in a large buffer and handed to `sink` when full (a fresh buffer each time: the
 * sink keeps the one it got). `wait()` gives what the sink asked to wait for since the last call.
 */
export class ByteRows {
  private buf: Buffer;
  private pos = 0;
  private pending: Promise<void> | undefined;

  constructor(private readonly sink: (chunk: Uint8Array) => Promise<void> | void, private readonly size = 1 << 20) {
    this.buf = Buffer.allocUnsafe(size);
  }

  /** Hands over the bytes so far (call before the sink changes or ends). */
  flush(): Promise<void> | void {
    this.send();
    return this.wait();
  }

  /** What the sink asked to wait for since the last call (undefined: nothing). */
  wait(): Promise<void> | undefined {
    const p = this.pending;
    this.pending = undefined;
    return p;
  }

  private send(): void {
    if (this.pos === 0) return;
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(this.size);
    this.pos = 0;
    const p = this.sink(out);
    if (p) this.pending = this.pending ? this.pending.then(() => p) : p;
  }

  /** Room for `n` more bytes in the buffer. */
  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.send();
    if (n > this.buf.length) this.buf = Buffer.allocUnsafe(n);
  }

  private put(bytes: Uint8Array): void {
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /**
   * One sheet row: the bytes of `rowXml(cells, i => i >= flagFrom && i < flagTo)`. Trailing empty
   * cells left out, empty cells as <c/>, text that starts like a formula with the quotePrefix style.
   */
  xmlRow(cells: readonly (string | undefined)[], flagFrom: number, flagTo: number): void {
    let end = cells.length;
    while (end > 0 && !cells[end - 1]) end--;
    // Room for the whole row at once: at most 6 bytes per UTF-16 unit (&quot;) plus the tags per cell.
    let bound = 16;
    for (let i = 0; i < end; i++) bound += 6 * (cells[i]?.length ?? 0) + 48;
    this.room(bound);
    this.put(ROW_OPEN);
    for (let i = 0; i < end; i++) {
      const v = cells[i];
      if (v === '' || v === undefined) {
        const buf = this.buf;
        const p = this.pos;
        buf[p] = 60; // <c/>
        buf[p + 1] = 99;
        buf[p + 2] = 47;
        buf[p + 3] = 62;
        this.pos = p + 4;
      } else this.xmlCell(v, i >= flagFrom && i < flagTo);
    }
    this.put(ROW_CLOSE);
  }

  private xmlCell(v: string, flagged: boolean): void {
    const n = v.length;
    const start = this.pos;
    const buf = this.buf;
    const c0 = v.charCodeAt(0);
    let p = startsLikeFormula(c0) ? openStyled(buf, start, flagged ? 52 : 51) : flagged ? openStyled(buf, start, 50) : openStyle0(buf, start);
    // Printable ASCII without XML specials (most cells, all of their length): one tight loop.
    let i = 0;
    for (; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c < 32 || c > 126 || c === 38 || c === 60 || c === 62 || c === 34) break;
      buf[p++] = c;
    }
    if (i < n) this.xmlCellRest(v, i, p, start, flagged);
    else this.pos = closeCell(buf, p);
  }

  /** The rest of a cell from `i` (written up to `p`): escapes, line breaks, UTF-8. */
  private xmlCellRest(v: string, i: number, p: number, start: number, flagged: boolean): void {
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
        } else return this.xmlCellExactly(v, start, flagged);
      } else if (c < 0x800) {
        buf[p++] = 0xc0 | (c >> 6);
        buf[p++] = 0x80 | (c & 63);
      } else if (c >= 0xd800 && (c <= 0xdfff || c >= 0xfffe)) {
        // Surrogates and characters XML drops: the string path decides.
        return this.xmlCellExactly(v, start, flagged);
      } else {
        buf[p++] = 0xe0 | (c >> 12);
        buf[p++] = 0x80 | ((c >> 6) & 63);
        buf[p++] = 0x80 | (c & 63);
      }
    }
    this.pos = closeCell(buf, p);
  }

  /** The string path for rare cells (control characters, surrogates): escapeXml, then Buffer.write's UTF-8. */
  private xmlCellExactly(v: string, start: number, flagged: boolean): void {
    this.pos = start;
    this.put(INLINE_OPEN[startsLikeFormula(v.charCodeAt(0)) ? (flagged ? 4 : 3) : flagged ? 2 : 0]!);
    this.pos += this.buf.write(escapeXml(v), this.pos, 'utf8');
    this.put(INLINE_CLOSE);
  }

  /**
   * One CSV row: the bytes of `CsvWriter.writeRow(cells)`. Each cell neutralised (a leading
   * apostrophe before = + - @ tab CR), quoted when it holds " , CR or LF; CRLF at the end.
   */
  csvRow(cells: readonly (string | undefined)[]): void {
    // Room for the whole row at once: at most 3 bytes per UTF-16 unit, apostrophe, quotes, comma.
    let bound = 2;
    for (let i = 0; i < cells.length; i++) bound += 3 * (cells[i]?.length ?? 0) + 5;
    this.room(bound);
    for (let i = 0; i < cells.length; i++) {
      if (i > 0) this.buf[this.pos++] = 44;
      const v = cells[i];
      if (v !== undefined && v !== '') this.csvCell(v);
    }
    this.buf[this.pos++] = 13;
    this.buf[this.pos++] = 10;
  }

  private csvCell(v: string): void {
    const n = v.length;
    const buf = this.buf;
    const start = this.pos;
    let p = start;
    if (startsLikeFormula(v.charCodeAt(0))) buf[p++] = 39;
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
      } else if (c < 0x800) {
        buf[p++] = 0xc0 | (c >> 6);
        buf[p++] = 0x80 | (c & 63);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        this.pos = start;
        return this.csvExactly(v);
      } else {
        buf[p++] = 0xe0 | (c >> 12);
        buf[p++] = 0x80 | ((c >> 6) & 63);
        buf[p++] = 0x80 | (c & 63);
      }
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
    if (startsLikeFormula(v.charCodeAt(0))) buf[p++] = 39;
    for (let i = 0; i < n; i++) {
      const c = v.charCodeAt(i);
      if (c < 0x80) {
        if (c === 34) buf[p++] = 34;
        buf[p++] = c;
      } else if (c < 0x800) {
        buf[p++] = 0xc0 | (c >> 6);
        buf[p++] = 0x80 | (c & 63);
      } else if (c >= 0xd800 && c <= 0xdfff) {
        this.pos = start;
        return this.csvExactly(v);
      } else {
        buf[p++] = 0xe0 | (c >> 12);
        buf[p++] = 0x80 | ((c >> 6) & 63);
        buf[p++] = 0x80 | (c & 63);
      }
    }
    buf[p++] = 34;
    this.pos = p;
  }

  /** The string path for cells with surrogates: as CsvWriter builds it, then Buffer.write's UTF-8. */
  private csvExactly(v: string): void {
    let s = startsLikeFormula(v.charCodeAt(0)) ? `'${v}` : v;
    if (/[",\r\n]/.test(s)) s = `"${s.replace(/"/g, '""')}"`;
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }
}

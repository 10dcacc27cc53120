import { cellTooLong, indexOrEnd, MAX_CELL_CHARS, MAX_ROW_CELLS, tooManyCells } from './csv-splitter.ts';
import { needsTrim, trimCell } from './open-rows.ts';
import type { RowShape } from './types.ts';

const LF = 10;
const CR = 13;
const QUOTE = 34;

/** cellCode's digit (1 to 63) of each ASCII character it codes: A-Z, a-z, 0-9 and '_'; 0 for the others. */
const CODE_DIGITS = (() => {
  const d = new Uint8Array(128);
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_';
  for (let k = 0; k < chars.length; k++) d[chars.charCodeAt(k)] = k + 1;
  return d;
})();

/** A quoted cell's start is kept as -2 - (where its opening quote is): its text is made only when read (`unquote`). */
const quotedAt = (start: number) => -2 - start;

/**
 * Step 1's reader of delimited text: the rows CsvSplitter + shapeRows give (same cells, same blank
 * and repeated-header rows dropped, same width), without a string per cell. Each row is handed to
 * `onRow` as this scanner itself, a view valid until `onRow` returns: `cell(i)` makes the string of
 * cell i only when asked. Most of step 1's records need two or three of their cells as strings.
 * Text comes in chunks (`push`); a row cut by a chunk boundary is kept and read with the next one.
 */
export class RowScanner {
  private readonly delim: number;
  private readonly delimChar: string;
  private readonly width: number;
  private readonly header: readonly string[];
  /** Non-blank rows still to skip (the title rows and header at the start of a file). */
  private skip: number;
  private text = '';
  /** Where `text` starts in all the text pushed so far, and how much has been pushed (characters). */
  private textAt = 0;
  private pushed = 0;
  /** Cell bounds of the present row in `text`; a negative start marks a quoted cell (quotedAt). */
  private starts = new Int32Array(64);
  private ends = new Int32Array(64);
  private cells = 0;
  private rowStart = 0;
  private rowEnd = 0;
  // Next delimiter / LF / CR / quote at or after the position they were looked for (text.length: none).
  private nd = -1;
  private nl = -1;
  private nc = -1;
  private nq = -1;
  /** Cells read at once; the rest of a row without quotes or lone CRs only when asked (`rest`). */
  private readonly eager: number;
  /** Where the present row's unread cells start, or -1; they end at `restEnd` (no quote, no line break there). */
  private rest = -1;
  private restEnd = 0;
  /** The present row has a quoted cell with text after its closing quote (`"e"bug` reads `ebug`). */
  private glued = false;
  /**
   * Line breaks inside quoted cells so far: each joins two lines of the file into one record. Rare
   * in SAP exports, so a count above zero is reported (a stray quote can swallow a record).
   */
  quotedLineBreaks = 0;
  /**
   * A row cut by the end of the text: the cells it had complete, where its next cell starts (from
   * the row's start) and where the row started, so the next text goes on from there instead of
   * reading the row again from its start (a long row over many chunks would be read many times).
   */
  private resumeCells = 0;
  private resumeAt = 0;
  private resumeFrom = 0;
  private resumeGlued = false;
  /** Patterns of `mayContain`, and where each is next found in `text`. */
  private readonly patterns: string[];
  private readonly nextAt: number[];
  /** The least of `nextAt` (mayContainAny): one comparison per row while no pattern is near. */
  private nextAny = -1;

  constructor(
    delimiter: string,
    shape: Pick<RowShape, 'width' | 'header'>,
    skipRows: number,
    private readonly onRow: (row: RowScanner) => void,
    patterns: readonly string[] = [],
    eagerCells = MAX_ROW_CELLS,
  ) {
    if (delimiter.length !== 1) throw new Error('delimiter must be one character');
    this.delim = delimiter.charCodeAt(0);
    this.delimChar = delimiter;
    this.width = shape.width;
    this.header = shape.header;
    this.skip = skipRows;
    this.eager = Math.max(1, eagerCells);
    this.patterns = [...patterns];
    this.nextAt = this.patterns.map(() => -1);
  }

  /**
   * Reads the complete rows of `chunk` (with what was left of the last one). The row cut by the
   * chunk boundary is finished in a small string of its own: the chunk itself is read as it came
   * (joining the two would copy every chunk whole).
   */
  push(chunk: string): void {
    const tailAt = this.textAt + this.rowEnd;
    const chunkAt = this.pushed;
    this.pushed += chunk.length;
    const tail = this.text.slice(this.rowEnd);
    if (tail === '') {
      this.textAt = chunkAt;
      return this.scan(chunk, false, 0);
    }
    this.textAt = tailAt;
    const k = chunk.indexOf('\n');
    if (k >= 0) {
      const piece = tail + chunk.slice(0, k + 1);
      this.scan(piece, false, 0);
      if (this.rowEnd === piece.length) {
        this.textAt = chunkAt;
        return this.scan(chunk, false, k + 1);
      }
      // Still open after that line break (a quoted one): what is left is read with the rest of the
      // chunk in one string (line break by line break would read a long quoted cell again each time).
      this.textAt = tailAt + this.rowEnd;
      return this.scan(piece.slice(this.rowEnd) + chunk.slice(k + 1), false, 0);
    }
    this.scan(tail + chunk, false, 0);
  }

  /** Reads what is left as the last row (a file need not end with a line break). */
  end(): void {
    if (this.rowEnd < this.text.length) {
      this.textAt += this.rowEnd;
      this.scan(this.text.slice(this.rowEnd), true, 0);
    }
    this.textAt += this.text.length;
    this.text = '';
    this.rowEnd = 0;
  }

  /**
   * Where the present row starts in all the text pushed so far (characters), and where the next
   * row starts (after this row's line break): step 1 keeps the bytes of some rows by these.
   */
  get rowFrom(): number {
    return this.textAt + this.rowStart;
  }

  get rowTo(): number {
    return this.textAt + this.rowEnd;
  }

  /**
   * The CsvSplitter state after all text pushed so far (csv-splitter.ts scanRowEnd goes on from
   * it over raw bytes): the row left over is short, so it is simply walked again.
   */
  get quoteState(): number {
    let s = 0; // FieldStart, Unquoted, Quoted, QuoteInQuoted as in csv-splitter.ts
    const t = this.text;
    for (let i = this.rowEnd; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (s === 2) {
        if (c === QUOTE) s = 3;
      } else if (s === 3 && c === QUOTE) s = 2;
      else if (s === 0 && c === QUOTE) s = 2;
      else s = c === this.delim || c === CR || c === LF ? 0 : 1;
    }
    return s;
  }

  /** Cells of the present row as the file has them (before padding or cutting to the width). */
  get cellCount(): number {
    if (this.rest >= 0) this.readRest();
    return this.cells;
  }

  /** Cell i of the present row, trimmed; '' past the row's end or the file's width. */
  cell(i: number): string {
    if (i >= this.cells && this.rest >= 0 && i < this.width) this.splitPlain(i + 1);
    if (i >= this.cells || i >= this.width || i < 0) return '';
    const s = this.starts[i]!;
    if (s < 0) return trimCell(this.unquote(i));
    const e = this.ends[i]!;
    if (e === s) return '';
    const t = this.text;
    const cell = t.slice(s, e);
    return needsTrim(t.charCodeAt(s), t.charCodeAt(e - 1)) ? cell.trim() : cell;
  }

  /**
   * Cell i as a number when it is 1 to 5 letters, digits or '_' (6 bits each, CODE_DIGITS, first
   * character lowest; at most 2^30 - 1, a small integer to V8), 0 when it is empty, -1 otherwise:
   * short codes (events, transactions such as SE16N or ME21N, tables) can be looked up without
   * making their string first. Distinct cells have distinct codes.
   */
  cellCode(i: number): number {
    if (i >= this.cells && this.rest >= 0 && i < this.width) this.splitPlain(i + 1);
    if (i >= this.cells || i >= this.width || i < 0) return 0;
    const s = this.starts[i]!;
    if (s < 0) return -1;
    const n = this.ends[i]! - s;
    if (n > 5) return -1;
    const t = this.text;
    let code = 0;
    for (let k = 0; k < n; k++) {
      const c = t.charCodeAt(s + k);
      const d = c < 128 ? CODE_DIGITS[c]! : 0;
      if (d === 0) return -1;
      code |= d << (6 * k);
    }
    return code;
  }

  /** Where the cell `span` found lies in `rowText` (valid until the next row). */
  spanStart = 0;
  spanEnd = 0;

  /** The text the present row's cells lie in (valid until `onRow` returns). */
  get rowText(): string {
    return this.text;
  }

  /**
   * True when cell i is `rowText.slice(spanStart, spanEnd)` as it is (no quotes, no trim; empty
   * past the row's end): its value can be read in place, without a string. False otherwise (read `cell(i)`).
   */
  span(i: number): boolean {
    if (i >= this.cells && this.rest >= 0 && i < this.width) this.splitPlain(i + 1);
    if (i >= this.cells || i >= this.width || i < 0) {
      this.spanStart = this.spanEnd = 0;
      return true;
    }
    const s = this.starts[i]!;
    if (s < 0) return false;
    const e = this.ends[i]!;
    if (e > s && needsTrim(this.text.charCodeAt(s), this.text.charCodeAt(e - 1))) return false;
    this.spanStart = s;
    this.spanEnd = e;
    return true;
  }

  /** First character code of cell i when it needs no unquoting or trim, 0 when empty, -1 otherwise. */
  cellInitial(i: number): number {
    if (i >= this.cells && this.rest >= 0 && i < this.width) this.splitPlain(i + 1);
    if (i >= this.cells || i >= this.width || i < 0) return 0;
    const s = this.starts[i]!;
    if (s < 0) return -1;
    if (this.ends[i] === s) return 0;
    const c = this.text.charCodeAt(s);
    return c <= 32 ? -1 : c;
  }

  /** The present row as OpenedFile.batches() gives it: trimmed, `width` cells. */
  row(): string[] {
    const out = new Array<string>(this.width);
    for (let i = 0; i < this.width; i++) out[i] = this.cell(i);
    return out;
  }

  /**
   * False when no cell of the present row can contain `patterns[k]` (pattern text holds no
   * quote and no delimiter, so a match in a cell is a match in the row's raw text).
   */
  mayContain(k: number): boolean {
    if (this.glued) return true; // the cell's text is not a piece of the row's
    let at = this.nextAt[k]!;
    if (at < this.rowStart) this.nextAt[k] = at = indexOrEnd(this.text, this.patterns[k]!, this.rowStart);
    return at < this.rowEnd;
  }

  /** False when no cell of the present row can contain any of the patterns (as every `mayContain` false, in one comparison). */
  mayContainAny(): boolean {
    if (this.glued) return true;
    if (this.nextAny < this.rowStart) {
      const t = this.text;
      const from = this.rowStart;
      let least = t.length;
      for (let k = 0; k < this.patterns.length; k++) {
        let at = this.nextAt[k]!;
        if (at < from) this.nextAt[k] = at = indexOrEnd(t, this.patterns[k]!, from);
        if (at < least) least = at;
      }
      this.nextAny = least;
    }
    return this.nextAny < this.rowEnd;
  }

  private scan(text: string, final: boolean, from: number): void {
    this.text = text;
    this.nd = this.nl = this.nc = this.nq = -1;
    this.nextAt.fill(-1);
    this.nextAny = -1;
    let p = from;
    this.rowEnd = from;
    while (p < text.length) {
      const next = this.readRow(p, final);
      if (next < 0) break;
      this.rowStart = p;
      this.rowEnd = next;
      this.take();
      p = next;
    }
    if (final) this.rowEnd = text.length;
  }

  /** What shapeRows and the header skip make of the row just read. */
  private take(): void {
    if (this.isBlank(0)) {
      // Blank as far as read: the rest decides.
      if (this.rest < 0) return;
      const from = this.cells;
      this.readRest();
      if (this.isBlank(from)) return;
    }
    if (this.skip > 0) {
      this.skip--;
      return;
    }
    if (this.isHeader()) return;
    this.onRow(this);
  }

  /** Are the read cells from `from` on blank (up to the width, or all while title rows are skipped)? */
  private isBlank(from: number): boolean {
    const t = this.text;
    const limit = this.skip > 0 ? this.cells : Math.min(this.cells, this.width);
    for (let i = from; i < limit; i++) {
      const s = this.starts[i]!;
      if (s < 0) {
        if (trimCell(this.unquote(i)) !== '') return false;
        continue;
      }
      const e = this.ends[i]!;
      if (e === s) continue;
      if (!needsTrim(t.charCodeAt(s), t.charCodeAt(e - 1)) || t.slice(s, e).trim() !== '') return false;
    }
    return true;
  }

  private isHeader(): boolean {
    const h = this.header;
    if (!this.cellIs(0, h[0] ?? '')) return false;
    for (let i = 1; i < h.length; i++) if (!this.cellIs(i, h[i]!)) return false;
    return true;
  }

  private cellIs(i: number, value: string): boolean {
    if (i >= this.cells && this.rest >= 0 && i < this.width) this.splitPlain(i + 1);
    if (i >= this.cells || i >= this.width) return value === '';
    const s = this.starts[i]!;
    if (s >= 0) {
      const e = this.ends[i]!;
      const t = this.text;
      if (e === s) return value === '';
      if (!needsTrim(t.charCodeAt(s), t.charCodeAt(e - 1))) return e - s === value.length && t.startsWith(value, s);
    }
    return this.cell(i) === value;
  }

  /**
   * Reads the row starting at `p`: its cells' bounds, and where the next row starts; -1 when the
   * row is not complete in `text` (and `final` is false). The same reading as CsvSplitter.push.
   */
  private readRow(p: number, final: boolean): number {
    const t = this.text;
    const n = t.length;
    const rowAt = p;
    this.cells = 0;
    this.rest = -1;
    this.glued = false;
    const eager = this.skip > 0 ? MAX_ROW_CELLS : this.eager;
    if (this.resumeCells > 0) {
      p = this.resume(p);
    } else if (!final) {
      // A whole row without quotes or lone CRs (the usual case): its cells are the text between delimiters.
      if (this.nl < p) this.nl = indexOrEnd(t, '\n', p);
      const nl = this.nl;
      if (nl < n) {
        if (this.nq < p) this.nq = indexOrEnd(t, '"', p);
        if (this.nq > nl) {
          if (this.nc < p) this.nc = indexOrEnd(t, '\r', p);
          if (this.nc > nl || this.nc === nl - 1) {
            this.rest = p;
            this.restEnd = this.nc === nl - 1 ? nl - 1 : nl;
            this.splitPlain(this.restEnd - p >= MAX_ROW_CELLS ? MAX_ROW_CELLS + 1 : eager);
            return nl + 1;
          }
        }
      }
    }
    for (;;) {
      const k = this.cells;
      if (k === eager && !final) {
        // The rest of the row, when it holds no quote and no lone CR, is split only if a cell of it is asked for.
        if (this.nl < p) this.nl = indexOrEnd(t, '\n', p);
        const nl = this.nl;
        if (nl < n) {
          if (this.nq < p) this.nq = indexOrEnd(t, '"', p);
          if (this.nc < p) this.nc = indexOrEnd(t, '\r', p);
          if (this.nq > nl && (this.nc > nl || this.nc === nl - 1)) {
            this.rest = p;
            this.restEnd = this.nc === nl - 1 ? nl - 1 : nl;
            this.cells = k;
            // A row long enough to hold too many cells is split now, so that it fails as the splitter does.
            if (this.restEnd - p >= MAX_ROW_CELLS) this.readRest();
            return nl + 1;
          }
        }
      }
      if (k === MAX_ROW_CELLS) throw tooManyCells();
      if (k === this.starts.length) this.growCells();
      if (p < n && t.charCodeAt(p) === QUOTE) {
        const q = this.readQuoted(p, final);
        if (q < 0) return this.cutAt(rowAt, p);
        p = q;
      } else {
        const j = this.nextStop(p);
        if (j === n && !final) {
          if (n - p > MAX_CELL_CHARS) throw cellTooLong();
          return this.cutAt(rowAt, p);
        }
        this.starts[k] = p;
        this.ends[k] = j;
        p = j;
      }
      this.cells = k + 1;
      if (p >= n) return n; // final: the last row ends with the text
      const c = t.charCodeAt(p);
      if (c === this.delim) {
        p++;
        continue;
      }
      if (c === LF) return p + 1;
      // CR: one line break with a following LF, which may be in the next chunk.
      if (p + 1 < n) return t.charCodeAt(p + 1) === LF ? p + 2 : p + 1;
      return final ? n : -1;
    }
  }

  /**
   * A cell starting with a quote: quoted text with "" for a quote, then (as Excel does) any text
   * up to the next delimiter or line end taken as it is. Returns where the cell ends, -1 when not
   * in `text` yet. Only its bounds are kept: `unquote` makes its text if it is read.
   */
  private readQuoted(p: number, final: boolean): number {
    const t = this.text;
    const n = t.length;
    let doubled = 0;
    let q = p + 1;
    for (;;) {
      q = t.indexOf('"', q);
      if (q < 0) {
        if (!final) {
          // The cell so far, as the splitter counts it: quotes unescaped, the opening one not counted.
          if (n - p - 1 - doubled > MAX_CELL_CHARS) throw cellTooLong();
          return -1;
        }
        this.countLineBreaks(p, n);
        return this.keepQuoted(p, n, n - p - 1 - doubled);
      }
      if (q + 1 >= n && !final) {
        // A doubled quote or the closing one: the next chunk tells.
        if (q - p - 1 - doubled > MAX_CELL_CHARS) throw cellTooLong();
        return -1;
      }
      if (t.charCodeAt(q + 1) === QUOTE) {
        doubled++;
        q += 2;
        continue;
      }
      break;
    }
    this.countLineBreaks(p, q);
    const length = q - p - 1 - doubled;
    const end = q + 1;
    if (end < n) {
      const c = t.charCodeAt(end);
      if (c !== this.delim && c !== LF && c !== CR) {
        this.glued = true;
        const j = this.nextStop(end);
        if (j === n && !final) return -1;
        return this.keepQuoted(p, j, length + j - end);
      }
    }
    return this.keepQuoted(p, end, length);
  }

  /** Counts the line feeds in text (p, q), through the cached next-LF position (one search per row). */
  private countLineBreaks(p: number, q: number): void {
    const t = this.text;
    if (this.nl < p) this.nl = indexOrEnd(t, '\n', p);
    while (this.nl < q) {
      this.quotedLineBreaks++;
      this.nl = indexOrEnd(t, '\n', this.nl + 1);
    }
  }

  private keepQuoted(start: number, end: number, length: number): number {
    if (length > MAX_CELL_CHARS) throw cellTooLong();
    this.starts[this.cells] = quotedAt(start);
    this.ends[this.cells] = end;
    return end;
  }

  /** The text of quoted cell i: between the quotes with "" read as ", then whatever follows the closing quote. */
  private unquote(i: number): string {
    const t = this.text;
    const end = this.ends[i]!;
    let from = -2 - this.starts[i]! + 1;
    let value = '';
    for (let q = from; ; ) {
      q = t.indexOf('"', q);
      if (q < 0 || q >= end) return value + t.slice(from, end); // not closed (the end of the file)
      if (q + 1 < end && t.charCodeAt(q + 1) === QUOTE) {
        value += t.slice(from, q + 1);
        q += 2;
        from = q;
        continue;
      }
      return value + t.slice(from, q) + t.slice(q + 1, end);
    }
  }

  /** Remembers a row cut by the end of the text at cell start `p` (see resumeCells); -1. */
  private cutAt(rowAt: number, p: number): number {
    this.resumeCells = this.cells;
    this.resumeAt = p - rowAt;
    this.resumeFrom = rowAt;
    this.resumeGlued = this.glued;
    return -1;
  }

  /** Goes on with a cut row that now starts at `p`: its complete cells moved with it. Returns where its next cell starts. */
  private resume(p: number): number {
    const shift = this.resumeFrom - p;
    for (let i = 0; i < this.resumeCells; i++) {
      // A quoted cell's start is -2 - start: it moves the other way.
      this.starts[i] = this.starts[i]! >= 0 ? this.starts[i]! - shift : this.starts[i]! + shift;
      this.ends[i] = this.ends[i]! - shift;
    }
    this.cells = this.resumeCells;
    this.glued = this.resumeGlued;
    const at = p + this.resumeAt;
    this.resumeCells = 0;
    return at;
  }

  /** Splits the rest of the present row (see readRow): plain cells up to `restEnd`. */
  private readRest(): void {
    this.splitPlain(MAX_ROW_CELLS + 1);
  }

  /** Splits plain cells from `rest` up to `restEnd`, stopping after `limit` cells (`rest` then marks the others). */
  private splitPlain(limit: number): void {
    const t = this.text;
    const end = this.restEnd;
    let p = this.rest;
    for (;;) {
      const k = this.cells;
      if (k === limit) {
        this.rest = p;
        return;
      }
      if (k === MAX_ROW_CELLS) throw tooManyCells();
      if (k === this.starts.length) this.growCells();
      if (this.nd < p) this.nd = indexOrEnd(t, this.delimChar, p);
      const j = this.nd < end ? this.nd : end;
      this.starts[k] = p;
      this.ends[k] = j;
      this.cells = k + 1;
      if (j === end) {
        this.rest = -1;
        return;
      }
      p = j + 1;
    }
  }

  /** The next delimiter, LF or CR at or after p (text.length when none). */
  private nextStop(p: number): number {
    const t = this.text;
    if (this.nd < p) this.nd = indexOrEnd(t, this.delimChar, p);
    if (this.nl < p) this.nl = indexOrEnd(t, '\n', p);
    if (this.nc < p) this.nc = indexOrEnd(t, '\r', p);
    const j = this.nd < this.nl ? this.nd : this.nl;
    return j < this.nc ? j : this.nc;
  }

  private growCells(): void {
    const starts = new Int32Array(this.starts.length * 2);
    starts.set(this.starts);
    this.starts = starts;
    const ends = new Int32Array(this.ends.length * 2);
    ends.set(this.ends);
    this.ends = ends;
  }
}

import { EngineError } from '../errors/index.ts';

const LF = 10;
const CR = 13;
const QUOTE = 34;

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** Just read a quote inside a quoted field: a doubled quote or the closing one. */
  QuoteInQuoted,
}

/** Guards against a missing closing quote swallowing the rest of a large file into one cell. */
export const MAX_CELL_CHARS = 8 * 1024 * 1024;
export const MAX_ROW_CELLS = 16_384;

/** The error of a cell past MAX_CELL_CHARS (here and in row-scanner.ts). */
export function cellTooLong(): EngineError {
  return new EngineError('MALFORMED_FILE', `a cell is longer than ${MAX_CELL_CHARS} characters; a closing quote is probably missing`);
}

/** The error of a row past MAX_ROW_CELLS. */
export function tooManyCells(): EngineError {
  return new EngineError('MALFORMED_FILE', `a row has more than ${MAX_ROW_CELLS} cells`);
}

export interface CsvSplitterOptions {
  delimiter: string;
  /** Quote character; `null` reads quotes literally (SAP list output). */
  quote?: string | null;
}

/** Where `search` is next found in `text` at or after `from`; text.length when it is not (here and in row-scanner.ts). */
export function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at === -1 ? text.length : at;
}

/**
 * RFC 4180 splitter over decoded text chunks, resumable at any chunk boundary (inside a quoted
 * field, between a doubled quote, between `\r` and `\n`). Accepts LF, CRLF and lone CR line ends;
 * text after a closing quote is kept, as Excel does. Cells are returned untrimmed.
 */
export class CsvSplitter {
  private readonly delim: number;
  private readonly delimChar: string;
  private readonly quote: number;
  private readonly quoteChar: string;
  private state = State.FieldStart;
  private row: string[] = [];
  /** Text of the current cell from earlier chunks. */
  private partial = '';
  private skipLf = false;

  constructor(options: CsvSplitterOptions) {
    if (options.delimiter.length !== 1) throw new Error('delimiter must be one character');
    this.delim = options.delimiter.charCodeAt(0);
    this.delimChar = options.delimiter;
    this.quoteChar = options.quote === null ? '' : (options.quote ?? '"');
    this.quote = this.quoteChar === '' ? -1 : this.quoteChar.charCodeAt(0);
  }

  /** Splits `text`, appending every completed row to `out`. */
  push(text: string, out: string[][]): void {
    const n = text.length;
    const delim = this.delim;
    const quote = this.quote;
    let i = 0;
    let start = 0;
    let nd = -1;
    let nl = -1;
    let nc = -1;
    while (i < n) {
      switch (this.state) {
        case State.FieldStart: {
          const c = text.charCodeAt(i);
          if (this.skipLf) {
            this.skipLf = false;
            if (c === LF) {
              i++;
              continue;
            }
          }
          if (c === quote) {
            this.state = State.Quoted;
            i++;
            continue;
          }
          this.state = State.Unquoted;
          start = i;
        }
        // falls through
        case State.Unquoted: {
          // Next delimiter / LF / CR positions are found with indexOf and cached for the chunk:
          // far faster than testing every character.
          if (nd < i) nd = indexOrEnd(text, this.delimChar, i);
          if (nl < i) nl = indexOrEnd(text, '\n', i);
          if (nc < i) nc = indexOrEnd(text, '\r', i);
          const j = nd < nl ? (nd < nc ? nd : nc) : nl < nc ? nl : nc;
          if (j === n) {
            this.grow(text.slice(start, n));
            i = n;
            break;
          }
          const cell = this.partial === '' ? text.slice(start, j) : this.partial + text.slice(start, j);
          this.partial = '';
          this.state = State.FieldStart;
          i = j + 1;
          this.pushCell(cell);
          if (j !== nd) this.endRow(out, j === nc);
          break;
        }
        case State.Quoted: {
          const q = text.indexOf(this.quoteChar, i);
          if (q === -1) {
            this.grow(text.slice(i, n));
            i = n;
            break;
          }
          this.grow(text.slice(i, q));
          this.state = State.QuoteInQuoted;
          i = q + 1;
          break;
        }
        case State.QuoteInQuoted: {
          const c = text.charCodeAt(i);
          if (c === quote) {
            this.grow(this.quoteChar);
            this.state = State.Quoted;
            i++;
          } else if (c === delim || c === LF || c === CR) {
            const cell = this.partial;
            this.partial = '';
            this.state = State.FieldStart;
            i++;
            this.pushCell(cell);
            if (c !== delim) this.endRow(out, c === CR);
          } else {
            // `"abc"def`: keep reading the rest of the cell literally.
            this.state = State.Unquoted;
            start = i;
          }
          break;
        }
      }
    }
  }

  /** True between rows: nothing of a next row read yet, so a byte range of the file may end here. */
  get atRowStart(): boolean {
    return this.state === State.FieldStart && this.row.length === 0 && this.partial === '';
  }

  /** The quote state, to go on with `scanRowEnd` over raw bytes. */
  get quoteState(): number {
    return this.state;
  }

  /** Flushes the last row (a file need not end with a newline). */
  end(out: string[][]): void {
    if (this.state === State.FieldStart) {
      if (this.row.length > 0) this.pushCell('');
    } else {
      this.pushCell(this.partial);
    }
    this.partial = '';
    this.state = State.FieldStart;
    if (this.row.length > 0) this.endRow(out, false);
  }

  private grow(text: string): void {
    this.partial += text;
    if (this.partial.length > MAX_CELL_CHARS) throw cellTooLong();
  }

  private pushCell(cell: string): void {
    if (this.row.length >= MAX_ROW_CELLS) throw tooManyCells();
    this.row.push(cell);
  }

  private endRow(out: string[][], afterCr: boolean): void {
    out.push(this.row);
    this.row = [];
    this.skipLf = afterCr;
  }
}

/**
 * Finds, in raw bytes, the first line feed that ends a row (one outside quotes), going on from a
 * splitter's `quoteState`. The same transitions as `CsvSplitter.push`, on bytes: delimiter, quote,
 * CR and LF are ASCII and never part of a UTF-8 or Windows-1252 multi-byte character.
 * Returns the offset just after that line feed, or -1 and the state at the end of `bytes`.
 */
export function scanRowEnd(bytes: Uint8Array, state: number, delimiter: string): { at: number; state: number } {
  const delim = delimiter.charCodeAt(0);
  let s = state as State;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    switch (s) {
      case State.FieldStart:
        if (c === QUOTE) {
          s = State.Quoted;
          break;
        }
      // falls through
      case State.Unquoted:
        if (c === LF) return { at: i + 1, state: State.FieldStart };
        s = c === delim || c === CR ? State.FieldStart : State.Unquoted;
        break;
      case State.Quoted:
        if (c === QUOTE) s = State.QuoteInQuoted;
        break;
      case State.QuoteInQuoted:
        if (c === LF) return { at: i + 1, state: State.FieldStart };
        s = c === QUOTE ? State.Quoted : c === delim || c === CR ? State.FieldStart : State.Unquoted;
        break;
    }
  }
  return { at: -1, state: s };
}

import { CsvSplitter, scanRowEnd } from './csv-splitter.ts';
import { ChunkDecoder, type TextEncoding } from './decode-text.ts';
import { isBlank, shapeRows } from './open-rows.ts';
import { BATCH_ROWS } from './text-rows.ts';
import type { RowShape } from './types.ts';

const LF = 10;

/**
 * A part's first bytes go to the sink in small slices. A RowScanner meets a row cut by the end of
 * its text only once per chunk (about 1 MB, 10,000 rows), and V8 optimises its row loop long before
 * the first such row: the code that keeps and resumes a cut row had then never run, and V8 threw the
 * optimised loop away at the first chunk boundary and again at the second (in each thread). Sixteen
 * boundaries in the first 64 KB run that code before the loop is optimised (step 1 of the 100 MB
 * SM20 file: 14 compilations of the row reader and 6 deoptimisations went to 5 and 1).
 */
const WARM_BYTES = 64 * 1024;
const WARM_SLICE = 4 * 1024;

/** What a byte range of a delimited text file needs to be read on its own (from the whole file's `openFile`). */
export interface TextPartLayout {
  shape: RowShape;
  delimiter: string;
  encoding: TextEncoding;
  bomLength: number;
}

/**
 * One part of a file: rows starting in [from, to), to be read in parallel with the others.
 * The part starts after the first line feed at or after `from - 1` (or exactly at `start` when
 * the previous part said where it stopped) and ends at the first line feed at or after `to - 1`
 * that ends a row: a quoted cell running across `to` is read to its end. So two parts meet on a
 * row boundary whenever the earlier part's `stoppedAt` equals the later part's `start`; when not
 * (the later part began inside a quoted line break), the later part is read again from `stoppedAt`.
 */
export interface TextPartRange {
  from: number;
  to: number;
  size: number;
  /** Known start (the previous part's `stoppedAt`), instead of the first line feed after `from - 1`. */
  start?: number;
}

export interface TextPartEnd {
  /** Where the part's rows began (set as soon as known: before the first text goes to the sink). */
  start: number;
  /** Just after the last byte read: the next part's rows begin here. */
  stoppedAt: number;
  /** The UTF-8 decoder met an invalid sequence and went on as Windows-1252 (the whole file must be read in one piece). */
  switched: boolean;
}

/** Where a part's decoded text goes: a CsvSplitter's rows, or a RowScanner (row-scanner.ts). */
export interface TextSink {
  /** `ascii`: the text was decoded from ASCII bytes alone (one byte per character), when known. */
  push(text: string, ascii?: boolean): void;
  /** The CsvSplitter state after the text pushed so far (scanRowEnd goes on from it). */
  readonly quoteState: number;
  end(): void;
}

/** Title and header rows a part starts with: only the part that starts the file has them. */
export function headerRowsToSkip(layout: TextPartLayout, range: TextPartRange): number {
  return (range.start ?? (range.from === 0 ? 0 : -1)) === 0 ? layout.shape.rowsToHeader : 0;
}

/**
 * Reads one part's rows, shaped as `OpenedFile.batches()` gives them. `open(start, end)` gives the
 * bytes [start, end); the stream is left as soon as the part's last row is read. `end` is filled
 * once the batches are done.
 */
export async function* readTextPart(
  open: (start: number, end: number) => AsyncIterable<Uint8Array>,
  layout: TextPartLayout,
  range: TextPartRange,
  end: TextPartEnd,
): AsyncGenerator<string[][]> {
  const { shape, delimiter } = layout;
  const splitter = new CsvSplitter({ delimiter });
  let rowsToSkip = headerRowsToSkip(layout, range);
  let out: string[][] = [];
  const take = (): string[][] => {
    let raw = out;
    out = [];
    if (rowsToSkip > 0) {
      let i = 0;
      for (; i < raw.length && rowsToSkip > 0; i++) if (!isBlank(raw[i]!)) rowsToSkip--;
      raw = raw.slice(i);
    }
    return shapeRows(raw, shape.width, shape.header);
  };
  const sink: TextSink = {
    push: (text) => splitter.push(text, out),
    get quoteState() {
      return splitter.quoteState;
    },
    end: () => splitter.end(out),
  };
  for await (const _ of feedTextPart(open, layout, range, end, sink)) {
    if (out.length >= BATCH_ROWS) {
      const batch = take();
      if (batch.length > 0) yield batch;
    }
  }
  const batch = take();
  if (batch.length > 0) yield batch;
}

/**
 * Feeds one part's decoded text to `sink`, yielding after each chunk (the caller may hand on what
 * the sink made of it). `end` is filled when done.
 */
export async function* feedTextPart(
  open: (start: number, end: number) => AsyncIterable<Uint8Array>,
  layout: TextPartLayout,
  range: TextPartRange,
  end: TextPartEnd,
  sink: TextSink,
): AsyncGenerator<void> {
  const { delimiter } = layout;
  const decoder = new ChunkDecoder(layout.encoding);
  const last = range.to >= range.size;
  // Until `start` is known, look for the first line feed; at `to - 1` and later, for the row end.
  const readFrom = range.start ?? Math.max(0, range.from - 1);
  let start = range.start ?? (range.from === 0 ? 0 : -1);
  // Known before any text goes to the sink (step 1's LogonRowBytes reads it then).
  end.start = start;
  let skipBytes = start === 0 ? layout.bomLength : 0;
  const rowEndFrom = last ? range.size : Math.max(range.to - 1, 0);
  let scanState = -1; // quote state once past rowEndFrom
  let stoppedAt = -1;
  const feed = (bytes: Uint8Array) => {
    if (skipBytes > 0) {
      const n = Math.min(skipBytes, bytes.length);
      skipBytes -= n;
      bytes = bytes.subarray(n);
    }
    for (; warm < WARM_BYTES && bytes.length > WARM_SLICE; warm += WARM_SLICE) {
      sink.push(decoder.decode(bytes.subarray(0, WARM_SLICE)), decoder.ascii);
      bytes = bytes.subarray(WARM_SLICE);
    }
    if (bytes.length > 0) sink.push(decoder.decode(bytes), decoder.ascii);
  };
  let warm = 0;

  let pos = readFrom;
  if (readFrom < range.size) {
    for await (const raw of open(readFrom, range.size)) {
      let chunk = raw instanceof Uint8Array ? raw : new Uint8Array(raw as ArrayBufferLike);
      let at = pos;
      pos += chunk.length;
      if (start < 0) {
        const lf = chunk.indexOf(LF);
        if (lf < 0) continue;
        start = at + lf + 1;
        end.start = start;
        chunk = chunk.subarray(lf + 1);
        at = start;
      }
      if (start > rowEndFrom && !last) {
        // Started at or past the row end: an empty part.
        stoppedAt = start;
        break;
      }
      if (scanState < 0 && pos > rowEndFrom) {
        // Read up to the row-end search point, then go on on raw bytes.
        const cut = rowEndFrom - at;
        feed(chunk.subarray(0, cut));
        chunk = chunk.subarray(cut);
        at = rowEndFrom;
        scanState = sink.quoteState;
      }
      if (scanState >= 0) {
        const found = scanRowEnd(chunk, scanState, delimiter);
        if (found.at >= 0) {
          feed(chunk.subarray(0, found.at));
          stoppedAt = at + found.at;
          break;
        }
        scanState = found.state;
      }
      feed(chunk);
      yield;
    }
  }
  if (start < 0) start = range.size;
  if (stoppedAt < 0) {
    // Reached the end of the file.
    stoppedAt = range.size;
    const rest = decoder.flush();
    if (rest.length > 0) sink.push(rest);
  }
  sink.end();
  end.start = start;
  end.stoppedAt = stoppedAt;
  end.switched = decoder.encoding !== layout.encoding;
}

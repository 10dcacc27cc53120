import type { ByteSink, ChunkSource } from '../workspace/index.ts';
import { neutraliseCell } from './neutralise-cell.ts';
import { TextChunker } from './text-chunker.ts';

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180 CSV (CRLF, quoted only when needed), formula-injection safe, buffered into the sink. */
export class CsvWriter {
  private readonly text = new TextChunker();
  private readonly parts: string[] = [];

  constructor(private readonly sink: ByteSink) {}

  /** The UTF-8 byte order mark, first thing in the file: Excel on Windows then reads the text as UTF-8 (umlauts intact). */
  writeBom(): void {
    this.text.append('\ufeff');
  }

  writeRow(cells: readonly string[]): Promise<void> | void {
    // One regex test per row: quoting is rare. Pieces joined once (flat strings, no ropes).
    const mayQuote = NEEDS_QUOTES.test(cells.join(''));
    const parts = this.parts;
    for (let i = 0; i < cells.length; i++) {
      let v = neutraliseCell(cells[i] ?? '');
      if (mayQuote && NEEDS_QUOTES.test(v)) v = `"${v.replace(/"/g, '""')}"`;
      parts[i] = v;
    }
    parts.length = cells.length;
    if (cells.length > 0) parts[cells.length - 1] += '\r\n';
    const full = this.text.append(cells.length > 0 ? parts.join(',') : '\r\n');
    return full ? this.sink.write(full) : undefined;
  }

  /** Appends CSV text written elsewhere (report parts), after what is buffered here. */
  async writeBytes(source: ChunkSource): Promise<void> {
    await this.flush();
    await source((chunk, release) => this.sink.write(chunk, release));
  }

  private async flush(): Promise<void> {
    const buf = this.text.take();
    if (buf) await this.sink.write(buf);
  }

  async end(): Promise<void> {
    await this.flush();
    await this.sink.end();
  }
}

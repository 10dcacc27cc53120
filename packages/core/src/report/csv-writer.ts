import type { ByteSink } from '../engine/contract.ts';
import { neutraliseCell } from './neutralise-cell.ts';
import { TextChunker } from './text-chunker.ts';

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180 CSV (CRLF, quoted only when needed), formula-injection safe, buffered into the sink. */
export class CsvWriter {
  private readonly text = new TextChunker();

  constructor(private readonly sink: ByteSink) {}

  writeRow(cells: readonly string[]): Promise<void> | void {
    let joined = '';
    for (let i = 0; i < cells.length; i++) joined += cells[i] ?? '';
    // One regex test per row: quoting is rare.
    const mayQuote = NEEDS_QUOTES.test(joined);
    let line = '';
    for (let i = 0; i < cells.length; i++) {
      let v = neutraliseCell(cells[i] ?? '');
      if (mayQuote && NEEDS_QUOTES.test(v)) v = `"${v.replace(/"/g, '""')}"`;
      line += i === 0 ? v : `,${v}`;
    }
    const full = this.text.append(`${line}\r\n`);
    return full ? this.sink.write(full) : undefined;
  }

  /** Appends CSV text written elsewhere (report parts), after what is buffered here. */
  async writeBytes(chunks: AsyncIterable<Uint8Array>): Promise<void> {
    await this.flush();
    for await (const chunk of chunks) await this.sink.write(chunk);
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

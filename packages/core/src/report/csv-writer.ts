import type { ByteSink } from '../engine/contract.ts';
import { neutraliseCell } from './neutralise-cell.ts';

const FLUSH_AT = 1 << 18;
const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180 CSV (CRLF, quoted only when needed), formula-injection safe, buffered into the sink. */
export class CsvWriter {
  private pending = '';

  constructor(private readonly sink: ByteSink) {}

  writeRow(cells: readonly string[]): Promise<void> | void {
    let line = '';
    for (let i = 0; i < cells.length; i++) {
      let v = neutraliseCell(cells[i] ?? '');
      if (NEEDS_QUOTES.test(v)) v = `"${v.replace(/"/g, '""')}"`;
      line += i === 0 ? v : `,${v}`;
    }
    this.pending += `${line}\r\n`;
    if (this.pending.length >= FLUSH_AT) return this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending === '') return;
    const buf = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    await this.sink.write(buf);
  }

  async end(): Promise<void> {
    await this.flush();
    await this.sink.end();
  }
}

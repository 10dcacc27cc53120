/**
 * Lines of text written into 1 MB buffers as UTF-8, each buffer handed to the sink when full and
 * filled again once the sink releases it. The review files' writers (high-records.ts,
 * finding-lines.ts) gathered their lines in a string (`text += line`) and made a Buffer of it per
 * megabyte: flattening that string of a few thousand pieces and encoding it was a sixth of a report
 * part's high-record work.
 */
import type { ByteSink } from '../workspace/types.ts';

const CHUNK = 1 << 20;

export class LineSink {
  private chunk: Buffer = Buffer.allocUnsafe(CHUNK);
  private at = 0;
  private readonly free: Buffer[] = [];

  constructor(private readonly sink: ByteSink) {}

  /** `s` and a line feed; a promise only when a full buffer was handed to the sink. */
  line(s: string): Promise<void> | undefined {
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    if (s.length * 3 + 1 > CHUNK - this.at) {
      const flushed = this.flush();
      if (s.length * 3 + 1 > CHUNK) {
        const whole = this.sink.write(Buffer.from(`${s}\n`));
        return flushed && whole ? Promise.all([flushed, whole]).then(() => undefined) : flushed || whole || undefined;
      }
      this.put(s);
      return flushed;
    }
    this.put(s);
    return undefined;
  }

  private put(s: string): void {
    const chunk = this.chunk;
    const at = this.at + chunk.write(s, this.at);
    chunk[at] = 10;
    this.at = at + 1;
  }

  /** Hands what is gathered to the sink. */
  flush(): Promise<void> | undefined {
    if (this.at === 0) return undefined;
    const used = this.chunk;
    const full = used.subarray(0, this.at);
    this.chunk = this.free.pop() ?? Buffer.allocUnsafe(CHUNK);
    this.at = 0;
    return this.sink.write(full, () => void (this.free.length < 2 && this.free.push(used))) || undefined;
  }

  async end(): Promise<void> {
    await this.flush();
    await this.sink.end();
  }
}

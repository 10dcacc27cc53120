/**
 * Encodes many small strings (rows) into large UTF-8 chunks. Writing each row into a reused
 * buffer avoids building one huge concatenated string, whose flattening dominated the profile.
 */
export class TextChunker {
  private buf: Buffer;
  private pos = 0;

  constructor(private readonly size = 1 << 20) {
    this.buf = Buffer.allocUnsafe(size);
  }

  /** Bytes waiting in the buffer. */
  get pending(): number {
    return this.pos;
  }

  /** Appends text; returns a full chunk when the buffer had to be emptied first. */
  append(text: string): Buffer | undefined {
    // UTF-8 needs at most 3 bytes per UTF-16 code unit.
    if (text.length * 3 <= this.size - this.pos) {
      this.pos += this.buf.write(text, this.pos, 'utf8');
      return undefined;
    }
    const full = this.take();
    if (text.length * 3 > this.size) return full ? Buffer.concat([full, Buffer.from(text, 'utf8')]) : Buffer.from(text, 'utf8');
    this.pos = this.buf.write(text, 0, 'utf8');
    return full;
  }

  /** The pending bytes (a copy-free view handed over with a fresh buffer), or undefined when empty. */
  take(): Buffer | undefined {
    if (this.pos === 0) return undefined;
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(this.size);
    this.pos = 0;
    return out;
  }
}

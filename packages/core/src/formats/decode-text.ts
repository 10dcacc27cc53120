import { isAscii } from 'node:buffer';
import { EngineError } from '../errors/index.ts';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface SniffedEncoding {
  encoding: TextEncoding;
  /** Length of the byte order mark to skip. */
  bomLength: number;
}

/** Picks the encoding from a BOM, from NUL-byte patterns (UTF-16 without BOM), else UTF-8 validity. */
export function sniffEncoding(head: Uint8Array): SniffedEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const probe = Math.min(head.length - (head.length % 2), 4096);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < probe; i += 2) {
    if (head[i] === 0) evenNul++;
    if (head[i + 1] === 0) oddNul++;
  }
  const pairs = probe / 2;
  if (pairs >= 2 && oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return { encoding: 'utf-16le', bomLength: 0 };
  if (pairs >= 2 && evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return { encoding: 'utf-16be', bomLength: 0 };
  const complete = head.subarray(0, head.length - incompleteUtf8Tail(head));
  return { encoding: isValidUtf8(complete) ? 'utf-8' : 'windows-1252', bomLength: 0 };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Bytes at the end of `bytes` that start a UTF-8 sequence the chunk does not complete. */
function incompleteUtf8Tail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back]!;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/**
 * Streaming decoder. UTF-8 is decoded strictly; the first invalid sequence switches the rest of
 * the stream to Windows-1252 (an ASCII-only head had looked like UTF-8). Sequences split across
 * chunks are carried over, so any chunk size gives the same text.
 */
export class ChunkDecoder {
  encoding: TextEncoding;
  /** The last `decode` read ASCII alone: its text has one character per byte. */
  ascii = false;
  private carry: Uint8Array | undefined;
  private streaming: TextDecoder | undefined;

  constructor(encoding: TextEncoding) {
    this.encoding = encoding;
    if (encoding !== 'utf-8') this.streaming = new TextDecoder(encoding, { ignoreBOM: true });
  }

  decode(chunk: Uint8Array): string {
    try {
      // ASCII reads the same in UTF-8 and Windows-1252 (neither keeps state between such chunks):
      // as Latin-1 it decodes several times faster. Export files are mostly ASCII.
      this.ascii = !this.carry && this.encoding !== 'utf-16le' && this.encoding !== 'utf-16be' && isAscii(chunk);
      if (this.ascii) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
      if (this.streaming) return this.streaming.decode(chunk, { stream: true });
      let bytes = chunk;
      if (this.carry) {
        bytes = new Uint8Array(this.carry.length + chunk.length);
        bytes.set(this.carry);
        bytes.set(chunk, this.carry.length);
        this.carry = undefined;
      }
      const tail = incompleteUtf8Tail(bytes);
      if (tail > 0) this.carry = bytes.slice(bytes.length - tail);
      try {
        return strictUtf8.decode(tail > 0 ? bytes.subarray(0, bytes.length - tail) : bytes);
      } catch {
        this.encoding = 'windows-1252';
        this.streaming = new TextDecoder('windows-1252');
        const rest = this.carry;
        this.carry = undefined;
        return this.streaming.decode(bytes.subarray(0, bytes.length - tail), { stream: true }) + (rest ? this.streaming.decode(rest, { stream: true }) : '');
      }
    } catch (e) {
      throw new EngineError('DECODE_ERROR', `the text could not be decoded as ${this.encoding}: ${(e as Error).message}`);
    }
  }

  /** Text still held back at the end of the stream (a truncated sequence becomes U+FFFD). */
  flush(): string {
    if (this.streaming) return this.streaming.decode();
    const rest = this.carry;
    this.carry = undefined;
    return rest ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(rest) : '';
  }
}

/** Decodes a byte stream to text chunks, skipping `skip` leading bytes (the BOM). */
export async function* decodeChunks(bytes: AsyncIterable<Uint8Array>, decoder: ChunkDecoder, skip: number): AsyncGenerator<string> {
  let toSkip = skip;
  for await (const chunk of bytes) {
    let c = chunk;
    if (toSkip > 0) {
      const n = Math.min(toSkip, c.length);
      c = c.subarray(n);
      toSkip -= n;
      if (c.length === 0) continue;
    }
    const text = decoder.decode(c);
    if (text.length > 0) yield text;
  }
  const rest = decoder.flush();
  if (rest.length > 0) yield rest;
}

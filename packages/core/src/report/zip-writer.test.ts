import { randomBytes } from 'node:crypto';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ByteSink } from '../workspace/index.ts';
import { openDeflateSegment } from './zip-writer.ts';

/** A raw-deflate final block with nothing in it: what a ZIP entry adds after its segments. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

function memorySink(): ByteSink & { chunks: Buffer[]; ended: boolean } {
  const sink = {
    chunks: [] as Buffer[],
    ended: false,
    write: (c: Uint8Array) => void sink.chunks.push(Buffer.from(c)),
    end: async () => {
      sink.ended = true;
    },
  };
  return sink;
}

describe('deflate segments', () => {
  it('compress each chunk as it is written; segments concatenated with a final block inflate to their text, with CRC and sizes to match', async () => {
    const text = (n: number) => Buffer.from(`<row r="${n}"><c r="A${n}" t="inlineStr"><is><t>USER${n % 7}</t></is></c></row>`.repeat(2000));
    const pieces = [[text(1), randomBytes(70_000), text(2)], [text(3)], []];
    const out: Buffer[] = [];
    for (const chunks of pieces) {
      const sink = memorySink();
      const { writer, segment } = openDeflateSegment(sink);
      const released: number[] = [];
      for (const [k, chunk] of chunks.entries()) {
        await writer.write(chunk, () => released.push(k));
        // Compressed in this thread before write returns, and the chunk handed back at once.
        expect(sink.chunks.length).toBe(k + 1);
        expect(released).toEqual([...Array(k + 1).keys()]);
      }
      await writer.close();
      expect(sink.ended).toBe(true);
      const raw = Buffer.concat(chunks);
      const bytes = Buffer.concat(sink.chunks);
      expect(segment).toEqual({ crc: crc32(raw), size: raw.length, compressedSize: bytes.length });
      // A segment alone, ended with a final block, is a whole deflate stream.
      expect(inflateRawSync(Buffer.concat([bytes, FINAL_BLOCK])).equals(raw)).toBe(true);
      out.push(bytes);
    }
    expect(pieces[0]!.reduce((n, c) => n + c.length, 0)).toBeGreaterThan(Buffer.concat(out.slice(0, 1)).length);
    // And so are the segments one after another, as the workbook's entries join them.
    expect(inflateRawSync(Buffer.concat([...out, FINAL_BLOCK])).equals(Buffer.concat(pieces.flat()))).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextChunker } from './text-chunker.ts';

function collect(size: number, texts: string[]): { out: Buffer; chunks: number } {
  const chunker = new TextChunker(size);
  const parts: Buffer[] = [];
  for (const t of texts) {
    const full = chunker.append(t);
    if (full) parts.push(Buffer.from(full));
  }
  const last = chunker.take();
  if (last) parts.push(Buffer.from(last));
  return { out: Buffer.concat(parts), chunks: parts.length };
}

describe('TextChunker', () => {
  it('hands back exactly the UTF-8 of everything appended, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 40 }), { maxLength: 200 }), fc.integer({ min: 8, max: 4096 }), (texts, size) => {
        expect(collect(size, texts).out.toString('utf8')).toBe(texts.join(''));
      }),
      { numRuns: 200 },
    );
  });

  it('emits bounded chunks for a large stream (rows are not held as one string)', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `row ${i} äöü €\r\n`);
    const { out, chunks } = collect(1 << 16, rows);
    expect(out.toString('utf8')).toBe(rows.join(''));
    expect(chunks).toBeGreaterThan(5);
  });
});

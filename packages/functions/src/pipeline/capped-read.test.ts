import { describe, expect, it } from 'vitest';
import { readCapped } from './capped-read.ts';

async function* chunks(sizes: number[]): AsyncIterable<Uint8Array> {
  for (const n of sizes) yield new Uint8Array(n);
}

async function total(source: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const c of source) n += c.byteLength;
  return n;
}

describe('readCapped', () => {
  it('passes an object up to the limit through unchanged', async () => {
    expect(await total(readCapped(chunks([4, 4, 2]), 'a.csv', 10))).toBe(10);
  });

  it('stops with FileUnreadable naming the file one byte past the limit', async () => {
    await expect(total(readCapped(chunks([4, 4, 3]), 'big.csv', 10))).rejects.toMatchObject({
      name: 'FileUnreadable',
      message: expect.stringMatching(/^big\.csv: the file could not be read \(it is larger than/),
    });
  });
});

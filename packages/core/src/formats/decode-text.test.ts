import { describe, expect, it } from 'vitest';
import { ChunkDecoder, decodeChunks, sniffEncoding } from './decode-text.ts';
import { chunked } from './fixtures/fixture-streams.ts';

async function decodeAll(bytes: Uint8Array, size: number | number[]): Promise<{ text: string; encoding: string }> {
  const sniffed = sniffEncoding(bytes);
  const decoder = new ChunkDecoder(sniffed.encoding);
  let text = '';
  for await (const t of decodeChunks(chunked(bytes, size), decoder, sniffed.bomLength)) text += t;
  return { text, encoding: decoder.encoding };
}

function utf16(text: string, bigEndian: boolean, bom: boolean): Uint8Array {
  const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
  let o = 0;
  if (bom) {
    out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
    o = 2;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[o + i * 2] = bigEndian ? c >> 8 : c & 0xff;
    out[o + i * 2 + 1] = bigEndian ? c & 0xff : c >> 8;
  }
  return out;
}

const SAMPLE = 'User,Text\r\nMÜLLER,Änderung € 😀 ok\r\n';

describe('sniffEncoding', () => {
  it('recognises BOMs, BOM-less UTF-16 and invalid UTF-8 as Windows-1252', () => {
    expect(sniffEncoding(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toEqual({ encoding: 'utf-8', bomLength: 3 });
    expect(sniffEncoding(utf16('ab', false, true))).toEqual({ encoding: 'utf-16le', bomLength: 2 });
    expect(sniffEncoding(utf16('ab', true, true))).toEqual({ encoding: 'utf-16be', bomLength: 2 });
    expect(sniffEncoding(utf16('Date,Time', false, false))).toEqual({ encoding: 'utf-16le', bomLength: 0 });
    expect(sniffEncoding(utf16('Date,Time', true, false))).toEqual({ encoding: 'utf-16be', bomLength: 0 });
    expect(sniffEncoding(new Uint8Array([0x52, 0x45, 0x4e, 0xe9, 0x0a]))).toEqual({ encoding: 'windows-1252', bomLength: 0 });
    expect(sniffEncoding(new TextEncoder().encode('plain ascii'))).toEqual({ encoding: 'utf-8', bomLength: 0 });
  });
  it('does not call UTF-8 invalid when the head ends inside a multi-byte character', () => {
    const bytes = new TextEncoder().encode('abc€');
    expect(sniffEncoding(bytes.subarray(0, bytes.length - 1)).encoding).toBe('utf-8');
  });
});

describe('ChunkDecoder', () => {
  it('decodes UTF-8 split inside multi-byte characters (1-byte and odd chunks)', async () => {
    const bytes = new TextEncoder().encode(SAMPLE);
    for (const size of [1, 2, 3, 5, [1, 4, 2]]) expect(await decodeAll(bytes, size)).toEqual({ text: SAMPLE, encoding: 'utf-8' });
  });
  it('decodes UTF-16LE and BE with BOM in odd chunks, including a split surrogate pair', async () => {
    for (const be of [false, true]) {
      for (const size of [1, 3, 7]) expect((await decodeAll(utf16(SAMPLE, be, true), size)).text).toBe(SAMPLE);
    }
  });
  it('strips a UTF-8 BOM even when it arrives a byte at a time', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('A,B')]);
    expect((await decodeAll(bytes, 1)).text).toBe('A,B');
  });
  it('switches to Windows-1252 when invalid UTF-8 appears after an ASCII head', async () => {
    const ascii = 'x'.repeat(100_000);
    const bytes = new Uint8Array([...new TextEncoder().encode(ascii), 0x52, 0xe9, 0x80, 0x0a]);
    const result = await decodeAll(bytes, 4096);
    expect(result.encoding).toBe('windows-1252');
    expect(result.text).toBe(`${ascii}Ré€\n`);
  });
});

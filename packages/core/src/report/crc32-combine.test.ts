import { crc32 } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Combine } from './crc32-combine.ts';

describe('crc32Combine', () => {
  it('equals the CRC of the concatenation for any two byte strings', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        const both = Buffer.concat([a, b]);
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(both));
      }),
    );
  });

  it('handles a long second part (length with many bits set)', () => {
    const a = Buffer.from('<row><c t="inlineStr"><is><t>A</t></is></c></row>');
    const b = Buffer.alloc(1_234_567, 0x41);
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });
});

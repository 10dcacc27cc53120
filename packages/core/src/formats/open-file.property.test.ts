import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors/index.ts';
import { allRows, chunked, fixtureBytes } from './fixtures/fixture-streams.ts';
import { openFile } from './open-file.ts';

/** Opens and drains; resolves with the row count or the EngineError, rejects on anything else. */
async function readOrTypedError(bytes: Uint8Array, sizes: number[]): Promise<number | EngineError> {
  try {
    return (await allRows(await openFile(chunked(bytes, sizes), 'fuzz.bin'))).length;
  } catch (e) {
    if (e instanceof EngineError && e.fileName === 'fuzz.bin') return e;
    throw e;
  }
}

const FIXTURES = ['sm20-rsau-excel-resaved.csv', 'cdpos-semicolon-bom.csv', 'cdpos-sap-list.txt', 'sm20-utf16le-tab.txt', 'tickets-title-rows.xlsx'].map(fixtureBytes);
const sizesArb = fc.array(fc.integer({ min: 1, max: 4096 }), { minLength: 1, maxLength: 4 });

/** A fixture with some bytes overwritten, cut short or extended: near-valid input reaches deep code. */
const mutatedArb = fc
  .tuple(fc.constantFrom(...FIXTURES), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 12 }), fc.option(fc.nat()), fc.uint8Array({ maxLength: 64 }))
  .map(([base, edits, cut, tail]) => {
    const bytes = base.slice();
    for (const [at, value] of edits) bytes[at % bytes.length] = value;
    const kept = cut === null ? bytes : bytes.slice(0, cut % (bytes.length + 1));
    return new Uint8Array([...kept, ...tail]);
  });

const prefixes = [[], [0x50, 0x4b, 0x03, 0x04], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], [0xd0, 0xcf, 0x11, 0xe0]];
const arbitraryArb = fc.tuple(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 2048 })).map(([p, b]) => new Uint8Array([...p, ...b]));

const textArb = fc
  .array(fc.array(fc.string({ unit: fc.constantFrom('a', '1', '.', '/', ',', ';', '\t', '|', '"', '\r', '\n', ' ', '-', 'é'), maxLength: 8 }), { maxLength: 6 }), { maxLength: 10 })
  .map((rows) => new TextEncoder().encode(`Event,User,Message Text,Date\n${rows.map((r) => r.join(',')).join('\n')}`));

const cellUnit = fc.oneof(fc.constantFrom(',', '"', '\n', '\r\n', ';', '|', '\t', 'é', '€', '😀', 'ß', ' '), fc.constantFrom(...'abcXYZ019.-_/:'));
const tableArb = fc.array(fc.tuple(fc.string({ unit: cellUnit, maxLength: 10 }), fc.string({ unit: cellUnit, maxLength: 10 }), fc.string({ unit: cellUnit, maxLength: 10 })), { maxLength: 12 });

function encodeUtf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    out[2 + i * 2] = text.charCodeAt(i) & 0xff;
    out[3 + i * 2] = text.charCodeAt(i) >> 8;
  }
  return out;
}

describe('openFile round trip', () => {
  it('reads back arbitrary cells written as RFC 4180 CSV, in UTF-8 or UTF-16LE, trimmed, blank rows dropped', async () => {
    await fc.assert(
      fc.asyncProperty(tableArb, fc.boolean(), sizesArb, async (rows, utf16, sizes) => {
        const quote = (c: string): string => `"${c.replace(/"/g, '""')}"`;
        const csv = ['Event,User,Message Text', ...rows.map((r) => r.map(quote).join(','))].join('\r\n');
        const bytes = utf16 ? encodeUtf16le(csv) : new TextEncoder().encode(csv);
        const file = await openFile(chunked(bytes, sizes), 'roundtrip.csv');
        expect(file.fileType).toBe('SM20');
        const expected = rows.map((r) => r.map((c) => c.trim())).filter((r) => r.some((c) => c !== ''));
        expect(await allRows(file)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});

describe('openFile on arbitrary input', () => {
  it('never throws anything but EngineError on arbitrary bytes', async () => {
    await fc.assert(fc.asyncProperty(arbitraryArb, sizesArb, async (bytes, sizes) => void (await readOrTypedError(bytes, sizes))), { numRuns: 300 });
  });

  it('never throws anything but EngineError on damaged fixtures', async () => {
    await fc.assert(fc.asyncProperty(mutatedArb, sizesArb, async (bytes, sizes) => void (await readOrTypedError(bytes, sizes))), { numRuns: 300 });
  });

  it('reads the same rows whatever the chunk sizes, for arbitrary CSV text under a known header', async () => {
    await fc.assert(
      fc.asyncProperty(textArb, sizesArb, async (bytes, sizes) => {
        const whole = await readOrTypedError(bytes, [bytes.length || 1]);
        expect(await readOrTypedError(bytes, sizes)).toEqual(whole);
      }),
      { numRuns: 200 },
    );
  });
});

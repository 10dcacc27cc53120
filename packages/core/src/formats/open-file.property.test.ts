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

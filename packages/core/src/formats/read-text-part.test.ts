import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSplitter, scanRowEnd } from './csv-splitter.ts';
import { readTextPart, type TextPartEnd, type TextPartLayout } from './read-text-part.ts';

const enc = new TextEncoder();

/** Random CSV text: quoted and unquoted cells with delimiters, doubled and stray quotes, CR, LF, CRLF and 'é'. */
const csvText = fc
  .array(fc.array(fc.stringMatching(/^[a,"\r\né]{0,6}$/), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 })
  .chain((rows) =>
    fc.tuple(fc.constant(rows), fc.array(fc.boolean(), { minLength: 48, maxLength: 48 }), fc.constantFrom('\n', '\r\n', '\r')).map(([rows, quoting, eol]) => {
      let k = 0;
      const cell = (c: string) => (quoting[k++ % quoting.length] ? `"${c.replace(/"/g, '""')}"` : c);
      return rows.map((r) => r.map(cell).join(',')).join(eol) + (quoting[0] ? eol : '');
    }),
  );

/** Offsets just after each line feed that ends a row, as the splitter reads the text. */
function rowEndsBySplitter(text: string): number[] {
  const s = new CsvSplitter({ delimiter: ',' });
  const out: string[][] = [];
  const ends: number[] = [];
  let bytes = 0;
  for (const ch of text) {
    s.push(ch, out);
    bytes += enc.encode(ch).length;
    if (ch === '\n' && s.atRowStart) ends.push(bytes);
  }
  return ends;
}

function rowEndsByScan(bytes: Uint8Array): number[] {
  const ends: number[] = [];
  for (let at = 0; ; ) {
    const found = scanRowEnd(bytes.subarray(at), 0, ',');
    if (found.at < 0) return ends;
    at += found.at;
    ends.push(at);
  }
}

function rowsOf(text: string): string[][] {
  const s = new CsvSplitter({ delimiter: ',' });
  const out: string[][] = [];
  s.push(text, out);
  s.end(out);
  return out;
}

const layout = (width: number): TextPartLayout => ({ shape: { width, header: [], rowsToHeader: 0 }, delimiter: ',', encoding: 'utf-8', bomLength: 0 });

async function readPart(bytes: Uint8Array, l: TextPartLayout, from: number, to: number, start?: number) {
  const end: TextPartEnd = { start: -1, stoppedAt: -1, switched: false };
  const rows: string[][] = [];
  const open = async function* (s: number, e: number) {
    for (let i = s; i < e; i += 3) yield bytes.slice(i, Math.min(e, i + 3));
  };
  for await (const batch of readTextPart(open, l, { from, to, size: bytes.length, start }, end)) rows.push(...batch);
  return { rows, end };
}

describe('reading a delimited text file in byte ranges', () => {
  it('scanRowEnd finds exactly the line feeds where the splitter is between rows', () => {
    fc.assert(
      fc.property(csvText, (text) => {
        expect(rowEndsByScan(enc.encode(text))).toEqual(rowEndsBySplitter(text));
      }),
      { numRuns: 300 },
    );
  });

  it('two parts cut at any byte give the rows of one pass (a part that began inside quotes is read again from where the first stopped)', async () => {
    await fc.assert(
      fc.asyncProperty(csvText, async (text) => {
        const bytes = enc.encode(text);
        const width = Math.max(...rowsOf(text).map((r) => r.length));
        const l = layout(width);
        const whole = (await readPart(bytes, l, 0, bytes.length)).rows;
        for (let cut = 1; cut < bytes.length; cut++) {
          const first = await readPart(bytes, l, 0, cut);
          let second = await readPart(bytes, l, cut, bytes.length);
          if (second.end.start !== first.end.stoppedAt) second = await readPart(bytes, l, cut, bytes.length, first.end.stoppedAt);
          expect(second.end.start).toBe(first.end.stoppedAt);
          expect(second.end.stoppedAt).toBe(bytes.length);
          expect([...first.rows, ...second.rows]).toEqual(whole);
        }
      }),
      { numRuns: 60 },
    );
  });
});

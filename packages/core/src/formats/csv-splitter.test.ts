import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors/index.ts';
import { CsvSplitter, MAX_CELL_CHARS } from './csv-splitter.ts';

function split(parts: string[], delimiter = ',', quote: string | null = '"'): string[][] {
  const s = new CsvSplitter({ delimiter, quote });
  const out: string[][] = [];
  for (const p of parts) s.push(p, out);
  s.end(out);
  return out;
}

/** Every way of cutting `text` in two, plus one character at a time. */
function cuts(text: string): string[][] {
  const all: string[][] = [[...text]];
  for (let i = 0; i <= text.length; i++) all.push([text.slice(0, i), text.slice(i)]);
  return all;
}

const TRICKY = 'id,text,n\r\n1,"a, ""quoted"" value\r\nwith a break",x\r\n2,,"y"\r\n3,plain "inner" quote,z\n4,"",\r5,last,row';
const TRICKY_ROWS = [
  ['id', 'text', 'n'],
  ['1', 'a, "quoted" value\r\nwith a break', 'x'],
  ['2', '', 'y'],
  ['3', 'plain "inner" quote', 'z'],
  ['4', '', ''],
  ['5', 'last', 'row'],
];

describe('CsvSplitter', () => {
  it('reads RFC 4180 quoting, CRLF, LF, lone CR and a last row without newline', () => {
    expect(split([TRICKY])).toEqual(TRICKY_ROWS);
  });

  it('gives the same rows wherever the chunks are cut, including between \\r and \\n and inside "" ', () => {
    for (const parts of cuts(TRICKY)) expect(split(parts)).toEqual(TRICKY_ROWS);
  });

  it('keeps a trailing empty cell and an empty line as a row of one empty cell', () => {
    expect(split(['a,b,\n\nc'])).toEqual([['a', 'b', ''], [''], ['c']]);
  });

  it('keeps text after a closing quote, as Excel does', () => {
    expect(split(['"ab"cd,e\n'])).toEqual([['abcd', 'e']]);
  });

  it('reads quotes literally when quoting is off (SAP list output)', () => {
    expect(split(['|"a|b"|\n'], '|', null)).toEqual([['', '"a', 'b"', '']]);
  });

  it('splits on ; tab and |', () => {
    expect(split(['a;"b;c"\n'], ';')).toEqual([['a', 'b;c']]);
    expect(split(['a\tb\n'], '\t')).toEqual([['a', 'b']]);
    expect(split(['a|b\n'], '|')).toEqual([['a', 'b']]);
  });

  it('fails with MALFORMED_FILE when a quote is never closed in a huge cell', () => {
    const s = new CsvSplitter({ delimiter: ',' });
    const chunk = 'x'.repeat(1024 * 1024);
    expect(() => {
      s.push('"', []);
      for (let i = 0; i <= MAX_CELL_CHARS / chunk.length; i++) s.push(chunk, []);
    }).toThrowError(EngineError);
  });

  it('round-trips arbitrary cells written with RFC 4180 quoting, in arbitrary chunks', () => {
    const cellArb = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', 'é', '€', '😀', ';') , maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.array(cellArb, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 5 }), (rows, sizes) => {
        const text = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n');
        const parts: string[] = [];
        for (let i = 0, k = 0; i < text.length; k++) {
          const n = sizes[k % sizes.length]!;
          parts.push(text.slice(i, i + n));
          i += n;
        }
        expect(split(parts)).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ByteSink } from '../engine/contract.ts';
import { CsvWriter } from './csv-writer.ts';
import { ByteRows } from './row-bytes.ts';
import { NUMERIC, TEMPORAL, TEXT } from './typed-cells.ts';
import { rowXml, SHEET_REFERENCES, type SheetReferences } from './xlsx-writer.ts';

// Every class of character the encoders treat apart: XML and CSV specials, formula starts, control
// characters XML drops, 2- and 3-byte UTF-8, surrogate pairs and lone halves, U+FFFE/U+FFFF.
const UNITS = ['a', 'Z', '0', ' ', ',', '"', '&', '<', '>', '\n', '\r', '\t', '=', '+', '-', '@', '\u0001', '\u001f', '\u000b', 'ü', 'ß', '€', '中', '😀', '\ud800', '\udfff', '\ufffe', '\uffff', '\u07ff', '\u0800'];
// Values the typed columns take or reject: ISO dates, times and date-times (valid or not), plain numbers and look-alikes.
const TYPED = ['2025-03-05', '1900-03-01', '1900-02-28', '2024-02-29', '2025-02-29', '9999-12-31', '00:00:00', '23:59:59', '10:00:00', '24:00:00', '2025-03-05 10:30:15', '2025-03-05 00:00:00', '2025-03-06', '2025-03-06 23:59:59', '12:34:56', '2025-03-05T10:30:15', '0', '-0', '42', '-1.5', '0.25', '0042', '1e5', '1.', '1234567890123456', '-', '.5'];
const cell = fc.oneof(fc.constant(''), fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 14 }), fc.constantFrom(...TYPED));
const rows = fc.array(fc.array(cell, { minLength: 1, maxLength: 9 }), { minLength: 1, maxLength: 25 });

// The sink copies each chunk and releases it at once: every buffer after the first is a reused one.
function collect(size: number, references?: SheetReferences) {
  const chunks: Buffer[] = [];
  const rowsOut = new ByteRows(
    (c, release) => {
      chunks.push(Buffer.from(c));
      release();
    },
    size,
    references,
  );
  return { rowsOut, bytes: () => (rowsOut.flush(), Buffer.concat(chunks)) };
}

describe('ByteRows buffers', () => {
  const row = (n: number) => [`cell ${n}`, 'x'.repeat(40)];

  it('fills a released buffer again', () => {
    const got: Uint8Array[] = [];
    const rowsOut = new ByteRows((c, release) => {
      got.push(c);
      release();
    }, 256);
    for (let n = 0; n < 20; n++) rowsOut.csvRow(row(n));
    rowsOut.flush();
    expect(got.length).toBeGreaterThan(3);
    // The same memory (small buffers share Node's pool, so the offset counts too).
    expect(got[2]!.buffer).toBe(got[0]!.buffer);
    expect(got[2]!.byteOffset).toBe(got[0]!.byteOffset);
    expect(got[1]!.buffer !== got[0]!.buffer || got[1]!.byteOffset !== got[0]!.byteOffset).toBe(true);
  });

  it('never writes into a buffer the sink has not released', () => {
    const kept: { chunk: Uint8Array; copy: Buffer }[] = [];
    const rowsOut = new ByteRows((c) => void kept.push({ chunk: c, copy: Buffer.from(c) }), 256);
    for (let n = 0; n < 50; n++) rowsOut.csvRow(row(n));
    rowsOut.flush();
    expect(kept.length).toBeGreaterThan(3);
    const buffers: ArrayBufferLike[] = [];
    const memory = kept.map(({ chunk }) => `${buffers.includes(chunk.buffer) ? buffers.indexOf(chunk.buffer) : buffers.push(chunk.buffer) - 1}:${chunk.byteOffset}`);
    expect(new Set(memory).size).toBe(kept.length);
    for (const { chunk, copy } of kept) expect(Buffer.from(chunk).equals(copy)).toBe(true);
    const text = Buffer.concat(kept.map((k) => k.copy)).toString('utf8');
    expect(text).toBe(Array.from({ length: 50 }, (_, n) => `cell ${n},${'x'.repeat(40)}\r\n`).join(''));
  });
});

describe('ByteRows (property)', () => {
  it('writes the bytes of rowXml for any cells and column kinds, at any buffer size, copying cells that repeat an earlier one, with every reference or the needed ones', () => {
    // sameAs: for each cell, an earlier (or any) cell it may repeat; repeats are made likely below.
    const sameAs = fc.array(fc.integer({ min: -1, max: 8 }), { maxLength: 10 }).map((a) => Int32Array.from(a));
    const kinds = fc.array(fc.constantFrom(TEXT, TEMPORAL, NUMERIC), { maxLength: 10 });
    // Rows one after the other, with a jump (forward, or back to an earlier number) now and then.
    const jumps = fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 25 });
    fc.assert(
      fc.property(rows, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 4 }), fc.constantFrom(16, 64, 1 << 16), sameAs, fc.boolean(), kinds, fc.integer({ min: 5, max: 1_048_576 }), jumps, fc.constantFrom<SheetReferences>('every', 'needed'), (table, from, width, size, same, repeat, kind, first, jump, references) => {
        const { rowsOut, bytes } = collect(size, references);
        let expected = '';
        let last = -1;
        let rowNumber = first;
        table.forEach((row, n) => {
          if (n > 0) rowNumber += (jump[n] ?? 0) === 0 || rowNumber + jump[n]! < 1 ? 1 : jump[n]!;
          const r = repeat ? row.map((v, i) => (same[i]! >= 0 && same[i]! < i ? row[same[i]!]! : v)) : row;
          rowsOut.xmlRow(r, rowNumber, from, from + width, same, kind);
          expected += rowXml(r, rowNumber, { highlight: (i) => i >= from && i < from + width, kinds: kind, follows: rowNumber === last + 1, references });
          last = rowNumber;
        });
        expect(bytes().equals(Buffer.from(expected, 'utf8'))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the bytes of CsvWriter.writeRow for any cells, at any buffer size', async () => {
    await fc.assert(
      fc.asyncProperty(rows, fc.constantFrom(16, 64, 1 << 16), async (table, size) => {
        const { rowsOut, bytes } = collect(size);
        const chunks: Buffer[] = [];
        const sink: ByteSink = { write: (c) => void chunks.push(Buffer.from(c)), end: async () => undefined };
        const writer = new CsvWriter(sink);
        for (const r of table) {
          rowsOut.csvRow(r);
          await writer.writeRow(r);
        }
        await writer.end();
        expect(bytes().equals(Buffer.concat(chunks))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the same CSV bytes when it copies cells from the sheet rows (current, earlier or handed-on ones)', async () => {
    // Per record: the CSV cells, where each sits in a sheet row (shuffled, with other cells
    // around it), whether that sheet row is written before the CSV row, and whether the sheet's
    // bytes are handed on in between.
    const record = fc.array(cell, { minLength: 1, maxLength: 9 }).chain((r) =>
      fc.record({
        csv: fc.constant(r),
        order: fc.shuffledSubarray(r.map((_, i) => i), { minLength: r.length, maxLength: r.length }),
        extra: fc.array(cell, { maxLength: 3 }),
        mapped: fc.array(fc.boolean(), { minLength: r.length, maxLength: r.length }),
        sheetFirst: fc.boolean(),
        flushFirst: fc.boolean(),
        sheetKinds: fc.array(fc.constantFrom(TEXT, TEMPORAL, NUMERIC), { maxLength: 12 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 25 }), fc.constantFrom(16, 64, 1 << 16), fc.constantFrom(16, 64, 1 << 16), async (records, csvSize, sheetSize) => {
        const { rowsOut, bytes } = collect(csvSize);
        const sheet = collect(sheetSize).rowsOut;
        const chunks: Buffer[] = [];
        const writer = new CsvWriter({ write: (c) => void chunks.push(Buffer.from(c)), end: async () => undefined });
        for (const { csv, order, extra, mapped, sheetFirst, flushFirst, sheetKinds } of records) {
          const sheetRow = [...extra, ...order.map((i) => csv[i]!)];
          const columnOf = new Int32Array(csv.length).fill(-1);
          order.forEach((i, k) => {
            if (mapped[i]) columnOf[i] = extra.length + k;
          });
          if (sheetFirst) sheet.xmlRow(sheetRow, 2, 0, 0, undefined, sheetKinds);
          // Sheet bytes handed on (a segment closed): whatever the sheet wrote is gone from its buffer.
          if (flushFirst) void sheet.flush();
          rowsOut.csvRow(csv, { rows: sheet, columnOf });
          if (!sheetFirst) sheet.xmlRow(sheetRow, 2, 0, 0, undefined, sheetKinds);
          await writer.writeRow(csv);
        }
        await writer.end();
        expect(bytes().equals(Buffer.concat(chunks))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes the references of one-, two- and three-letter columns as rowXml does', () => {
    const { rowsOut, bytes } = collect(1 << 16);
    const row = Array.from({ length: 760 }, (_, i) => `v${i}`);
    rowsOut.xmlRow(row, 1_048_576, 0, 0);
    rowsOut.xmlRow(row, 1_048_577, 0, 0);
    const xml = bytes().toString('utf8');
    expect(SHEET_REFERENCES).toBe('every');
    expect(xml).toBe(rowXml(row, 1_048_576) + rowXml(row, 1_048_577, { follows: true }));
    expect(xml).toContain('<c r="Z1048576" t="inlineStr"><is><t>v25</t></is></c>');
    expect(xml).toContain('<c r="AA1048576"');
    expect(xml).toContain('<c r="ZZ1048576" t="inlineStr"><is><t>v701</t></is></c>');
    expect(xml).toContain('<c r="ABB1048576" t="inlineStr"><is><t>v729</t></is></c>');
    expect(xml).toContain('</row><row r="1048577"><c r="A1048577" t="inlineStr"><is><t>v0</t>');
  });

  it('with needed references: those of one-, two- and three-letter columns after a gap, none for the next column or row, as rowXml does', () => {
    const { rowsOut, bytes } = collect(1 << 16, 'needed');
    const gaps = new Set([3, 24, 700, 728]);
    const row = Array.from({ length: 760 }, (_, i) => (gaps.has(i) ? '' : `v${i}`));
    rowsOut.xmlRow(row, 1_048_576, 0, 0);
    rowsOut.xmlRow(['a', '', 'c'], 1_048_577, 0, 0);
    rowsOut.xmlRow(['', 'b'], 7, 0, 0);
    const xml = bytes().toString('utf8');
    const references = 'needed';
    expect(xml).toBe(rowXml(row, 1_048_576, { references }) + rowXml(['a', '', 'c'], 1_048_577, { follows: true, references }) + rowXml(['', 'b'], 7, { references }));
    expect(xml.startsWith('<row r="1048576"><c t="inlineStr"><is><t>v0</t></is></c><c t="inlineStr"><is><t>v1</t></is></c><c t="inlineStr"><is><t>v2</t></is></c><c r="E1048576" t="inlineStr"><is><t>v4</t></is></c><c t="inlineStr"><is><t>v5</t>')).toBe(true);
    expect(xml).toContain('<c r="Z1048576" t="inlineStr"><is><t>v25</t></is></c><c t="inlineStr"><is><t>v26</t></is></c>');
    expect(xml).toContain('<c r="ZZ1048576" t="inlineStr"><is><t>v701</t></is></c>');
    expect(xml).toContain('<c r="ABB1048576" t="inlineStr"><is><t>v729</t></is></c>');
    expect(xml).toContain('</row><row><c t="inlineStr"><is><t>a</t></is></c><c r="C1048577" t="inlineStr"><is><t>c</t></is></c></row><row r="7"><c r="B7" t="inlineStr"><is><t>b</t></is></c></row>');
  });

  it('counts row numbers on across carries and hands the sink whole rows, however small its buffer', () => {
    const xmlChunks: string[] = [];
    const csvChunks: string[] = [];
    const xml = new ByteRows((c, release) => {
      xmlChunks.push(Buffer.from(c).toString('utf8'));
      release();
    }, 64);
    const csv = new ByteRows((c, release) => {
      csvChunks.push(Buffer.from(c).toString('utf8'));
      release();
    }, 64);
    const numbers = [8, 9, 10, 11, 98, 99, 100, 101, 999, 1000, 1001, 9999, 10000, 1_048_575, 1_048_576, 3, 4];
    let expected = '';
    let last = -1;
    for (const n of numbers) {
      const row = [`a${n}`, '', 'b'.repeat(n % 50), 'ü"'.repeat(n % 7)];
      xml.xmlRow(row, n, 0, 0);
      csv.csvRow(row, { rows: xml, columnOf: Int32Array.from([0, 1, 2, 3]) });
      expected += rowXml(row, n, { follows: n === last + 1 });
      last = n;
    }
    xml.flush();
    csv.flush();
    expect(xmlChunks.join('')).toBe(expected);
    expect(xmlChunks.length).toBeGreaterThan(2);
    for (const c of xmlChunks) expect(c).toMatch(/^(<row r="\d+">.*?<\/row>)+$/);
    for (const c of csvChunks) expect(c).toMatch(/\r\n$/);
    expect(csvChunks.join('').split('\r\n')).toHaveLength(numbers.length + 1);
  });

  it('hands full buffers to the sink and passes on its wait', async () => {
    const got: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const out = new ByteRows((c) => {
      got.push(c.length);
      return gate;
    }, 32);
    out.csvRow(['x'.repeat(20)]);
    expect(got).toEqual([]);
    out.csvRow(['y'.repeat(20)]); // no room left: the first row goes to the sink
    const wait = out.wait();
    expect(wait).toBeInstanceOf(Promise);
    expect(got).toEqual([22]);
    expect(out.wait()).toBeUndefined();
    release();
    await wait;
    out.flush();
    expect(got).toEqual([22, 22]);
  });
});

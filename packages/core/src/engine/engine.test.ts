import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDefaultLists } from '../lists/index.ts';
import { parseCsvText } from '../lists/parse-csv-text.ts';
import { readXlsxSheets } from '../report/read-xlsx-sheets.ts';
import { ANNOTATIONS_NAME, engine, type ByteSink, type EngineContext, type Workspace } from './index.ts';

/** The pipeline's shape: a workspace of named byte streams (here in memory) and sources re-opened by index. */
function memoryWorkspace(): Workspace & { names(): string[] } {
  const store = new Map<string, Buffer>();
  return {
    write(name) {
      const chunks: Buffer[] = [];
      return { write: (c) => void chunks.push(Buffer.from(c)), end: async () => void store.set(name, Buffer.concat(chunks)) };
    },
    async *read(name) {
      const b = store.get(name);
      if (!b) throw Object.assign(new Error(`no ${name}`), { code: 'ENOENT' });
      yield b;
    },
    names: () => [...store.keys()],
  };
}

function memorySink(): ByteSink & { bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  return { write: (c) => void chunks.push(Buffer.from(c)), end: async () => undefined, bytes: () => Buffer.concat(chunks) };
}

const names = ['sm20.csv', 'cdhdr.csv', 'cdpos.csv'];
const sources = names.map((n) => readFileSync(new URL(`./fixtures/${n}`, import.meta.url)));

function context(): EngineContext & { workspace: ReturnType<typeof memoryWorkspace> } {
  return {
    workspace: memoryWorkspace(),
    lists: loadDefaultLists(),
    settings: { holidays: { country: 'US' } },
    // Small chunks: the reader must cope with arbitrary boundaries.
    async *openSource(i) {
      const b = sources[i]!;
      for (let at = 0; at < b.length; at += 97) yield b.subarray(at, at + 97);
    },
  };
}

describe('engine steps (pipeline order)', () => {
  it('parses per file, correlates, lists flagged records and writes reports with AI annotations', async () => {
    const ctx = context();
    const files = [];
    for (let i = 0; i < names.length; i++) files.push(await engine.parseAndFlagFile(ctx, i, names[i]!));
    expect(files.map((f) => [f.fileName, f.fileType, f.records])).toEqual([
      ['sm20.csv', 'SM20', 26],
      ['cdhdr.csv', 'CDHDR', 6],
      ['cdpos.csv', 'CDPOS', 3],
    ]);
    // Before correlation a CDPOS item knows no time: no CHANGE_TIMING from its own file.
    expect(files[2]!.summary.flag_counts.CHANGE_TIMING_FLAG).toBe(0);
    expect(JSON.parse(JSON.stringify(files))).toEqual(files);

    const step2 = await engine.correlateFiles(ctx, files);
    // 7 since detection v3: an after-hours DU9 change of a high-risk table counts from SM20 alone.
    expect(step2).toEqual({ patterns: 7, correlated: true });

    const flagged = [];
    for await (const r of engine.listFlaggedRecords(ctx, files)) flagged.push(r);
    const kred = flagged.find((r) => r.record.FNAME === 'BANKN')!;
    expect(kred.ref).toBe('2:0');
    expect(kred.flags).toContain('CHANGE_TIMING_FLAG');
    expect(flagged.every((r) => r.flags.length > 0)).toBe(true);

    const notes = ctx.workspace.write(ANNOTATIONS_NAME);
    await notes.write(Buffer.from(`${JSON.stringify({ ref: '2:0', text: 'Bank account changed at night' })}\n`));
    await notes.end();
    const xlsx = memorySink();
    const csv = memorySink();
    const report = await engine.writeReports(ctx, files, { xlsx, csv }, { aiOutputColumn: 'Review' });
    expect(report.summary.total_records).toBe(35);
    expect(report.summary.flagged_records).toBe(flagged.length);
    expect(report.summary.flag_counts.CHANGE_TIMING_FLAG).toBeGreaterThan(files.reduce((n, f) => n + f.summary.flag_counts.CHANGE_TIMING_FLAG, 0));

    const [header, ...rows] = parseCsvText(csv.bytes().toString('utf8'));
    expect(header!.at(-1)).toBe('Review');
    expect(rows.find((r) => r.includes('BANKN'))!.at(-1)).toBe('Bank account changed at night');
    expect(rows.filter((r) => r.at(-1) !== '')).toHaveLength(1);
    const cdpos = readXlsxSheets(new Uint8Array(xlsx.bytes())).find((s) => s.name === 'CDPOS')!;
    expect(cdpos.rows[0]!.at(-1)).toBe('Review');
    expect(cdpos.rows[1]!.at(-1)).toBe('Bank account changed at night');
  });

  it('reports a single file after its correlate step, and refuses to report before it (the report never correlates)', async () => {
    const ctx = context();
    const file = await engine.parseAndFlagFile(ctx, 1, 'cdhdr.csv');
    await expect(engine.writeReports(ctx, [file], { xlsx: memorySink(), csv: memorySink() })).rejects.toThrow('correlation.json is missing: run correlateFiles before the report step');
    await engine.correlateFiles(ctx, [file]);
    const report = await engine.writeReports(ctx, [file], { xlsx: memorySink(), csv: memorySink() });
    expect(report.analysis_type).toBe('single');
    expect(report.fileType).toBe('CDHDR');
    expect(report.summary).toEqual(file.summary);
    expect(report.suspicious_patterns.map((p) => p.pattern).sort()).toEqual(['AFTER_HOURS_SENSITIVE_CHANGE', 'SELF_AUTHORIZATION']);
  });
});

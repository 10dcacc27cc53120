import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../engine/contract.ts';
import { analyzeFiles } from '../engine/analyze-files.ts';
import type { AnalysisReport } from '../model/index.ts';
import { deriveFindings, RECORD_FINDINGS_PER_FLAG } from './derive-findings.ts';
import { highRecordStarts, openHighRecordsPart, parseHighRecords, writeHighRecords, type HighRecords } from './high-records.ts';

function memoryWorkspace(): Workspace {
  const files = new Map<string, Buffer[]>();
  return {
    write: (name) => {
      const parts: Buffer[] = [];
      files.set(name, parts);
      return { write: (c) => void parts.push(Buffer.from(c)), end: async () => undefined };
    },
    read: async function* (name) {
      yield Buffer.concat(files.get(name) ?? []);
    },
  };
}

let dir: string;
let report: AnalysisReport;
let high: HighRecords;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'high-records-'));
  const lines = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
  // 30 starts of SU01 (a high-severity rule) and 30 of an ordinary transaction.
  for (let i = 0; i < 60; i++) lines.push(`02.11.2026,10:${String(i).padStart(2, '0')}:00,100,${i % 2 ? 'ALICE' : 'BOB'},TERM1,${i < 30 ? 'SU01' : 'MM03'},SAPMSSY1,AU3,Transaction started.,X,,`);
  await writeFile(join(dir, 'sm20.csv'), `${lines.join('\r\n')}\r\n`);
  report = await analyzeFiles([join(dir, 'sm20.csv')], { outDir: join(dir, 'out'), threads: 0, timelineIndex: false });
  high = parseHighRecords(await readFile(join(dir, 'out', 'high-records.ndjson'), 'utf8'));
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('high-severity flagged records as findings', () => {
  it('keeps every high-severity record the report step writes, not only the samples', () => {
    expect(high.total).toBe(30);
    expect(high.records).toHaveLength(30);
    expect(high.records.every((r) => r.record['Source TA'] === 'SU01' && r.reasons.HIGH_RISK_TCODE_FLAG && r.rules.length > 0)).toBe(true);
    expect(report.flagSamples.HIGH_RISK_TCODE_FLAG?.records.length).toBe(RECORD_FINDINGS_PER_FLAG);
    const { findings, recordCoverage, recordSource } = deriveFindings('a1', report, high);
    const su01 = findings.filter((f) => f.kind === 'record' && f.object === 'SU01');
    expect(su01).toHaveLength(30);
    expect(new Set(su01.map((f) => f.time)).size).toBe(30);
    expect(recordCoverage.find((c) => c.flag === 'HIGH_RISK_TCODE_FLAG')).toEqual({ flag: 'HIGH_RISK_TCODE_FLAG', total: 30, listed: 30 });
    expect(recordSource).toEqual({ kind: 'all', total: 30, listed: 30, cap: 30 });
    // The evidence is the record as the report's samples show it: its cells, the flag's reason and rules.
    expect(su01[0]!.evidence[0]).toMatchObject({ FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', User: 'BOB', HIGH_RISK_TCODE_FLAG: expect.stringContaining('SU01'), RULES: expect.stringMatching(/\S/) });
  });

  it('gives the same ids each time, and the samples of an analysis without the file as before', () => {
    const ids = () => deriveFindings('a1', report, high).findings.map((f) => f.findingId);
    expect(ids()).toEqual(ids());
    const fromSamples = deriveFindings('a1', report);
    expect(fromSamples.recordSource).toEqual({ kind: 'samples', perFlag: RECORD_FINDINGS_PER_FLAG });
    expect(fromSamples.findings.filter((f) => f.kind === 'record')).toHaveLength(RECORD_FINDINGS_PER_FLAG);
    // The samples are the first records, so their findings keep their ids when all records are listed.
    expect(ids()).toEqual(expect.arrayContaining(fromSamples.findings.map((f) => f.findingId)));
  });

  it("gives a change-document item whose header is in another file its header's user, time and transaction as cells; a joined item has its own", async () => {
    const ws = memoryWorkspace();
    const part = openHighRecordsPart(ws, 'p0', 'CDPOS', 'cdpos.csv', ['OBJECTCLAS', 'TABNAME', 'FNAME']);
    await part.add(['KRED', 'LFBK', 'BANKN'], [undefined, undefined, undefined, undefined, 'Sensitive field BANKN in LFBK changed'], ['CD-SENSITIVE-FIELD'], { user: 'BOB', date: '2026-11-18', time: '22:15:00', fileType: 'CDPOS', joined: false, tcode: 'XK02' });
    await part.add(['KRED', 'LFBK', 'BANKN'], [undefined, undefined, undefined, undefined, 'Sensitive field BANKN in LFBK changed'], ['CD-SENSITIVE-FIELD'], { user: 'BOB', date: '2026-11-18', time: '22:15:00', fileType: 'CDPOS', joined: true, tcode: 'XK02' });
    await part.close();
    let lines = '';
    for await (const chunk of ws.read('p0')) lines += Buffer.from(chunk).toString('utf8');
    const [item, joined] = lines.trimEnd().split('\n').map((l) => JSON.parse(l).record);
    expect(item).toMatchObject({ 'USERNAME (header)': 'BOB', 'UDATE UTIME (header)': '2026-11-18 22:15:00', 'TCODE (header)': 'XK02' });
    expect(Object.keys(joined)).not.toContain('TCODE (header)');
  });

  it('keeps every high-severity record (no cap), with the user and time the engine read', async () => {
    const ws = memoryWorkspace();
    const parts = [];
    for (const [k, n] of [[0, 4], [1, 5]] as const) {
      const part = openHighRecordsPart(ws, `p${k}`, 'SM20', 'sm20.csv', ['User', 'Source TA']);
      for (let i = 0; i < n; i++) await part.add([`U${k}${i}`, 'SU01'], ['High-risk transaction SU01'], ['TCODE-HIGH-RISK'], { user: `u${k}${i}`, date: '2025-03-01', time: '10:00:00', fileType: 'SM20', joined: false });
      // A medium-severity rule only: not kept.
      await part.add(['X', 'SM30'], [undefined, 'Table maintenance'], ['TCODE-TABLE-MAINT']);
      parts.push(await part.close());
    }
    expect(parts.map((p) => [p.kept, p.total])).toEqual([[4, 4], [5, 5]]);
    const chunks: Buffer[] = [];
    const out = await writeHighRecords(ws, parts, { write: (c) => void chunks.push(Buffer.from(c)), end: async () => undefined });
    const file = Buffer.concat(chunks);
    // Each part's first line begins at its start (findings name their evidence by offset).
    expect(out).toEqual({ total: 9, kept: 9, starts: [file.indexOf('\n') + 1, expect.any(Number)] });
    expect(file.subarray(out.starts[1]!, file.indexOf('\n', out.starts[1]!)).toString()).toContain('"U10"');
    expect(file[out.starts[1]! - 1]).toBe(10);
    const parsed = parseHighRecords(file.toString('utf8'));
    expect([parsed.total, parsed.cap, parsed.records.map((r) => r.record.User)]).toEqual([9, 9, ['U00', 'U01', 'U02', 'U03', 'U10', 'U11', 'U12', 'U13', 'U14']]);
    expect([parsed.records[0]!.user, parsed.records[0]!.time]).toEqual(['U00', '2025-03-01 10:00:00']);
    expect(() => parseHighRecords('{"x":1}\n')).toThrow('high-records.ndjson has no header line');
  });

  it('knows where each part starts before any is copied (from the lengths the parts counted)', async () => {
    const ws = memoryWorkspace();
    const parts = [];
    // Cells of more than one byte each, and a part with no high record between two with some.
    for (const [k, users] of [[0, ['Jörg', 'Zoë']], [1, []], [2, ['李', 'ALICE', 'BOB']]] as const) {
      const part = openHighRecordsPart(ws, `p${k}`, 'SM20', 'sm20.csv', ['User', 'Source TA']);
      for (const u of users) await part.add([u, 'SU01'], ['High-risk transaction SU01 für Prüfung'], ['TCODE-HIGH-RISK'], { user: u, date: '2025-03-01', time: '10:00:00', fileType: 'SM20', joined: false });
      parts.push(await part.close());
    }
    const known = highRecordStarts(parts);
    const chunks: Buffer[] = [];
    const out = await writeHighRecords(ws, parts, { write: (c) => void chunks.push(Buffer.from(c)), end: async () => undefined });
    expect(known).toEqual(out.starts);
    expect(parts.map((p) => p.bytes)).toEqual([out.starts[1]! - out.starts[0]!, 0, Buffer.concat(chunks).length - out.starts[2]!]);
    expect(highRecordStarts([{ kept: 1, total: 1 }])).toBeUndefined();
  });
});

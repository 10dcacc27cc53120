// findings.ndjson: every finding once, each with its caseId, a case's findings contiguous at its
// findings_offset, by time within the case, the offsets file finding each line; also when the
// findings are spread over many buckets, and a UTF-8 character cut by a chunk boundary.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CaseTally, computeCases, mergeTallies } from '../../cases/index.ts';
import type { AnalysisReport, PatternName, SuspiciousPattern } from '../../model/index.ts';
import { openHighRecordsPart, writeHighRecords } from '../../review/high-records.ts';
import { highRecordEvidence, type Finding, type HighRecord } from '../../review/index.ts';
import { createFolderWorkspace, fileSink } from '../../workspace/index.ts';
import { writeFindings } from './write-findings.ts';
import { writePatternFindingLines } from './pattern-findings.ts';
import type { FindingLinesResult } from '../../review/finding-lines.ts';
import { linesOf } from '../../workspace/index.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const report = { flagSamples: {}, suspicious_patterns: [] } as unknown as AnalysisReport;

async function scenario(bucketFindings: number, beside = false, { made = false, extras = false, patternTasks = false, sortBytes = undefined as number | undefined } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'findings-test-'));
  dirs.push(dir);
  const ws = createFolderWorkspace(join(dir, 'work'));
  const patterns: SuspiciousPattern[] = Array.from({ length: 300 }, (_, i) => ({ pattern: 'CHANGE_WITHOUT_TICKET' as PatternName, risk_level: 'high', rule: 'PAT-CHANGE-WITHOUT-TICKET', user: `U${i % 4}`, sm20_time: `2025-03-${String(20 - (i % 19)).padStart(2, '0')} 10:00:00`, sm20_activity: 'FK02 Ä' }));
  patterns.push({ pattern: 'SELF_AUTHORIZATION' as PatternName, risk_level: 'critical', rule: 'PAT-SELF-AUTHORIZATION', user: 'U3', sm20_time: '2025-03-01 09:00:00', sm20_activity: 'SU01 U3' });
  const tally = new CaseTally();
  const parts: string[] = [];
  const madeInParts: FindingLinesResult[] = [];
  for (let k = 0; k < 2; k++) {
    const part = openHighRecordsPart(ws, `report/${k}/high.ndjson`, 'SM20', 'sm20.csv', ['User', 'Date', 'Time', 'Source TA'], made ? 'a1' : undefined);
    for (let i = 0; i < 500; i++) {
      const user = i % 9 === 0 ? '' : `U${(i + k) % 6}`;
      const rec = { user, date: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}`, time: '12:00:00', tcode: 'SU01', fileType: 'SM20', joined: false };
      await part.add([user, rec.date, rec.time, 'SU01 ünïcödé'], ['High-risk transaction SU01'], ['TCODE-HIGH-RISK'], rec);
      tally.add(rec, 'sm20.csv', ['TCODE-HIGH-RISK'], false, true);
    }
    // The same finding in both parts (its occurrences count across them), and records whose time
    // the engine did not read (made from their cells and the file's date order).
    for (let i = 0; extras && i < 30; i++) {
      const rec = { user: 'U1', date: i < 25 ? '2025-03-05' : '', time: '08:00:00', tcode: 'SU01', fileType: 'SM20', joined: false };
      await part.add(['U1', '05.03.2025', '08:00:00', 'SU01'], ['High-risk transaction SU01', undefined, 'Debug'], ['TCODE-HIGH-RISK'], rec);
      tally.add(rec, 'sm20.csv', ['TCODE-HIGH-RISK'], false, true);
    }
    const closed = await part.close();
    parts.push(closed.name);
    if (closed.findings) madeInParts.push(closed.findings);
  }
  const cases = computeCases({ patterns, tally: mergeTallies([tally.toJSON()]), triggers: [] });
  const out = join(dir, 'findings.ndjson');
  const offs = join(dir, 'findings.offsets');
  // Beside high-records.ndjson (as the pipeline and --review-files write them), a record finding names its line there.
  const highFile = join(dir, 'high-records.ndjson');
  const perPart = extras ? 530 : 500;
  const highStarts = beside ? (await writeHighRecords(ws, parts.map((name) => ({ name, kept: perPart, total: perPart })), fileSink(highFile))).starts : undefined;
  // What the findings index is told: each finding as it is made, each line's place.
  const told: unknown[] = [];
  const listener = { finding: (f: Finding) => void told.push(['finding', f.findingId, f.kind, f.rule, f.user, f.time, f.object, f.terminal, f.caseId, f.source?.flag]), line: (seq: number, at: number) => void told.push(['line', seq, at]) };
  // The file's date order, decided over its sample records: month first.
  const samples = { flagSamples: { DEBUG_FLAG: { total: 1, records: [{ FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', User: 'U1', Date: '03.25.2025', Time: '08:00:00' }, { FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', User: 'U1', Date: '03.20.2025', Time: '10:30:00', DEBUG_FLAG: 'Debug' }] } }, suspicious_patterns: [] } as unknown as AnalysisReport;
  // The patterns' findings made in two tasks' ranges (a finding in both: occurrences count across them).
  const patternsMade = patternTasks
    ? [
        await writePatternFindingLines(ws, { analysisId: 'a1', output: 'findings/p0.txt', from: 0, to: 150, flagSamples: samples.flagSamples }, patterns),
        await writePatternFindingLines(ws, { analysisId: 'a1', output: 'findings/p1.txt', from: 150, to: patterns.length, flagSamples: samples.flagSamples }, patterns),
      ]
    : undefined;
  const { findings } = await writeFindings(ws, 'a1', extras ? samples : report, patterns, cases, parts, { findings: fileSink(out), offsets: fileSink(offs), highStarts, madeInParts: made ? madeInParts : undefined, patternsMade }, bucketFindings, listener, sortBytes);
  const bytes = await readFile(out);
  const lines = bytes.toString('utf8').trimEnd().split('\n');
  const offsets = new Float64Array(new Uint8Array(await readFile(offs)).buffer);
  return { cases, findings, lines, bytes, offsets, told, madeInParts, parsed: lines.map((l) => JSON.parse(l) as Finding), high: beside ? await readFile(highFile) : undefined };
}

describe('findings.ndjson', () => {
  for (const bucket of [100_000, 50]) {
    it(`lists every finding once, a case's findings contiguous and by time (buckets of ${bucket})`, async () => {
      const { cases, findings, lines, bytes, offsets, parsed } = await scenario(bucket);
      expect(findings).toBe(301 + 1000);
      expect(lines).toHaveLength(1301);
      expect(parsed.filter((f) => f.kind === 'pattern')).toHaveLength(301);
      expect(new Set(parsed.map((f) => f.findingId)).size).toBe(1301);
      expect(cases.reduce((n, c) => n + c.findings_count, 0)).toBe(1301);
      let next = 0;
      for (const c of cases) {
        expect(c.findings_offset).toBe(next);
        const members = parsed.slice(c.findings_offset, c.findings_offset + c.findings_count);
        expect(members.every((f) => f.caseId === c.id)).toBe(true);
        const times = members.map((f) => f.time);
        expect(times).toEqual([...times].sort());
        next += c.findings_count;
      }
      // Records without a user are the actorless case's.
      const none = cases.find((c) => c.actor_kind === 'none')!;
      expect(none.findings_count).toBe(2 * 56);
      expect(offsets.length).toBe(1302);
      expect(offsets.at(-1)).toBe(bytes.length);
      for (const i of [0, 7, 1300]) expect(bytes.subarray(offsets[i]!, offsets[i + 1]! - 1).toString('utf8')).toBe(lines[i]);
      // Text survives intact (multi-byte characters).
      expect(parsed.find((f) => f.kind === 'record')!.evidence[0]!['Source TA']).toBe('SU01 ünïcödé');
    });
  }

  it('writes a case too big to sort in memory in the order its findings were made, every line and offset as when sorted', async () => {
    // One case per bucket, each over the sort limit: copied as written (time order within each part).
    const sorted = await scenario(1, true, { made: true, extras: true });
    const streamed = await scenario(1, true, { made: true, extras: true, sortBytes: 0 });
    expect(streamed.lines).toHaveLength(sorted.lines.length);
    expect(streamed.cases.map((c) => [c.id, c.findings_offset, c.findings_count])).toEqual(sorted.cases.map((c) => [c.id, c.findings_offset, c.findings_count]));
    let moved = 0;
    for (const c of streamed.cases) {
      const members = streamed.lines.slice(c.findings_offset, c.findings_offset + c.findings_count);
      const byTime = members.map((line, i) => ({ line, i, time: (JSON.parse(line) as Finding).time })).sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.i - b.i));
      expect(byTime.map((m) => m.line)).toEqual(sorted.lines.slice(c.findings_offset, c.findings_offset + c.findings_count));
      moved += byTime.filter((m, k) => m.i !== k).length;
    }
    expect(moved).toBeGreaterThan(0);
    expect(streamed.offsets.at(-1)).toBe(streamed.bytes.length);
    for (let i = 0; i < streamed.lines.length; i++) expect(streamed.bytes.subarray(streamed.offsets[i]!, streamed.offsets[i + 1]! - 1).toString('utf8')).toBe(streamed.lines[i]);
    const lines = streamed.told.filter((t) => (t as unknown[])[0] === 'line').map((t) => (t as number[])[2]);
    expect(lines).toEqual([...streamed.offsets.subarray(0, -1)]);
  });

  it('beside high-records.ndjson, names each record finding\'s evidence there instead of copying it (the same evidence, the same findings)', async () => {
    const inline = await scenario(100_000);
    const { parsed, high, lines, bytes } = await scenario(100_000, true);
    expect(parsed.map((f) => f.findingId)).toEqual(inline.parsed.map((f) => f.findingId));
    const records = parsed.filter((f) => f.kind === 'record');
    expect(records).toHaveLength(1000);
    for (const [i, f] of parsed.entries()) {
      const copy = inline.parsed[i]!;
      if (f.kind === 'pattern') {
        expect(f).toEqual(copy);
        continue;
      }
      expect(f.evidence).toEqual([]);
      const [start, length] = f.evidenceAt!;
      const line = high!.subarray(start, start + length).toString('utf8');
      expect(high![start + length]).toBe(10);
      expect([highRecordEvidence(JSON.parse(line) as HighRecord)]).toEqual(copy.evidence);
      const { evidence: _a, evidenceAt: _b, ...rest } = f;
      const { evidence: _c, ...restCopy } = copy;
      expect(rest).toEqual(restCopy);
    }
    expect(records[0]!.evidenceAt![0]).toBeGreaterThan(0);
    expect(bytes.length).toBeLessThan(inline.bytes.length * 0.8);
    expect(lines).toHaveLength(inline.lines.length);
  });

  for (const bucket of [100_000, 70]) {
    it(`gives the same findings.ndjson, offsets, cases and index when the parts made the findings (buckets of ${bucket})`, async () => {
      const here = await scenario(bucket, true, { extras: true });
      const inParts = await scenario(bucket, true, { made: true, extras: true, patternTasks: true });
      expect(inParts.madeInParts).toHaveLength(2);
      expect(new Set(here.parsed.filter((f) => f.kind === 'pattern').map((f) => f.findingId)).size).toBe(301);
      expect(here.findings).toBe(301 + 2 * 530 + 2 * 30);
      // Occurrences count across parts: the extra records' findings each have their own id.
      expect(new Set(here.parsed.map((f) => f.findingId)).size).toBe(here.findings);
      expect(inParts.bytes.equals(here.bytes)).toBe(true);
      expect([...inParts.offsets]).toEqual([...here.offsets]);
      expect(inParts.cases).toEqual(here.cases);
      expect(inParts.told).toEqual(here.told);
      expect(inParts.high!.equals(here.high!)).toBe(true);
      // Records without the engine's time were made by the coordinator: their time from the cells.
      expect(here.parsed.filter((f) => f.kind === 'record' && f.time === '2025-03-05 08:00:00')).toHaveLength(2 * 2 * 25);
      expect(here.parsed.filter((f) => f.kind === 'record' && f.time === '2025-05-03 08:00:00')).toHaveLength(2 * 2 * 5);
      // Patterns near a stored record of their user show it as evidence, in the tasks as here.
      expect(here.parsed.filter((f) => f.kind === 'pattern' && f.evidence[0]?.DEBUG_FLAG === 'Debug')).toHaveLength(4);
    });
  }

  it('reads lines whose UTF-8 characters are cut by chunk boundaries', async () => {
    const text = 'äöü€\n'.repeat(1000);
    const bytes = Buffer.from(text);
    const ws = { read: async function* () { for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7); } } as never;
    const lines: string[] = [];
    for await (const l of linesOf(ws, 'x')) lines.push(l);
    expect(lines).toEqual(Array.from({ length: 1000 }, () => 'äöü€'));
  });
});

it('counts each finding\'s occurrences as a map does, through the table\'s growth and colliding slots, from any first size', async () => {
  const { Occurrences } = await import('./write-findings.ts');
  // Grown from the smallest table, and made about as large as asked at once.
  for (const expected of [0, 150_000, 10]) await countLikeAMap(new Occurrences(expected));
});

async function countLikeAMap(occ: { next(h: number): number }): Promise<void> {
  const map = new Map<number, number>();
  // hash52-sized numbers, many sharing their low or high bits, each coming up to 4 times, interleaved.
  for (let i = 0; i < 400_000; i++) {
    const j = (i * 7919) % 150_000;
    const h = j % 3 === 0 ? j * 0x100000 : j % 3 === 1 ? (j * 2654435761) % 0x100000 : (j >> 4) * 0x100000 + (j & 15);
    const want = (map.get(h) ?? 0) + 1;
    map.set(h, want);
    if (occ.next(h) !== want) throw new Error(`hash ${h}: ${want} expected`);
  }
  expect(map.size).toBeGreaterThan(100_000);
  expect([...map.values()].some((n) => n > 2)).toBe(true);
}

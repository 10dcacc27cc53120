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
import { linesOf } from '../../workspace/index.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const report = { flagSamples: {}, suspicious_patterns: [] } as unknown as AnalysisReport;

async function scenario(bucketFindings: number, beside = false) {
  const dir = await mkdtemp(join(tmpdir(), 'findings-test-'));
  dirs.push(dir);
  const ws = createFolderWorkspace(join(dir, 'work'));
  const patterns: SuspiciousPattern[] = Array.from({ length: 300 }, (_, i) => ({ pattern: 'CHANGE_WITHOUT_TICKET' as PatternName, risk_level: 'high', rule: 'PAT-CHANGE-WITHOUT-TICKET', user: `U${i % 4}`, sm20_time: `2025-03-${String(20 - (i % 19)).padStart(2, '0')} 10:00:00`, sm20_activity: 'FK02 Ä' }));
  patterns.push({ pattern: 'SELF_AUTHORIZATION' as PatternName, risk_level: 'critical', rule: 'PAT-SELF-AUTHORIZATION', user: 'U3', sm20_time: '2025-03-01 09:00:00', sm20_activity: 'SU01 U3' });
  const tally = new CaseTally();
  const parts: string[] = [];
  for (let k = 0; k < 2; k++) {
    const part = openHighRecordsPart(ws, `report/${k}/high.ndjson`, 'SM20', 'sm20.csv', ['User', 'Date', 'Time', 'Source TA']);
    for (let i = 0; i < 500; i++) {
      const user = i % 9 === 0 ? '' : `U${(i + k) % 6}`;
      const rec = { user, date: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}`, time: '12:00:00', tcode: 'SU01', fileType: 'SM20', joined: false };
      await part.add([user, rec.date, rec.time, 'SU01 ünïcödé'], ['High-risk transaction SU01'], ['TCODE-HIGH-RISK'], rec);
      tally.add(rec, 'sm20.csv', ['TCODE-HIGH-RISK'], false, true);
    }
    parts.push((await part.close()).name);
  }
  const cases = computeCases({ patterns, tally: mergeTallies([tally.toJSON()]), triggers: [] });
  const out = join(dir, 'findings.ndjson');
  const offs = join(dir, 'findings.offsets');
  // Beside high-records.ndjson (as the pipeline and --review-files write them), a record finding names its line there.
  const highFile = join(dir, 'high-records.ndjson');
  const highStarts = beside ? (await writeHighRecords(ws, parts.map((name) => ({ name, kept: 500, total: 500 })), fileSink(highFile))).starts : undefined;
  const { findings } = await writeFindings(ws, 'a1', report, patterns, cases, parts, { findings: fileSink(out), offsets: fileSink(offs), highStarts }, bucketFindings);
  const bytes = await readFile(out);
  const lines = bytes.toString('utf8').trimEnd().split('\n');
  const offsets = new Float64Array(new Uint8Array(await readFile(offs)).buffer);
  return { cases, findings, lines, bytes, offsets, parsed: lines.map((l) => JSON.parse(l) as Finding), high: beside ? await readFile(highFile) : undefined };
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

  it('reads lines whose UTF-8 characters are cut by chunk boundaries', async () => {
    const text = 'äöü€\n'.repeat(1000);
    const bytes = Buffer.from(text);
    const ws = { read: async function* () { for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7); } } as never;
    const lines: string[] = [];
    for await (const l of linesOf(ws, 'x')) lines.push(l);
    expect(lines).toEqual(Array.from({ length: 1000 }, () => 'äöü€'));
  });
});

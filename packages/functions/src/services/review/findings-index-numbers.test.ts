// The pipeline's findings index is told the findings the report parts and pattern tasks made by
// numbers (FindingsIndexBuilder.numbers), not as objects: it must be the index the same builder
// makes when told each finding as an object (`finding`), byte for byte, and hold what reading
// findings.ndjson back finds.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CaseTally, computeCases, mergeTallies } from '@app/core/cases/index.ts';
import type { AnalysisReport, PatternName, SuspiciousPattern } from '@app/core/model/index.ts';
import { openHighRecordsPart, writeHighRecords } from '@app/core/review/high-records.ts';
import type { FindingLinesResult } from '@app/core/review/finding-lines.ts';
import { writeFindings } from '@app/core/engine/report/write-findings.ts';
import { writePatternFindingLines } from '@app/core/engine/report/pattern-findings.ts';
import { createFolderWorkspace, fileSink } from '@app/core/workspace/index.ts';
import type { FindingsListener } from '@app/core/engine/contract.ts';
import { buildIndex, FindingsIndex, FindingsIndexBuilder } from './findings-index.ts';

async function analysis(listener: FindingsListener): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'index-numbers-'));
  try {
    const ws = createFolderWorkspace(join(dir, 'work'));
    const patterns: SuspiciousPattern[] = Array.from({ length: 200 }, (_, i) => ({ pattern: 'CHANGE_WITHOUT_TICKET' as PatternName, risk_level: i % 3 ? 'high' : 'medium', rule: 'PAT-CHANGE-WITHOUT-TICKET', user: `U${i % 5}`, sm20_time: `2025-03-${String(20 - (i % 19)).padStart(2, '0')} 10:00:00`, sm20_activity: `FK02 Ä${i % 7}` }));
    const tally = new CaseTally();
    const parts: string[] = [];
    const made: FindingLinesResult[] = [];
    for (let k = 0; k < 3; k++) {
      const part = openHighRecordsPart(ws, `report/${k}/high.ndjson`, 'SM20', 'sm20.csv', ['User', 'Date', 'Time', 'Source TA', 'Terminal'], 'a1');
      for (let i = 0; i < 400; i++) {
        // Users, times and terminals repeat within and across parts; some records have no user, two flags or the same finding again.
        const user = i % 11 === 0 ? '' : `U${(i + k) % 7}`;
        const rec = { user, date: `2025-03-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`, time: `1${i % 10}:00:00`, tcode: 'SU01', fileType: 'SM20', joined: false };
        const debug = i % 4 === 0;
        await part.add([user, rec.date, rec.time, 'SU01 ünïcödé', `T${i % 3}é`], ['High-risk transaction SU01', ...(debug ? [undefined, 'Debug'] : [])], ['TCODE-HIGH-RISK', ...(debug ? ['SAL-DEBUG-CHANGE'] : [])], rec);
        tally.add(rec, 'sm20.csv', ['TCODE-HIGH-RISK'], false, true);
      }
      const closed = await part.close();
      parts.push(closed.name);
      made.push(closed.findings!);
    }
    const cases = computeCases({ patterns, tally: mergeTallies([tally.toJSON()]), triggers: [] });
    const highStarts = (await writeHighRecords(ws, parts.map((name) => ({ name, kept: 400, total: 400 })), fileSink(join(dir, 'high.ndjson')))).starts;
    const report = { flagSamples: {}, suspicious_patterns: [] } as unknown as AnalysisReport;
    const patternsMade = [
      await writePatternFindingLines(ws, { analysisId: 'a1', output: 'findings/p0.txt', from: 0, to: 120, flagSamples: {} }, patterns),
      await writePatternFindingLines(ws, { analysisId: 'a1', output: 'findings/p1.txt', from: 120, to: patterns.length, flagSamples: {} }, patterns),
    ];
    const out = join(dir, 'findings.ndjson');
    await writeFindings(ws, 'a1', report, patterns, cases, parts, { findings: fileSink(out), highStarts, madeInParts: made, patternsMade }, 300, listener);
    return new Uint8Array(await readFile(out));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

it('gives the same findings-index.bin told by numbers as told each finding', async () => {
  const meta = { flagTotals: { HIGH_RISK_TCODE_FLAG: 1200, DEBUG_FLAG: 300 } };
  const byNumbers = new FindingsIndexBuilder();
  expect(byNumbers.numbers).toBeDefined();
  const bytes = await analysis(byNumbers);
  const byObjects = new FindingsIndexBuilder();
  const again = await analysis({ finding: (f) => byObjects.finding(f), line: (seq, at) => byObjects.line(seq, at) });
  expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  expect(Buffer.from(bytes).toString().split('\n').length).toBeGreaterThan(1500);
  const told = byNumbers.finish(bytes.length, meta);
  expect(Buffer.from(told).equals(Buffer.from(byObjects.finish(again.length, meta)))).toBe(true);
  // What reading the file back finds (its tables in file order, not the order made).
  const a = new FindingsIndex(told);
  const b = new FindingsIndex(buildIndex(bytes, meta));
  expect(a.data.count).toBe(b.data.count);
  expect(new Set(a.data.caseIds)).toEqual(new Set(b.data.caseIds));
  expect(a.data.recordCoverage).toEqual(b.data.recordCoverage);
});

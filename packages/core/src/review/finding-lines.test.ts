// A part's finding lines read back as the fields they were made from, whatever the cells hold.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createFolderWorkspace, linesOf } from '../workspace/index.ts';
import { highRecordFindings } from './derive-findings.ts';
import { openFindingLines, readFindingLine } from './finding-lines.ts';
import type { HighRecord } from './high-records.ts';

it('reads back each field of a finding line, tabs, line feeds and backslashes in the cells included', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'finding-lines-'));
  try {
    const ws = createFolderWorkspace(dir);
    const lines = openFindingLines(ws, 'part.findings', 'a1');
    const odd = ['A\tB', 'line\nfeed', 'back\\slash\\t', '\\n\t\\', 'plain'];
    const records: HighRecord[] = odd.map((v, i) => ({
      record: { FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', User: v, Date: '2025-03-01', Time: '10:00:00', 'Source TA': v, Terminal: v },
      reasons: { HIGH_RISK_TCODE_FLAG: `reason ${v}` },
      rules: ['TCODE-HIGH-RISK'],
      user: v.toUpperCase(),
      time: i === 4 ? '' : '2025-03-01 10:00:00',
    }));
    for (const [i, h] of records.entries()) await lines.add(h, JSON.stringify(h), i * 100, 99);
    const { rules } = await lines.close();
    const read = [];
    for await (const l of linesOf(ws, 'part.findings')) read.push(readFindingLine(l));
    expect(read).toHaveLength(5);
    for (const [i, h] of records.slice(0, 4).entries()) {
      const l = read[i]!;
      const f = highRecordFindings(h)[0]!;
      if (!l.made) throw new Error('made in the part');
      expect([l.rule, l.user, l.time, l.object, l.terminal, l.flag, l.offset, l.length]).toEqual([f.rule.id, f.user, f.time, f.object, f.terminal, 'HIGH_RISK_TCODE_FLAG', i * 100, 99]);
      expect(JSON.parse(`{${l.body}}`)).toEqual({ ...f, evidence: [] });
    }
    // Without the engine's time, the record itself (the coordinator makes its findings).
    expect(read[4]).toEqual({ made: false, offset: 400, length: 99, json: JSON.stringify(records[4]) });
    expect(rules.map((r) => r.id)).toEqual(['TCODE-HIGH-RISK']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

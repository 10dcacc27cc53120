// A part's finding lines read back as the fields they were made from, whatever the cells hold.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createFolderWorkspace, linesOf } from '../workspace/index.ts';
import { highRecordFindings } from './derive-findings.ts';
import { epochOf, findingLineAt, lineChunksOf, openFindingLines, patternLineAt, readFindingLine, readPatternLine } from './finding-lines.ts';
import type { Workspace } from '../engine/contract.ts';
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

it('reads the same fields from the lines as bytes, in chunks cut anywhere (inside a character too), the JSON copied as it is', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'finding-lines-'));
  try {
    const ws = createFolderWorkspace(dir);
    const lines = openFindingLines(ws, 'part.findings', 'a1');
    const odd = ['A\tB', 'line\nfeed', 'back\\slash\\t', 'Ärger ünïcödé €', 'plain', '12'];
    for (const [i, v] of odd.entries()) {
      const h: HighRecord = { record: { FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', User: v, 'Source TA': v, Terminal: v }, reasons: { HIGH_RISK_TCODE_FLAG: `reason ${v}`, DEBUG_FLAG: 'Debug' }, rules: ['TCODE-HIGH-RISK', 'DEBUG-REPLACE'], user: v.toUpperCase(), time: i === 4 ? '' : '2025-03-01 10:00:00' };
      await lines.add(h, JSON.stringify(h), i * 1000, 999);
    }
    await lines.close();
    const text: string[] = [];
    for await (const l of linesOf(ws, 'part.findings')) text.push(l);
    // Pattern lines as pattern-findings.ts writes them.
    const pattern = `P\t1740823200\t123456789\t2\tabcdef0123456789abcd\tuser\u0001ÄRGER\\tX\tPAT-X\tÄRGER\\tX\t2025-03-01 10:00:00\tobj €\tT1\t"kind":"pattern","summary":"ä\\u0001"`;
    const bytes = Buffer.from(`${text.join('\n')}\n\n${pattern}\n${pattern}`);
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      // A workspace whose file comes in chunks of `size` bytes, in one buffer it reuses.
      const reused = new Uint8Array(size);
      const chunked: Workspace = {
        write: () => { throw new Error('read only'); },
        async *read() {
          for (let at = 0; at < bytes.length; at += size) {
            const n = Math.min(size, bytes.length - at);
            reused.set(bytes.subarray(at, at + n));
            yield reused.subarray(0, n);
          }
        },
      };
      const read: unknown[] = [];
      for await (const buf of lineChunksOf(chunked, 'part.findings')) {
        for (let at = 0; at < buf.length; ) {
          if (buf[at] === 10) {
            at++;
            continue;
          }
          if (buf[at] === 0x50) {
            const { body, end, next, ...l } = patternLineAt(buf, at);
            read.push({ ...l, body: buf.toString('utf8', body, end) });
            at = next;
            continue;
          }
          const { body, end, next, ...l } = findingLineAt(buf, at);
          read.push(l.made ? { ...l, body: buf.toString('utf8', body, end) } : { ...l, json: buf.toString('utf8', body, end) });
          at = next;
        }
      }
      expect(read, `chunks of ${size} bytes`).toEqual([...text.map(readFindingLine), readPatternLine(pattern), readPatternLine(pattern)]);
    }
    expect(text.length).toBe(11);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('reads a finding\'s time as Date.parse does, whatever the text', () => {
  const parse = (time: string) => {
    const ms = Date.parse(`${time.replace(' ', 'T')}Z`);
    return Number.isNaN(ms) ? Number.MAX_SAFE_INTEGER : ms / 1000;
  };
  const odd = ['2025-03-14 10:00:00', '2025-02-30 23:59:59', '2025-13-01 00:00:00', '2025-00-10 00:00:00', '2025-01-32 00:00:00', '2025-03-14 24:00:00', '2025-03-14 23:60:00', '2025-03-14 23:59:60', '0000-01-01 00:00:00', '1969-12-31 23:59:59', '2024-02-29 12:34:56', '2025-3-14 10:00:00x', '2025-03-14T10:00:00', '2025-03-14 1a:00:00', '2025-03-14 10:00', '', 'abcd-ef-gh ij:kl:mn'];
  const times = [...odd, ...odd];
  for (let i = 0; i < 5000; i++) times.push(new Date(Date.UTC(1950, 0, 1) + i * 40_000_003_917).toISOString().slice(0, 19).replace('T', ' '));
  expect(times.map(epochOf)).toEqual(times.map(parse));
  expect(epochOf('2025-03-14 10:00:00')).toBe(Date.UTC(2025, 2, 14, 10) / 1000);
  expect(epochOf('')).toBe(Number.MAX_SAFE_INTEGER);
});

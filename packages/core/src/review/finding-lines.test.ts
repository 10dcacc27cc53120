// A part's finding rows and lines read back as the fields they were made from, whatever the cells hold.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createFolderWorkspace, linesOf } from '../workspace/index.ts';
import { highRecordFindings } from './derive-findings.ts';
import { epochOf, lineChunksOf, openFindingLines, RAW_ROW, readFindingRows, RecordFindingJson, ROW_F64, ROW_U32 } from './finding-lines.ts';
import { LineSink } from './line-sink.ts';
import type { Finding } from './types.ts';
import { findingId } from './finding-id.ts';
import type { Workspace } from '../engine/contract.ts';
import type { HighRecord } from './high-records.ts';

it('reads back each finding of a part from its row and line, tabs, line feeds, backslashes and non-ASCII in the cells included', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'finding-lines-'));
  try {
    const ws = createFolderWorkspace(dir);
    const lines = openFindingLines(ws, 'part.findings', 'a1');
    const odd = ['A\tB', 'line\nfeed', 'back\\slash\\t', 'Ärger ünïcödé €', 'plain', '\\n\t\\', 'plain'];
    const records: HighRecord[] = odd.map((v, i) => ({
      record: { FILE_TYPE: 'SM20', SOURCE_FILE: 'sm20.csv', User: v, Date: '2025-03-01', Time: '10:00:00', 'Source TA': v, Terminal: v },
      reasons: { HIGH_RISK_TCODE_FLAG: `reason ${v}`, ...(i % 2 ? { DEBUG_FLAG: 'Debug' } : {}) },
      rules: ['TCODE-HIGH-RISK', ...(i % 2 ? ['DEBUG-REPLACE'] : [])],
      user: v.toUpperCase(),
      time: i === 4 ? '' : `2025-03-0${1 + (i % 3)} 10:00:00`,
    }));
    for (const [i, h] of records.entries()) await lines.add(h, JSON.stringify(h), i * 100, 99);
    const made = await lines.close();
    const { f64, u32 } = await readFindingRows(ws, 'part.findings');
    const text: string[] = [];
    for await (const l of linesOf(ws, 'part.findings')) text.push(l);
    const expected: unknown[] = [];
    const seen = new Map<string, number>();
    for (const [i, h] of records.entries()) {
      if (!h.time) {
        expected.push({ raw: JSON.stringify(h), offset: i * 100, length: 99 });
        continue;
      }
      for (const f of highRecordFindings(h)) {
        const base = [f.rule.id, f.user, f.time, f.object].join('\u001f');
        const occurrence = (seen.get(base) ?? 0) + 1;
        seen.set(base, occurrence);
        expected.push({ finding: { findingId: findingId('a1', f.rule.id, f.user, f.time, f.object, occurrence), ...f, evidence: [] }, epoch: epochOf(f.time), occurrence, rule: f.rule, user: f.user, time: f.time, object: f.object, terminal: f.terminal, flag: f.source?.flag, offset: i * 100, length: 99 });
      }
    }
    const read = text.map((line, k) => {
      const u = u32.subarray(k * ROW_U32, (k + 1) * ROW_U32);
      const f = f64.subarray(k * ROW_F64, (k + 1) * ROW_F64);
      if (u[7] === RAW_ROW) return { raw: line, offset: f[2], length: u[1] };
      return { finding: JSON.parse(`${line}}`), epoch: f[0], occurrence: u[0], rule: made.rules[u[2]!], user: made.users[u[3]!], time: made.times[u[4]!], object: made.objects[u[5]!], terminal: made.terminals[u[6]!], flag: made.keys[u[7]!], offset: f[2], length: u[1] };
    });
    expect(read).toEqual(expected);
    expect(made.rows).toBe(expected.length);
    expect(f64.length).toBe(expected.length * ROW_F64);
    // Each text once per part, first met first.
    expect(made.users).toEqual([...new Set(records.filter((h) => h.time).map((h) => h.user))]);
    expect(made.rules.map((r) => r.id)).toEqual([...new Set(expected.flatMap((e) => ((e as { rule?: { id: string } }).rule ? [(e as { rule: { id: string } }).rule.id] : [])))]);
    expect(made.rules).toHaveLength(2);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('reads lines in chunks cut anywhere (inside a character too) from a reader that reuses its buffer', async () => {
  const lines = ['{"a":"Ärger ünïcödé €"', '', 'plain', '{"b":"\\t\\n"', 'x'.repeat(100)];
  const bytes = Buffer.from(`${lines.join('\n')}\n`);
  for (const size of [1, 2, 3, 7, 64, bytes.length]) {
    const reused = new Uint8Array(size);
    const chunked: Workspace = {
      write: () => {
        throw new Error('read only');
      },
      async *read() {
        for (let at = 0; at < bytes.length; at += size) {
          const n = Math.min(size, bytes.length - at);
          reused.set(bytes.subarray(at, at + n));
          yield reused.subarray(0, n);
        }
      },
    };
    const read: string[] = [];
    for await (const buf of lineChunksOf(chunked, 'x')) {
      expect(buf[buf.length - 1], `chunks of ${size} bytes end on a line feed`).toBe(10);
      read.push(...buf.toString('utf8').split('\n').slice(0, -1));
    }
    expect(read, `chunks of ${size} bytes`).toEqual(lines);
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
  // Times of one day after another (each day's seconds reused), an impossible clock among them.
  for (let i = 0; i < 3000; i++) times.push(new Date(Date.UTC(2025, 0, 1) + i * 1_234_567).toISOString().slice(0, 19).replace('T', ' '), ...(i % 500 === 0 ? ['2025-01-01 24:00:00', '2025-01-0x 10:00:00'] : []));
  expect(times.map(epochOf)).toEqual(times.map(parse));
  expect(epochOf('2025-03-14 10:00:00')).toBe(Date.UTC(2025, 2, 14, 10) / 1000);
  expect(epochOf('')).toBe(Number.MAX_SAFE_INTEGER);
});

it('writes a record finding\'s JSON as JSON.stringify does, field by field, whatever repeats from the finding before', () => {
  const json = new RecordFindingJson();
  const odd = ['ALICE', 'A"B', 'back\\slash', 'line\nfeed', 'Ärger €', '', 'ALICE', '\u2028sep', 'tab\there'];
  const made: Omit<Finding, 'findingId'>[] = [];
  for (let i = 0; i < 60; i++) {
    const v = odd[i % odd.length]!;
    const w = odd[(i * 7) % odd.length]!;
    const h: HighRecord = {
      record: { FILE_TYPE: i % 5 === 0 ? 'CDPOS' : 'SM20', SOURCE_FILE: i % 3 ? 'sm20.csv' : `other "${w}".csv`, User: v, Date: '2025-03-01', Time: '10:00:00', 'Source TA': i % 4 ? 'SE38' : w, 'ABAP Source': w, Terminal: i % 2 ? v : w, TABNAME: w, FNAME: v },
      reasons: { HIGH_RISK_TCODE_FLAG: `reason  ${v}`, ...(i % 2 ? { DEBUG_FLAG: `Debug ${w}` } : {}), ...(i % 3 ? {} : { SENSITIVE_FIELD_FLAG: `field ${v}` }) },
      rules: ['TCODE-HIGH-RISK', ...(i % 2 ? ['SAL-DEBUG-CHANGE'] : []), ...(i % 3 ? [] : ['CD-SENSITIVE-FIELD'])],
      user: i % 6 ? v.toUpperCase() : '',
      time: `2025-03-0${1 + (i % 3)} 10:00:00`,
    };
    made.push(...highRecordFindings(h));
  }
  // A rule or a source told again with other texts, and a finding not as the parts make it.
  made.push({ ...made[0]!, rule: { ...made[0]!.rule, title: 'Another title' } }, { ...made[1]!, source: { ...made[1]!.source, fileType: undefined } }, { ...made[2]!, caseId: 'c1' });
  expect(new Set(made.map((f) => f.rule.id)).size).toBeGreaterThan(1);
  for (const f of made) expect(json.fieldsOf(f)).toBe(JSON.stringify({ ...f, evidence: [] }).slice(1, -1));
});

it('writes lines into buffers it fills again once released, a line longer than a buffer included', async () => {
  // The sink reads a chunk only when it releases it (or at the end): a chunk filled again before is caught.
  const written: { chunk: Uint8Array; read?: Buffer }[] = [];
  const held: { chunk: Uint8Array; read?: Buffer; release: () => void }[] = [];
  const sink = new LineSink({
    write: (chunk, release) => {
      const w = { chunk, release: release ?? (() => undefined) };
      written.push(w);
      held.push(w);
      // Released a write later.
      if (held.length > 1) {
        const old = held.shift()!;
        old.read = Buffer.from(old.chunk);
        old.release();
      }
    },
    end: async () => undefined,
  });
  const lines: string[] = [];
  for (let i = 0; i < 40_000; i++) lines.push(i % 9973 === 0 ? 'x'.repeat(i % 2 ? 1 << 20 : (1 << 20) - 3) : `{"n":${i},"t":"Ärger € ${'y'.repeat(i % 300)}"}`);
  for (const l of lines) await sink.line(l);
  await sink.end();
  expect(Buffer.concat(written.map((w) => w.read ?? Buffer.from(w.chunk))).toString('utf8')).toBe(`${lines.join('\n')}\n`);
  expect(written.length).toBeGreaterThan(2);
});

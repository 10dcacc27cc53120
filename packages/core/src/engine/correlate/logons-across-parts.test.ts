import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toEpoch } from '../../facts/index.ts';
import { sm20CompletionKey } from '../../rules/pattern/index.ts';
import { loadDefaultLists } from '../../lists/index.ts';
import type { EngineContext } from '../contract.ts';
import { correlateAndStore, readLogonsOf } from './correlate-step.ts';
import { flagContextOf } from '../engine.ts';
import type { StoredCorrelation } from '../names.ts';
import { createFolderWorkspace } from '../../workspace/index.ts';
import { parseAndFlagFile } from '../parse/parse-and-flag-file.ts';
import { contextOf } from '../pool/task-context.ts';
import { createTaskPool } from '../pool/task-pool.ts';

// Step 1 keeps where every successful logon's row lies (in the facts of the part that read it);
// correlation reads those rows' cells from the source, and nothing else of it (parse/logon-rows.ts).
// Each file below puts the two records of a pattern on either side of the edge between its two parts
// (step 1 read them in different parts).

const HEADER = 'Date,Time,Client,User,Terminal Name,Peer,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3';
const row = (time: string, user: string, terminal: string, peer: string, event: string, text: string, var1 = '', var2 = '') => `18.11.2026,${time},100,${user},${terminal},${peer},,,${event},${text},${var1},${var2},`;
const failed = (time: string, user: string, terminal: string, peer = '') => row(time, user, terminal, peer, 'AU2', 'Logon failed', 'A', '1');
const logon = (time: string, user: string, terminal: string, peer = '') => row(time, user, terminal, peer, 'AU1', 'Logon successful', 'A');
const filler = (i: number) => row(`08:${String(i % 60).padStart(2, '0')}:00`, `FILL${i % 7}`, 'PC9', '', 'AU3', 'Transaction SE38 started', 'SE38');

/**
 * A file whose first part ends right after `before` and whose second part starts with `after`
 * (parseAndFlagFile in two parts cuts at half the size: the file is padded to twice the first part).
 */
function splitFile(before: string[], after: string[]): { bytes: Uint8Array; edge: number } {
  const head = `${[HEADER, ...before].join('\n')}\n`;
  const edge = Buffer.byteLength(head);
  let tail = `${after.join('\n')}\n`;
  const pad = edge - Buffer.byteLength(tail) - Buffer.byteLength(`${filler(0)}\n`);
  if (pad < 0) throw new Error('test file: the second part is longer than the first');
  tail += `${filler(0).replace('Transaction SE38 started', `Transaction SE38 started${' '.repeat(pad)}`)}\n`;
  const bytes = new Uint8Array(Buffer.from(head + tail));
  expect(bytes.length).toBe(2 * edge);
  return { bytes, edge };
}

async function* chunked(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 97) yield bytes.slice(i, i + 97);
}

type Reader = 'parts' | 'whole' | 'rows';

/** Step 1 (in two parts, in one range, or through openFile's rows) and correlation of one SM20 file. */
async function correlate(bytes: Uint8Array, reader: Reader): Promise<StoredCorrelation & { edges: number[] }> {
  const temp = await mkdtemp(join(tmpdir(), 'read-logons-'));
  try {
    const full: EngineContext = {
      workspace: createFolderWorkspace(temp),
      lists: loadDefaultLists(),
      settings: { holidays: { country: 'US' } },
      openSource: () => chunked(bytes),
      openSourceRange: (_i, start, end) => chunked(bytes.subarray(start, end)),
      sourceSize: async () => bytes.length,
    };
    const { openSourceRange: _, ...plain } = full;
    const ctx = reader === 'rows' ? plain : full;
    const fc = flagContextOf(full);
    const file = await parseAndFlagFile(ctx, fc, 0, 'sm20.csv', undefined, reader === 'parts' ? { splitThreshold: 0, parts: 2 } : {});
    const stored = await correlateAndStore(ctx, fc, [file]);
    return { ...stored, edges: file.parts?.ranges.map((r) => r.end) ?? [] };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** The patterns and completions of the file, the same for each reader; the two parts meet at `edge`. */
async function patternsOf(file: { bytes: Uint8Array; edge: number }) {
  const parts = await correlate(file.bytes, 'parts');
  expect(parts.edges).toEqual([file.edge, file.bytes.length]);
  for (const reader of ['whole', 'rows'] as const) {
    const other = await correlate(file.bytes, reader);
    expect(other.patterns, reader).toEqual(parts.patterns);
    expect(other.completions, reader).toEqual(parts.completions);
  }
  return {
    found: parts.patterns.map((p) => [p.pattern, p.user, p.sm20_time, p.sm20_activity]),
    completions: parts.completions,
  };
}

const at = (time: string) => toEpoch('2026-11-18', time)!;

describe('patterns completed by a logon step 1 kept', () => {
  it('BRUTE_FORCE_SUCCESS: the burst ends the first part, the logon starts the second; not NED, whose logon came 40 minutes after his burst', async () => {
    const burst = ['20:00:00', '20:01:00', '20:02:00', '20:03:00', '20:04:00', '20:05:00'].map((t) => failed(t, 'SAPX', 'KIOSK1'));
    const ned = ['19:00:00', '19:01:00', '19:02:00', '19:03:00', '19:04:00'].map((t) => failed(t, 'NED', 'PC-NED'));
    const file = splitFile([...ned, ...Array.from({ length: 40 }, (_, i) => filler(i)), ...burst], [logon('20:07:00', 'sapx', 'PC7'), logon('19:44:00', 'NED', 'PC-NED')]);
    const { found, completions } = await patternsOf(file);
    expect(found.filter((p) => p[0] === 'BRUTE_FORCE_SUCCESS')).toEqual([['BRUTE_FORCE_SUCCESS', 'sapx', '2026-11-18 20:07:00', 'Logon of sapx at 20:07:00 after 6 failed logons (SAPX) from 20:00:00']]);
    expect(found.filter((p) => p[0] === 'FAILED_LOGON_BURST').map((p) => p[1])).toEqual(['NED', 'SAPX']);
    expect(completions).toEqual([[sm20CompletionKey('sapx', at('20:07:00')), 'BRUTE_FORCE_SUCCESS']]);
  });

  it('BRUTE_FORCE_SUCCESS from one address: failures of three users end the first part, a fourth user logs on from the address (another port) in the second', async () => {
    const burst = [['20:00:00', 'A1'], ['20:01:00', 'A2'], ['20:02:00', 'A3'], ['20:03:00', 'A1'], ['20:04:00', 'A2']].map(([t, u], i) => failed(t!, u!, `T${i}`, `10.9.9.9:32${i}0`));
    const file = splitFile([...Array.from({ length: 30 }, (_, i) => filler(i)), ...burst], [logon('20:06:00', 'BOB', 'T9', '10.9.9.9:3300')]);
    const { found, completions } = await patternsOf(file);
    expect(found.filter((p) => p[0] === 'BRUTE_FORCE_SUCCESS')).toEqual([['BRUTE_FORCE_SUCCESS', 'BOB', '2026-11-18 20:06:00', 'Logon of BOB at 20:06:00 after 5 failed logons from address 10.9.9.9 (A1, A2, A3) from 20:00:00']]);
    expect(completions).toEqual([[sm20CompletionKey('BOB', at('20:06:00')), 'BRUTE_FORCE_SUCCESS']]);
  });

  it("USER_UNLOCKED_AND_USED: the logon ends the first part, the unlock (two minutes earlier) starts the second; not JOE, who logged on from his own PC", async () => {
    const file = splitFile(
      [...Array.from({ length: 30 }, (_, i) => filler(i)), logon('10:06:00', 'JOE', 'PC-JOE', '10.0.2.2:3200'), logon('10:02:00', 'JDOE', 'PC-ADM', '10.0.1.1:3299')],
      [row('10:00:00', 'ADMIN1', 'PC-ADM', '10.0.1.1:3200', 'AUA', 'User JDOE unlocked', 'JDOE'), row('10:05:00', 'ADMIN1', 'PC-ADM', '10.0.1.1:3200', 'AUA', 'User JOE unlocked', 'JOE')],
    );
    const { found, completions } = await patternsOf(file);
    expect(found).toEqual([['USER_UNLOCKED_AND_USED', 'ADMIN1', '2026-11-18 10:02:00', "User JDOE unlocked or given a new password by ADMIN1 at 10:00:00, then logged on from ADMIN1's terminal PC-ADM"]]);
    expect(completions).toEqual([[sm20CompletionKey('JDOE', at('10:02:00')), 'USER_UNLOCKED_AND_USED']]);
  });

  it("USER_CREATED_AND_USED: the creation ends the first part, the logon from the admin's address starts the second; not OLDUSR (61 minutes later) nor NEWUSR2 (another PC)", async () => {
    const file = splitFile(
      [
        row('11:00:00', 'ADMIN2', 'PC-A2', '10.0.1.2:3200', 'AU7', 'User OLDUSR created', 'OLDUSR'),
        row('11:00:00', 'ADMIN2', 'PC-A2', '10.0.1.2:3200', 'AU7', 'User NEWUSR2 created', 'NEWUSR2'),
        ...Array.from({ length: 30 }, (_, i) => filler(i)),
        row('11:10:00', 'ADMIN2', '', '10.0.1.2:3200', 'AU7', 'User NEWUSR created', 'NEWUSR'),
      ],
      [logon('11:30:00', 'NEWUSR', 'PC-X', '10.0.1.2:3999'), logon('12:01:00', 'OLDUSR', 'PC-A2', '10.0.1.2:3200'), logon('11:05:00', 'NEWUSR2', 'PC-N2', '10.0.3.3:3200')],
    );
    const { found, completions } = await patternsOf(file);
    expect(found).toEqual([['USER_CREATED_AND_USED', 'ADMIN2', '2026-11-18 11:30:00', "User NEWUSR created by ADMIN2 at 11:10:00, then logged on from ADMIN2's address 10.0.1.2"]]);
    expect(completions).toEqual([[sm20CompletionKey('NEWUSR', at('11:30:00')), 'USER_CREATED_AND_USED']]);
  });

  it('on a real task pool: the parts read by the workers, with the same patterns and completions, and no task in correlation', async () => {
    const burst = ['20:00:00', '20:01:00', '20:02:00', '20:03:00', '20:04:00', '20:05:00'].map((t) => failed(t, 'SAPX', 'KIOSK1'));
    const created = row('11:10:00', 'ADMIN2', 'PC-A2', '', 'AU7', 'User NEWUSR created', 'NEWUSR');
    const file = splitFile([...Array.from({ length: 40 }, (_, i) => filler(i)), logon('11:30:00', 'NEWUSR', 'PC-A2'), ...burst], [created, logon('20:07:00', 'SAPX', 'PC7')]);
    const expected = await patternsOf(file);
    expect((expected.completions ?? []).map((c) => c[1])).toEqual(['BRUTE_FORCE_SUCCESS', 'USER_CREATED_AND_USED']);
    const temp = await mkdtemp(join(tmpdir(), 'read-logons-pool-'));
    try {
      const path = join(temp, 'sm20.csv');
      await writeFile(path, file.bytes);
      const env = { workspaceDir: temp, sources: [path], lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } };
      const pool = createTaskPool(env, { size: 2 });
      try {
        const tasks: string[] = [];
        const ctx = { ...contextOf(env), tasks: { size: pool.size, run: (task: string, input: unknown) => (tasks.push(task), pool.run(task, input)) } };
        const fc = flagContextOf(ctx);
        const step1 = await parseAndFlagFile(ctx, fc, 0, 'sm20.csv', undefined, { splitThreshold: 0, parts: 2 });
        tasks.length = 0;
        const stored = await correlateAndStore(ctx, fc, [step1]);
        expect(tasks).toEqual([]);
        expect(stored.patterns.map((p) => [p.pattern, p.user, p.sm20_time, p.sm20_activity])).toEqual(expected.found);
        expect(stored.completions).toEqual(expected.completions);
      } finally {
        await pool.close();
      }
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }, 60_000);

  it('BRUTE_FORCE_SUCCESS across files: the burst in one SM20 export, the logon in the next; only the file with logons is read again, for their rows', async () => {
    const burst = `${[HEADER, ...['20:00:00', '20:01:00', '20:02:00', '20:03:00', '20:04:00'].map((t) => failed(t, 'SAPX', 'KIOSK1'))].join('\n')}\n`;
    const later = `${[HEADER, filler(1), logon('20:09:00', 'SAPX', 'PC7'), logon('20:40:00', 'SAPX', 'PC7')].join('\n')}\n`;
    const cdhdr = 'OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND\nKRED,100,1,BOB,2026-11-18,10:00:00,XK02,U\n';
    const sources = [burst, cdhdr, later].map((t) => new Uint8Array(Buffer.from(t)));
    const temp = await mkdtemp(join(tmpdir(), 'read-logons-'));
    try {
      const opened: number[] = [];
      const ctx: EngineContext = {
        workspace: createFolderWorkspace(temp),
        lists: loadDefaultLists(),
        settings: { holidays: { country: 'US' } },
        openSource: (i) => chunked(sources[i]!),
        openSourceRange: (i, start, end) => (opened.push(i), chunked(sources[i]!.subarray(start, end))),
        sourceSize: async (i) => sources[i]!.length,
      };
      const fc = flagContextOf(ctx);
      const files = [];
      for (const [i, name] of ['a.csv', 'cdhdr.csv', 'b.csv'].entries()) files.push(await parseAndFlagFile(ctx, fc, i, name));
      opened.length = 0;
      const stored = await correlateAndStore(ctx, fc, files);
      expect(opened).toEqual([2]);
      expect(stored.patterns.filter((p) => p.pattern === 'BRUTE_FORCE_SUCCESS').map((p) => [p.user, p.sm20_time])).toEqual([['SAPX', '2026-11-18 20:09:00']]);
      expect(stored.completions).toEqual([[sm20CompletionKey('SAPX', at('20:09:00')), 'BRUTE_FORCE_SUCCESS']]);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });

  it('logons read ahead of correlation (as analyze-files.ts starts them after each SM20 file): correlation reads no source, same patterns', async () => {
    const burst = `${[HEADER, ...['20:00:00', '20:01:00', '20:02:00', '20:03:00', '20:04:00'].map((t) => failed(t, 'SAPX', 'KIOSK1'))].join('\n')}\n`;
    const later = `${[HEADER, filler(1), logon('20:09:00', 'SAPX', 'PC7'), logon('20:40:00', 'SAPX', 'PC7')].join('\n')}\n`;
    const sources = [later, burst].map((t) => new Uint8Array(Buffer.from(t)));
    const temp = await mkdtemp(join(tmpdir(), 'read-logons-'));
    try {
      const opened: number[] = [];
      const ctx: EngineContext = {
        workspace: createFolderWorkspace(temp),
        lists: loadDefaultLists(),
        settings: { holidays: { country: 'US' } },
        openSource: (i) => chunked(sources[i]!),
        openSourceRange: (i, start, end) => (opened.push(i), chunked(sources[i]!.subarray(start, end))),
        sourceSize: async (i) => sources[i]!.length,
      };
      const fc = flagContextOf(ctx);
      const files = [];
      for (const [i, name] of ['a.csv', 'b.csv'].entries()) files.push(await parseAndFlagFile(ctx, fc, i, name));
      opened.length = 0;
      const early = [readLogonsOf(ctx, fc, files[0]!)];
      await early[0];
      expect(opened).toEqual([0]);
      opened.length = 0;
      const stored = await correlateAndStore(ctx, fc, files, undefined, { logons: early });
      expect(opened).toEqual([]);
      expect(stored.patterns.filter((p) => p.pattern === 'BRUTE_FORCE_SUCCESS').map((p) => [p.user, p.sm20_time])).toEqual([['SAPX', '2026-11-18 20:09:00']]);
      expect(stored.completions).toEqual([[sm20CompletionKey('SAPX', at('20:09:00')), 'BRUTE_FORCE_SUCCESS']]);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });

  it('no burst and no user administration: no pattern; the file is read again only for its logon rows, in one range', async () => {
    const file = splitFile([...Array.from({ length: 20 }, (_, i) => filler(i)), failed('09:00:00', 'X', 'PC1')], [logon('09:01:00', 'X', 'PC1')]);
    let reads = 0;
    const temp = await mkdtemp(join(tmpdir(), 'read-logons-'));
    try {
      const ctx: EngineContext = {
        workspace: createFolderWorkspace(temp),
        lists: loadDefaultLists(),
        settings: { holidays: { country: 'US' } },
        openSource: () => (reads++, chunked(file.bytes)),
        openSourceRange: (_i, start, end) => (reads++, chunked(file.bytes.subarray(start, end))),
        sourceSize: async () => file.bytes.length,
      };
      const fc = flagContextOf(ctx);
      const step1 = await parseAndFlagFile(ctx, fc, 0, 'sm20.csv', undefined, { splitThreshold: 0, parts: 2 });
      const before = reads;
      const stored = await correlateAndStore(ctx, fc, [step1]);
      expect(stored.patterns).toEqual([]);
      expect(reads - before).toBe(1);
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  });

  it('MULTIPLE_LOGONS_BY_USER and UNEXPECTED_NETWORK_LOGON over the edge between two ranges: the same patterns as one range and as rows', async () => {
    const before = [...Array.from({ length: 30 }, (_, i) => filler(i)), logon('11:00:00', 'SHARED', 'PC-1', '10.5.0.1:3200'), logon('11:10:00', 'SHARED', 'PC-2', '10.5.0.2:3200')];
    const after = [logon('11:20:00', 'SHARED', 'PC-3', '10.5.0.3:3200'), logon('11:25:00', 'SINGLE', 'PC-4', '10.5.0.4:3200'), logon('12:30:00', 'SINGLE', 'PC-5', '10.5.0.5:3200')];
    const { found } = await patternsOf(splitFile(before, after));
    expect(found.filter((p) => p[0] === 'MULTIPLE_LOGONS_BY_USER')).toEqual([['MULTIPLE_LOGONS_BY_USER', 'SHARED', '2026-11-18 11:20:00', 'Logons of SHARED from 3 different addresses, 3 or more within 60 minutes (10.5.0.1, 10.5.0.2, 10.5.0.3)']]);
  });
});

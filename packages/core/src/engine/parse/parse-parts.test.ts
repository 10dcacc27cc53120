import { describe, expect, it } from 'vitest';
import { decodeFacts, encodeFacts, readFacts, writableFacts, type FileFacts } from '../../facts/index.ts';
import { openFile } from '../../formats/open-file.ts';
import { loadDefaultLists } from '../../lists/index.ts';
import type { EngineContext, FileStepResult } from '../contract.ts';
import { flagContextOf } from '../engine.ts';
import { createFlagContext } from '../../flags/flag-context.ts';
import type { FlaggedRows } from './flag-rows.ts';
import { createFolderWorkspace } from '../../workspace/index.ts';
import { parseAndFlagFile } from './parse-and-flag-file.ts';
import { metaOf, parseFilePart, partBounds, partLayoutOf, runParts, type ParsePartInput, type ParsePartResult } from './parse-parts.ts';
import { factsName } from '../names.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { packRows, unpackRows } from './pack-rows.ts';
import { readLogonRows } from './logon-rows.ts';
import { contextOf } from '../pool/task-context.ts';
import { createTaskPool } from '../pool/task-pool.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../../formats/fixtures/seeded-random.ts';

/** Rows with their facts as the facts file holds them (compact builders compared by content, not capacity). */
const asWritten = (rows: FlaggedRows) => ({ ...rows, facts: decodeFacts<FileFacts>(Buffer.concat(encodeFacts(writableFacts(rows.facts)))) });

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** A quoted note that often holds line breaks (CRLF or LF), doubled quotes and delimiters. */
function note(r: () => number, eol: string): string {
  const parts = ['approved', 'see "ticket"', 'line one', 'a, b; c', 'café déjà vu', 'x'];
  const lines = 1 + Math.floor(r() * 4);
  return `"${Array.from({ length: lines }, () => pick(r, parts).replace(/"/g, '""')).join(eol)}"`;
}

function sm20(rows: number, eol = '\n', seed = 1): string {
  const r = seededRandom(seed);
  const out = ['Date,Time,Cl.,User,Terminal Name,Source TA,ABAP Source,Event,Audit Log Msg. Text,First Variable Value for Event,Variable 2,Variable 3'];
  for (let i = 0; i < rows; i++) {
    const ev = pick(r, ['AU3', 'AU1', 'AU2', 'DU9', 'CUL', 'AUY', 'BU4', 'AU7']);
    const user = `USER${pad(Math.floor(r() * 4), 2)}`;
    const time = `${pad(5 + Math.floor(i / 400), 2)}:${pad(Math.floor(i / 7) % 60, 2)}:${pad(i % 60, 2)}`;
    const msg = r() < 0.3 ? note(r, eol) : `Transaction ${pick(r, ['SU01', 'VA01', 'SE16N'])} started.`;
    const var1 = ev === 'DU9' ? pick(r, ['USR02', 'ZTAB']) : '';
    out.push(`21.11.2026,${time},100,${user},PC1,${pick(r, ['SU01', 'VA01', 'SM30', ''])},SAPMSYST,${ev},${msg},${var1},${ev === 'DU9' ? '02' : ''},`);
  }
  return out.join(eol) + eol;
}

function cdhdr(rows: number, seed = 2): string {
  const r = seededRandom(seed);
  const out = ['OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND'];
  for (let i = 0; i < rows; i++) {
    // USER00 makes far more than 50 changes on one day: CHANGE_VOLUME across every part.
    const user = r() < 0.5 ? 'USER00' : `USER${pad(1 + Math.floor(r() * 5), 2)}`;
    out.push(`${pick(r, ['BELEG', 'KRED', 'DEBI'])},${pad(i, 10)},${pad(1000000 + Math.floor(i * 0.8), 10)},${user},2026111${7 + (i % 3)},${pad(60000 + (i % 130000), 6)},${pick(r, ['FB02', 'SU01', 'SM30'])},U`);
  }
  return out.join('\n') + '\n';
}

/** CDPOS items, three per change document; `joined` adds the header fields (a SIEM export). Some documents come back later in the file. */
function cdpos(rows: number, joined: boolean, seed = 3): string {
  const r = seededRandom(seed);
  const head = 'OBJECTCLAS,OBJECTID,CHANGENR,TABNAME,TABKEY,FNAME,CHNGIND,VALUE_NEW,VALUE_OLD';
  const out = [joined ? `${head},USERNAME,UDATE,UTIME,TCODE` : head];
  for (let i = 0; i < rows; i++) {
    const doc = r() < 0.1 ? Math.floor(r() * (i / 3 + 1)) : Math.floor(i / 3);
    const item = `${['ZCUST', 'ZOTHER', 'KRED'][doc % 3]},${pad(doc, 10)},${pad(1000000 + doc, 10)},${pick(r, ['LFBK', 'ZTAB1', 'ZTAB2', 'ZTAB3'])},K${doc},${pick(r, ['BANKN', 'MENGE', 'ZFIELD', 'MENGE'])},U,${note(r, '\r\n')},1.00`;
    out.push(joined ? `${item},USER${pad(doc % 3, 2)},20261118,${pad(8 + (doc % 10), 2)}${pad(doc % 60, 2)}00,${doc % 7 ? 'ZZ02' : 'FB02'}` : item);
  }
  return out.join('\r\n') + '\r\n';
}

function bytesOf(text: string, opts: { bom?: boolean; latin1?: boolean } = {}): Uint8Array {
  const body = opts.latin1 ? Uint8Array.from(text, (c) => c.charCodeAt(0)) : new TextEncoder().encode(text);
  if (!opts.bom) return body;
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
  return out;
}

/** Odd chunk sizes so line feeds, CRLF pairs and multi-byte characters fall on chunk edges. */
async function* chunked(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  const sizes = [1, 7, 333, 4096, 61];
  for (let i = 0, k = 0; i < bytes.length; k++) {
    const n = sizes[k % sizes.length]!;
    yield bytes.slice(i, i + n);
    i += n;
  }
}

async function withContext<T>(bytes: Uint8Array, f: (ctx: EngineContext) => Promise<T>): Promise<T> {
  const temp = await mkdtemp(join(tmpdir(), 'parse-parts-'));
  try {
    const ctx: EngineContext = {
      workspace: createFolderWorkspace(temp),
      lists: loadDefaultLists(),
      settings: { holidays: { country: 'US' } },
      openSource: () => chunked(bytes),
      openSourceRange: (_i, start, end) => chunked(bytes.subarray(start, end)),
      sourceSize: async () => bytes.length,
    };
    return await f(ctx);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

async function step1(bytes: Uint8Array, parts: number): Promise<{ result: Omit<FileStepResult, 'parts'>; facts: FileFacts }> {
  return withContext(bytes, async (ctx) => {
    const fc = flagContextOf(ctx);
    const full = await parseAndFlagFile(ctx, fc, 0, 'file.csv', undefined, { parts, splitThreshold: 0 });
    const { index, fileName, fileType, records, summary } = full;
    const facts = (await readFacts<FileFacts>(ctx.workspace, factsName(0)))!;
    // The successful logons step 1 kept as rows (logon-rows.ts), read as correlation reads them: the values the row batches keep.
    const rows = await readLogonRows(ctx, fc, { index: 0, fileName: 'file.csv', ...(full.parts ? { parts: full.parts } : {}) });
    if (rows) facts.logons = Array.from(rows.time, (t, i) => [rows.users[rows.user[i]!]!, rows.terminals[rows.terminal[i]!]!, t, rows.peers[rows.peer[i]!]!]);
    return { result: { index, fileName, fileType, records, summary }, facts };
  });
}

/** The facts without where the logons' rows lie (the row batches keep their values instead). */
const withoutRows = ({ logonRows: _, ...f }: FileFacts): FileFacts => f;

/**
 * Facts as correlation reads them: runs of CDPOS items of one header key added up, the first
 * sensitive detail per key (a run cut by a part boundary is two runs).
 */
function asCorrelated(f: FileFacts): FileFacts {
  const counts = new Map<string, number>();
  for (const [key, n] of f.itemKeys) counts.set(key, (counts.get(key) ?? 0) + n);
  const details = new Map<string, string>();
  for (const [key, d] of f.sensitiveItemKeys) if (!details.has(key)) details.set(key, d);
  return { ...f, itemKeys: [...counts], sensitiveItemKeys: [...details] };
}

/** Step 1 through openFile's row batches (no byte ranges: the reader every container has). */
async function step1Batches(bytes: Uint8Array): Promise<{ result: Omit<FileStepResult, 'parts'>; facts: FileFacts }> {
  return withContext(bytes, async (ctx) => {
    const { openSourceRange: _, ...plain } = ctx;
    const full = await parseAndFlagFile(plain, flagContextOf(ctx), 0, 'file.csv');
    const { index, fileName, fileType, records, summary } = full;
    return { result: { index, fileName, fileType, records, summary }, facts: (await readFacts<FileFacts>(ctx.workspace, factsName(0)))! };
  });
}

async function expectSameSplit(bytes: Uint8Array, partCounts = [2, 3, 9]) {
  const whole = await step1(bytes, 1);
  const batches = await step1Batches(bytes);
  expect(whole.result, 'scanner vs row batches').toEqual(batches.result);
  expect(asCorrelated(withoutRows(whole.facts)), 'scanner vs row batches').toEqual(asCorrelated(withoutRows(batches.facts)));
  for (const parts of partCounts) {
    const split = await step1(bytes, parts);
    expect(split.result, `${parts} parts`).toEqual(whole.result);
    expect(asCorrelated(split.facts), `${parts} parts`).toEqual(asCorrelated(whole.facts));
  }
  return whole;
}

/** Runs the parts directly, counting reads, so a test can see that a speculative start was read again. */
async function partReads(bytes: Uint8Array, count: number): Promise<{ reads: number; records: number }> {
  return withContext(bytes, async (ctx) => {
    const fc = flagContextOf(ctx);
    const opened = await openFile(ctx.openSource(0), 'file.csv');
    let reads = 0;
    const here = (input: ParsePartInput) => {
      reads++;
      return parseFilePart(ctx, fc, input) as Promise<ParsePartResult>;
    };
    const parts = await runParts({ here }, { index: 0, meta: metaOf(opened), layout: partLayoutOf(opened)!, size: bytes.length }, count);
    return { reads, records: parts!.rows.summary.total_records };
  });
}

describe('step 1 in byte ranges gives exactly the one-pass facts and counts', () => {
  it('SM20 with quoted line breaks across part boundaries (LF and CRLF), re-reading parts that started inside quotes', async () => {
    for (const eol of ['\n', '\r\n']) {
      const bytes = bytesOf(sm20(1500, eol));
      const whole = await expectSameSplit(bytes, [2, 5, 17]);
      expect(whole.result.records).toBe(1500);
      expect(whole.result.summary.flagged_records).toBeGreaterThan(100);
      const { reads, records } = await partReads(bytes, 40);
      expect(records).toBe(1500);
      expect(reads).toBeGreaterThan(40); // some parts began inside a quoted line break and were read again
    }
  });

  it('CDHDR with a user-day over the change limit spread over every part (CHANGE_VOLUME counted once, as in one pass)', async () => {
    const whole = await expectSameSplit(bytesOf(cdhdr(2000)));
    expect(whole.result.summary.flag_counts.CHANGE_VOLUME_FLAG).toBeGreaterThan(900);
    expect(whole.facts.volume.documents.length).toBeGreaterThan(3);
  });

  it('joined CDPOS: a change document spanning a boundary or coming back later keeps its first header, flagged when any item is', async () => {
    const whole = await expectSameSplit(bytesOf(cdpos(1200, true)), [2, 7, 23]);
    expect(whole.facts.joined).toBe(true);
    expect(whole.facts.docs.changenrs.length).toBeGreaterThan(300);
    expect(whole.facts.docs.changenrs.length).toBeLessThan(420);
    expect(new Set(whole.facts.docs.flagged)).toEqual(new Set([0, 1]));
  });

  it('CDPOS items: item counts and first sensitive item per document, with a UTF-8 BOM', async () => {
    const whole = await expectSameSplit(bytesOf(cdpos(1200, false), { bom: true }), [2, 7, 23]);
    expect(whole.facts.itemKeys.length).toBeGreaterThan(300);
    expect(whole.facts.sensitiveItemKeys.length).toBeGreaterThan(100);
    expect(whole.facts.columns[0]).toBe('OBJECTCLAS');
  });

  it('Windows-1252 text: sniffed from the head, and switched to late after an ASCII head (read in one piece then)', async () => {
    const head = sm20(400).replace(/café déjà vu/g, 'x');
    const latinHead = bytesOf(sm20(800).replace('approved', 'approuvé'), { latin1: true });
    await expectSameSplit(latinHead, [2, 5]);
    const late = bytesOf(head + sm20(800, '\n', 9).split('\n').slice(1).join('\n'), { latin1: true });
    const whole = await expectSameSplit(late, [2, 5]);
    expect(whole.result.records).toBe(1200);
  });

  it('a header-only file and a file of one row read in parts give the one-pass result', async () => {
    const header = await expectSameSplit(bytesOf('OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND\n'), [2, 4]);
    expect(header.result.records).toBe(0);
    const one = await expectSameSplit(bytesOf(cdhdr(1).trimEnd()), [2, 4]);
    expect(one.result.records).toBe(1);
  });

  it('results packed to cross threads (as pool parts send them) come back as they were', async () => {
    for (const bytes of [bytesOf(cdhdr(3000)), bytesOf(sm20(3000)), bytesOf(cdpos(3000, true))]) {
      await withContext(bytes, async (ctx) => {
        const fc = flagContextOf(ctx);
        const opened = await openFile(ctx.openSource(0), 'file.csv');
        const input = { index: 0, meta: metaOf(opened), layout: partLayoutOf(opened)!, from: 0, to: bytes.length, size: bytes.length };
        const plain = (await parseFilePart(ctx, fc, input))!;
        const packed = (await parseFilePart(ctx, fc, { ...input, pack: true }))!;
        expect(asWritten(unpackRows(structuredClone(packed.rows)))).toEqual(asWritten(plain.rows));
        expect(asWritten(unpackRows(packRows(plain.rows)))).toEqual(asWritten(plain.rows));
      });
    }
  });

  it("with a task pool, the holiday years of the file's head are computed before the first part is handed out (workers are sent them)", async () => {
    // CDHDR dates of 2026, then a run into 2027 that only a later part reads.
    const text = cdhdr(3_000).replace(/\n(\w+,\d+,\d+,USER\d+,)2026(11\d)/g, (m, head: string, rest: string, at: number) => (at > 150_000 ? `\n${head}2027${rest}` : m));
    expect(text).toContain(',2027111');
    const seen = await withContext(bytesOf(text), async (ctx) => {
      const fc = createFlagContext(ctx.lists, ctx.settings);
      let first: string[] | undefined;
      // This thread stands in for the worker: the pool sends `fc.holidayOf.years()` with each task.
      const tasks = {
        size: 1,
        run: (_task: string, input: unknown) => {
          first ??= Object.keys(fc.holidayOf.years!());
          return parseFilePart({ ...ctx, tasks: undefined }, fc, input as ParsePartInput);
        },
      };
      await parseAndFlagFile({ ...ctx, tasks }, fc, 0, 'file.csv', undefined, { splitThreshold: 0, parts: 4 });
      return { first, after: Object.keys(fc.holidayOf.years!()) };
    });
    expect(seen.first).toEqual(['2026']);
    expect(seen.after.sort()).toEqual(['2026', '2027']);
  });

  it('on a real 2-worker pool (this thread taking parts too) gives the one-pass facts and counts', async () => {
    const temp = await mkdtemp(join(tmpdir(), 'parse-pool-'));
    try {
      const bytes = bytesOf(cdhdr(20_000));
      const path = join(temp, 'cdhdr.csv');
      await writeFile(path, bytes);
      const whole = await step1(bytes, 1);
      const env = { workspaceDir: temp, sources: [path], lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } };
      const pool = createTaskPool(env, { size: 2 });
      try {
        await Promise.all([0, 1].map(() => pool.run('ping', {}))); // both workers started
        let onWorkers = 0;
        const tasks = { size: pool.size, run: (task: string, input: unknown) => (onWorkers++, pool.run(task, input)) };
        const ctx = { ...contextOf(env), tasks };
        const r = await parseAndFlagFile(ctx, flagContextOf(ctx), 0, 'file.csv', undefined, { splitThreshold: 0, parts: 6 });
        expect(onWorkers).toBeGreaterThan(0);
        expect({ index: r.index, fileName: r.fileName, fileType: r.fileType, records: r.records, summary: r.summary }).toEqual(whole.result);
        expect(await readFacts<FileFacts>(ctx.workspace, factsName(0))).toEqual(whole.facts);
      } finally {
        await pool.close();
      }
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('part bounds', () => {
  it('cover the file in order; of six parts or more the last four are smaller (two half, two a quarter as large)', () => {
    const size = 100 * 1024 * 1024 + 7;
    for (const count of [1, 2, 5, 6, 11, 20]) {
      const bounds = partBounds(size, count);
      expect(bounds.length).toBe(count + 1);
      expect([bounds[0], bounds[count]]).toEqual([0, size]);
      const sizes = bounds.slice(1).map((b, k) => b - bounds[k]!);
      for (const s of sizes) expect(s).toBeGreaterThan(0);
      const full = sizes[0]!;
      if (count < 6) {
        for (const s of sizes) expect(Math.abs(s - full)).toBeLessThanOrEqual(1);
        continue;
      }
      const expected = sizes.map((_, k) => (k < count - 4 ? full : k < count - 2 ? full / 2 : full / 4));
      sizes.forEach((s, k) => expect(Math.abs(s - expected[k]!)).toBeLessThanOrEqual(2));
    }
  });
});

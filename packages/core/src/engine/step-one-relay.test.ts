import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefaultLists } from '../lists/index.ts';
import { openFile } from '../formats/open-file.ts';
import { createFolderWorkspace } from '../workspace/index.ts';
import { encodeFacts, writableFacts } from '../facts/index.ts';
import { stepOne } from './analyze-files.ts';
import type { FlaggedRows } from './parse/flag-rows.ts';
import type { EngineContext, FileStepResult } from './contract.ts';
import { flagContextOf } from './engine.ts';
import { metaOf, parseFilePart, partLayoutOf, runParts, type PartReaders, type PartRelay, type ParsePartInput, type ParsePartResult } from './parse/parse-parts.ts';

/** A part's facts as the facts file holds them (builders compared by content, not capacity). */
const written = (rows: FlaggedRows) => Buffer.concat(encodeFacts(writableFacts(rows.facts)));

const tick = () => new Promise((r) => setTimeout(r, 1));

function cdhdr(rows: number): Uint8Array {
  const out = ['OBJECTCLAS,OBJECTID,CHANGENR,USERNAME,UDATE,UTIME,TCODE,CHANGE_IND'];
  for (let i = 0; i < rows; i++) out.push(`BELEG,${String(i).padStart(10, '0')},${1000000 + i},USER0${i % 4},2026111${7 + (i % 3)},${String(80000 + (i % 9000)).padStart(6, '0')},FB02,U`);
  return new TextEncoder().encode(`${out.join('\n')}\n`);
}

async function withContext<T>(bytes: Uint8Array, f: (ctx: EngineContext) => Promise<T>): Promise<T> {
  const temp = await mkdtemp(join(tmpdir(), 'step-one-relay-'));
  try {
    const one = async function* (b: Uint8Array) {
      yield b;
    };
    const ctx: EngineContext = {
      workspace: createFolderWorkspace(temp),
      lists: loadDefaultLists(),
      settings: { holidays: { country: 'US' } },
      openSource: () => one(bytes),
      openSourceRange: (_i, start, end) => one(bytes.subarray(start, end)),
      sourceSize: async () => bytes.length,
    };
    return await f(ctx);
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

describe('step 1 of several files, parts handed on from file to file', () => {
  it("runParts: a reader starts after the previous file's same reader is done, and the next file is told once every part is taken", async () => {
    const bytes = cdhdr(600);
    await withContext(bytes, async (ctx) => {
      const fc = flagContextOf(ctx);
      const opened = await openFile(ctx.openSource(0), 'file.csv');
      const base = { index: 0, meta: metaOf(opened), layout: partLayoutOf(opened)!, size: bytes.length };
      const lanes: string[] = [];
      const runner = (lane: string) => async (input: ParsePartInput) => {
        lanes.push(lane);
        await tick();
        return parseFilePart(ctx, fc, input) as Promise<ParsePartResult>;
      };
      const alone = await runParts({ here: runner('here'), pool: { size: 1, run: runner('pool') } }, base, 5);
      expect(lanes).toContain('pool');
      lanes.length = 0;
      // The previous file: this thread's reader is done, the pool's still reads its last part.
      let poolDone!: () => void;
      const after: PartReaders = { here: Promise.resolve(), pool: new Promise<void>((r) => (poolDone = r)) };
      let handed: PartReaders | undefined;
      let lanesWhenHanded = -1;
      const relay: PartRelay = {
        after,
        handedOut: (r) => {
          expect(handed).toBeUndefined();
          handed = r;
          lanesWhenHanded = lanes.length;
        },
      };
      let finished = false;
      const relayed = runParts({ here: runner('here'), pool: { size: 1, run: runner('pool') }, relay }, base, 5).then((r) => ((finished = true), r));
      for (let i = 0; i < 200 && lanes.length < 5; i++) await tick();
      for (let i = 0; i < 5; i++) await tick();
      // Every part went to this thread: the pool's reader waits for the previous file's.
      expect(lanes).toEqual(['here', 'here', 'here', 'here', 'here']);
      expect(lanesWhenHanded).toBe(4); // told when the fifth part was taken, before it was read
      expect(finished).toBe(false); // the parts are merged, but the pool's reader has not ended
      poolDone();
      const got = (await relayed)!;
      expect(got.ranges).toEqual(alone!.ranges);
      expect(got.rows.summary).toEqual(alone!.rows.summary);
      expect(written(got.rows)).toEqual(written(alone!.rows));
      expect(lanes).toHaveLength(5);
      await handed!.here;
      await handed!.pool;
    });
  });

  it('stepOne: the next file starts once the one before has handed out its parts; results in order', async () => {
    const events: string[] = [];
    const gates = [0, 1, 2].map(() => {
      let open!: () => void;
      return { promise: new Promise<void>((r) => (open = r)), open };
    });
    const result = (index: number) => ({ index, fileName: `f${index}`, fileType: 'CDHDR', records: index, summary: {} }) as unknown as FileStepResult;
    const readers0: PartReaders = { here: Promise.resolve(), pool: Promise.resolve() };
    const running = stepOne(['a', 'b', 'c'], async (i, relay) => {
      events.push(`start ${i}${relay.after === readers0 ? ' after 0' : relay.after ? ' after' : ''}`);
      if (i === 1) {
        // Not read in parts: hands on by ending.
        await tick();
        events.push('end 1');
        return result(1);
      }
      await tick();
      relay.handedOut?.(i === 0 ? readers0 : { here: Promise.resolve(), pool: Promise.resolve() });
      events.push(`handed ${i}`);
      await gates[i]!.promise;
      events.push(`end ${i}`);
      return result(i);
    });
    for (let i = 0; i < 10; i++) await tick();
    // File 2 waits for file 0's readers still: file 1 had none.
    expect(events).toEqual(['start 0', 'handed 0', 'start 1 after 0', 'end 1', 'start 2 after 0', 'handed 2']);
    gates[2]!.open();
    for (let i = 0; i < 3; i++) await tick();
    gates[0]!.open();
    expect((await running).map((r) => r.index)).toEqual([0, 1, 2]);
    expect(events.slice(-2)).toEqual(['end 2', 'end 0']);
  });

  it("stepOne: the first failing file's error, thrown once no step runs; no file starts after a failure", async () => {
    const events: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const running = stepOne(['a', 'b', 'c', 'd'], async (i, relay) => {
      events.push(`start ${i}`);
      await tick();
      if (i === 0) {
        relay.handedOut?.({ here: Promise.resolve(), pool: Promise.resolve() });
        await slow;
        events.push('end 0');
        throw new Error('file 0 is broken');
      }
      if (i === 1) throw new Error('file 1 is broken');
      events.push(`end ${i}`);
      return {} as FileStepResult;
    });
    let settled = false;
    running.catch(() => {}).finally(() => (settled = true));
    for (let i = 0; i < 10; i++) await tick();
    expect(events).toEqual(['start 0', 'start 1']);
    expect(settled).toBe(false);
    release();
    await expect(running).rejects.toThrow('file 0 is broken');
    expect(events).toEqual(['start 0', 'start 1', 'end 0']);
  });
});

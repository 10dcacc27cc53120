import { describe, expect, it } from 'vitest';
import { loadDefaultLists } from '../../lists/index.ts';
import type { EngineContext, FileStepResult, Workspace } from '../contract.ts';
import { stepOne } from '../analyze-files.ts';
import type { PartRelay } from '../parse/parse-parts.ts';
import { EarlyItems } from './early-items.ts';
import type { CorrelateItemsInput } from './correlate-items.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

type FileType = FileStepResult['fileType'];

interface Plan {
  type: FileType;
  /** Read in parts: the pool's reader of the file is done this many ticks after its parts are handed out. */
  parts?: boolean;
  /** Ticks the pool reads the file's last part for (default 3). */
  poolTicks?: number;
  fails?: boolean;
}

/**
 * stepOne over fake files, as analyze-files.ts runs it with EarlyItems: each file opens, hands
 * out its parts (when read in parts), its pool reader ends, then this thread ends the file. The
 * log says in which order that happened and when the task started.
 */
async function run(plans: Plan[]): Promise<{ log: string[]; inputs: CorrelateItemsInput[]; early: EarlyItems; result: Promise<FileStepResult[]> }> {
  const log: string[] = [];
  const inputs: CorrelateItemsInput[] = [];
  const ctx = {
    workspace: {} as Workspace,
    lists: loadDefaultLists(),
    settings: { holidays: { country: 'US' } },
    openSource: () => (async function* () {})(),
    tasks: {
      size: 1,
      run: async (task: string, input: unknown) => {
        log.push(`task ${task}`);
        inputs.push(input as CorrelateItemsInput);
        return { hits: [] };
      },
    },
  } as EngineContext;
  const early = new EarlyItems(ctx, plans.length);
  const step = async (i: number, given: PartRelay): Promise<FileStepResult> => {
    const relay = early.relay(i, given);
    const plan = plans[i]!;
    await tick();
    early.opened(i, `f${i}.csv`, plan.type);
    if (plan.parts) {
      let poolDone!: () => void;
      const pool = new Promise<void>((r) => (poolDone = r));
      relay.handedOut?.({ here: Promise.resolve(), pool });
      for (let k = 0; k < (plan.poolTicks ?? 3); k++) await tick();
      log.push(`parts read ${i}`);
      poolDone();
    }
    // This thread merges the parts and writes the file's facts after the pool's last part.
    for (let k = 0; k < 5; k++) await tick();
    if (plan.fails) {
      log.push(`failed ${i}`);
      early.stop();
      throw new Error(`file ${i} is broken`);
    }
    log.push(`done ${i}`);
    const file = { index: i, fileName: `f${i}.csv`, fileType: plan.type, records: 1, summary: {} } as unknown as FileStepResult;
    early.done(file);
    return file;
  };
  const result = stepOne(
    plans.map((_, i) => `f${i}.csv`),
    step,
  );
  result.catch(() => {});
  await result.catch(() => undefined);
  for (let k = 0; k < 3; k++) await tick();
  return { log, inputs, early, result };
}

describe('EarlyItems: correlate-items during step 1', () => {
  it('starts once every SM20 and change-document file is done and the ticket file left has no part for the pool, before that file is done', async () => {
    // The pool still reads the ticket file's last part when the change documents are done.
    const { log, inputs, early, result } = await run([{ type: 'SM20', parts: true }, { type: 'CDHDR', parts: true }, { type: 'CDPOS', parts: true }, { type: 'TICKETS', parts: true, poolTicks: 30 }]);
    const at = (s: string) => log.indexOf(s);
    expect(log.filter((s) => s.startsWith('task'))).toEqual(['task correlate-items']);
    expect(at('done 2')).toBeLessThan(at('parts read 3'));
    for (const i of [0, 1, 2]) expect(at('task correlate-items')).toBeGreaterThan(at(`done ${i}`));
    expect(at('task correlate-items')).toBeGreaterThan(at('parts read 3'));
    expect(at('task correlate-items')).toBeLessThan(at('done 3'));
    // Every file, with its type, as correlation would pass them.
    expect(inputs[0]).toEqual({ files: [0, 1, 2, 3].map((index) => ({ index, fileName: `f${index}.csv`, fileType: ['SM20', 'CDHDR', 'CDPOS', 'TICKETS'][index] })) });
    expect(early.items).toBeDefined();
    expect((await result).map((f) => f.index)).toEqual([0, 1, 2, 3]);
  });

  it('does not start while a file it reads is still in step 1 (it is then started by correlation)', async () => {
    // The change documents come last: nothing is left over for an early start.
    const last = await run([{ type: 'SM20', parts: true }, { type: 'TICKETS', parts: true }, { type: 'CDHDR', parts: true }]);
    expect(last.log.filter((s) => s.startsWith('task'))).toEqual([]);
    expect(last.early.items).toBeUndefined();
    // A ticket file not read in parts may still have work for this thread only, but it is not known to be done with the pool.
    const whole = await run([{ type: 'CDHDR', parts: true }, { type: 'CDPOS', parts: true }, { type: 'TICKETS' }]);
    expect(whole.early.items).toBeUndefined();
    // No change documents: correlation does not run the task at all.
    const none = await run([{ type: 'SM20', parts: true }, { type: 'TICKETS', parts: true }]);
    expect(none.early.items).toBeUndefined();
  });

  it('does not start after a file failed, and step 1 ends with that file error', async () => {
    const { log, early, result } = await run([{ type: 'SM20', parts: true }, { type: 'CDHDR', parts: true, fails: true }, { type: 'CDPOS', parts: true }, { type: 'TICKETS', parts: true }]);
    await expect(result).rejects.toThrow('file 1 is broken');
    expect(log).not.toContain('task correlate-items');
    expect(early.items).toBeUndefined();
  });
});

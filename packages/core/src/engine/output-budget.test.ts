import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors/index.ts';
import type { ByteSink } from './contract.ts';
import { OutputBudget, outputLimitFor } from './output-budget.ts';

function memorySink(): ByteSink & { bytes: number } {
  const sink = { bytes: 0, write: (c: Uint8Array) => void (sink.bytes += c.length), end: async () => {} };
  return sink;
}

describe('OutputBudget', () => {
  it('allows 1 GB plus 48 bytes per input byte by default', () => {
    expect(outputLimitFor(0)).toBe(1_073_741_824);
    expect(outputLimitFor(100 * 1024 * 1024)).toBe(1_073_741_824 + 5_033_164_800);
    // the 9.4 MB workbook that expanded to 1.6 GB of results still stops
    expect(outputLimitFor(9.4 * 1024 * 1024)).toBeLessThan(1.6 * 1024 * 1024 * 1024);
  });

  it('counts the bytes of every sink it wraps and fails the write that passes the limit', () => {
    const budget = new OutputBudget(1000);
    const a = memorySink();
    const b = memorySink();
    budget.sink(a).write(new Uint8Array(600));
    budget.workspace({ write: () => b, read: () => [] as never }).write('part').write(new Uint8Array(400));
    expect(budget.bytesWritten).toBe(1000);
    let error: unknown;
    try {
      budget.sink(a).write(new Uint8Array(1));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe('LIMIT_EXCEEDED');
    expect((error as EngineError).message).toBe('the results of this analysis come to more than 1,000 bytes (the limit for one analysis); analyse fewer or smaller files at a time');
    // The refused chunk never reached the store.
    expect(a.bytes + b.bytes).toBe(1000);
  });

  it('counts against one limit across budgets made from the same shared memory (one step, several threads)', () => {
    const step = new OutputBudget(1000, new SharedArrayBuffer(8));
    const worker = new OutputBudget(step.limit, step.shared());
    step.sink(memorySink()).write(new Uint8Array(700));
    worker.sink(memorySink()).write(new Uint8Array(300));
    expect(step.bytesWritten).toBe(1000);
    expect(worker.bytesWritten).toBe(1000);
    expect(() => worker.sink(memorySink()).write(new Uint8Array(1))).toThrow(EngineError);
    expect(() => new OutputBudget(10).shared()).toThrow(/its own memory/);
  });

  it('gives back the bytes of an entry read whole and removed: a part moved into an output counts once', async () => {
    const budget = new OutputBudget(1200);
    const files = new Map<string, Uint8Array>();
    const inner = {
      write: (name: string) => ({ write: (c: Uint8Array) => void files.set(name, c), end: async () => {} }),
      read: async function* (name: string) {
        yield files.get(name)!;
      },
      remove: async (name: string) => void files.delete(name),
    };
    const ws = budget.workspace(inner);
    const output = budget.sink(memorySink());
    ws.write('part').write(new Uint8Array(500));
    ws.write('facts').write(new Uint8Array(100));
    for await (const chunk of ws.read('part')) output.write(chunk);
    for await (const _ of ws.read('facts'));
    expect(budget.bytesWritten).toBe(1100);
    await ws.remove!('part');
    // The part is gone, its copy in the output stays counted; the facts (read, not removed) too.
    expect(budget.bytesWritten).toBe(600);
    output.write(new Uint8Array(600));
    expect(() => output.write(new Uint8Array(1))).toThrow(EngineError);
  });
});


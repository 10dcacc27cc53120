import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '@app/functions/config/index.ts';
import type { Logger } from '@app/functions/ports/index.ts';
import { createStepWorkerPool, StepTimeoutError, type StepWorkerPool } from './worker-pool.ts';

const workerUrl = new URL('./fixtures/busy-step-worker.mjs', import.meta.url);
const warnings: string[] = [];
const log: Logger = { info: () => {}, warn: (msg) => void warnings.push(msg), error: () => {} };
let pool: StepWorkerPool | undefined;

function startPool(size: number): StepWorkerPool {
  pool = createStepWorkerPool({ config: {} as AppConfig, log, size, workerUrl });
  return pool;
}

/** Milliseconds until `p` settles. */
async function timed<T>(p: Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> {
  const start = performance.now();
  try {
    const value = await p;
    return { ms: performance.now() - start, value };
  } catch (error) {
    return { ms: performance.now() - start, error };
  }
}

afterEach(async () => {
  await pool?.stop();
  pool = undefined;
});

describe('step worker pool', () => {
  it('stops a step past its deadline: the job fails with States.Timeout and its thread is replaced', async () => {
    const p = startPool(1);
    const first = (await p.run({ busyMs: 0, label: 'warm-up' })) as { threadId: number };
    const hostile = await timed(p.run({ busyMs: 20_000, label: 'hostile' }, { owner: 'alice', timeoutMs: 300 }));
    expect(hostile.error).toBeInstanceOf(StepTimeoutError);
    expect((hostile.error as Error).name).toBe('States.Timeout');
    expect(hostile.ms).toBeLessThan(3000);
    expect(warnings).toContain('step timed out; its worker is terminated');
    // The only worker was busy for 20 s: a prompt answer proves a fresh thread took its place.
    const next = await timed(p.run({ busyMs: 10, label: 'next' }, { owner: 'bob' }));
    expect(next.ms).toBeLessThan(3000);
    expect((next.value as { threadId: number }).threadId).not.toBe(first.threadId);
  }, 15_000);

  it("serves another user's short step while one user's long steps hold the pool", async () => {
    const p = startPool(2);
    const alice = [1, 2, 3].map((i) => p.run({ busyMs: 2000, label: `alice-${i}` }, { owner: 'alice' }));
    await new Promise((r) => setTimeout(r, 200));
    const bob = await timed(p.run({ busyMs: 50, label: 'bob' }, { owner: 'bob' }));
    expect((bob.value as { label: string }).label).toBe('bob');
    // Without a per-user share bob waits for one of alice's 2-second steps.
    expect(bob.ms).toBeLessThan(1500);
    const done = await Promise.all(alice);
    expect(done.map((d) => (d as { label: string }).label)).toEqual(['alice-1', 'alice-2', 'alice-3']);
  }, 30_000);

  it('takes turns between owners in the order they queued', async () => {
    const p = startPool(2);
    const order: string[] = [];
    const run = (owner: string, label: string) => p.run({ busyMs: 100, label }, { owner }).then(() => void order.push(label));
    await Promise.all([run('a', 'a1'), run('a', 'a2'), run('a', 'a3'), run('b', 'b1'), run('b', 'b2')]);
    // One worker each at most (perOwner = size - 1 = 1): a and b take turns.
    expect(order.slice(0, 2).sort()).toEqual(['a1', 'b1']);
    expect(order.slice(2, 4).sort()).toEqual(['a2', 'b2']);
    expect(order[4]).toBe('a3');
  }, 15_000);
});

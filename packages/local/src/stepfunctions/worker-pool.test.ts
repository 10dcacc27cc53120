import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '@app/functions/config/index.ts';
import type { Logger } from '@app/functions/ports/index.ts';
import { buildDefinition } from '@app/functions/pipeline/definition.ts';
import { stepTimeouts } from './index.ts';
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
    // Without a worker of his own bob waits for one of alice's 2-second steps.
    expect(bob.ms).toBeLessThan(1500);
    const done = await Promise.all(alice);
    expect(done.map((d) => (d as { label: string }).label)).toEqual(['alice-1', 'alice-2', 'alice-3']);
  }, 30_000);

  it('lets one user use every worker, gives a second user a worker at once, and stops the extra one when idle', async () => {
    const p = startPool(2);
    type Done = { threadId: number; label: string; startedAt: number; finishedAt: number };
    const run = (owner: string, label: string, busyMs = 1500) => p.run({ busyMs, label }, { owner }) as Promise<Done>;
    const [a1, a2, a3, b1, b2] = await Promise.all([run('a', 'a1'), run('a', 'a2'), run('a', 'a3'), run('b', 'b1'), run('b', 'b2')]);
    // User a alone had both workers; user b's first step did not wait for either of them.
    expect(a2!.startedAt).toBeLessThan(a1!.finishedAt);
    expect(b1!.startedAt).toBeLessThan(Math.min(a1!.finishedAt, a2!.finishedAt));
    expect(new Set([a1!.threadId, a2!.threadId, b1!.threadId]).size).toBe(3);
    expect([a3!.label, b2!.label]).toEqual(['a3', 'b2']);
    // The third worker stopped once idle.
    expect(p.workers).toBe(2);
  }, 20_000);

  it("gives each step its state's TimeoutSeconds, Map iterations included", () => {
    const timeouts = stepTimeouts(buildDefinition('arn:aws:lambda:us-east-1:000000000000:function:x'));
    expect(timeouts.get('ParseAndFlag')).toBe(900);
    expect(timeouts.get('Correlate')).toBe(900);
    expect(timeouts.get('Report')).toBe(900);
  });
});

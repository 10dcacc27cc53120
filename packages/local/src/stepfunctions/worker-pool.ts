/**
 * A small pool of step workers (one job per worker at a time, so CPU-heavy steps of one
 * analysis run in parallel up to the cores available while the API's thread stays free).
 *
 * Two guards keep one user's hostile upload from stalling everyone: jobs wait in one queue per
 * owner (the user) served in turn, and an owner with nothing running gets a worker at once, the
 * pool growing past its size for it if every worker is busy with others (up to twice its size;
 * extra workers stop when idle). A single user still uses every worker. A job past its deadline
 * has its worker terminated, which really stops it, and a fresh worker takes the slot.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AppConfig } from '@app/functions/config/index.ts';
import { deserializeError, TransientError } from '@app/functions/pipeline/errors.ts';
import type { Logger } from '@app/functions/ports/index.ts';
import type { ToParent, ToWorker } from './worker-messages.ts';

interface Job {
  id: number;
  owner: string;
  event: unknown;
  timeoutMs?: number;
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export interface RunOptions {
  /** Whose job this is (the user); jobs of different owners share the workers fairly. */
  owner?: string;
  /** After this long the job fails with States.Timeout and its worker is terminated. */
  timeoutMs?: number;
}

export interface StepWorkerPool {
  run(event: unknown, options?: RunOptions): Promise<unknown>;
  stop(): Promise<void>;
  readonly size: number;
  /** Worker threads alive now (more than `size` only while owners contend). */
  readonly workers: number;
}

export interface StepWorkerPoolOptions {
  config: AppConfig;
  log: Logger;
  size?: number;
  /** Workers one owner may hold at once (default: `size`). */
  perOwner?: number;
  /** The worker's entry module (tests use a stand-in step worker). */
  workerUrl?: URL;
}

/** The error a step past its TimeoutSeconds fails with, as Step Functions names it. */
export class StepTimeoutError extends Error {
  override name = 'States.Timeout';
}

export function createStepWorkerPool(opts: StepWorkerPoolOptions): StepWorkerPool {
  const size = Math.max(1, opts.size ?? availableParallelism());
  const perOwner = Math.max(1, opts.perOwner ?? size);
  // Room for owners with nothing running while others hold every worker.
  const maxWorkers = size * 2;
  const slots: Slot[] = [];
  /** Waiting jobs by owner; the Map's order is the turn order (an owner served moves to the back). */
  const queues = new Map<string, Job[]>();
  let nextId = 1;
  let stopped = false;

  function spawn(): Slot {
    const worker = new Worker(opts.workerUrl ?? new URL('./step-worker-boot.mjs', import.meta.url), {
      workerData: { config: opts.config },
      // The engine makes many short-lived strings per record; a larger young generation cuts GC
      // time (the CLI runs with --max-semi-space-size=32 for the same reason, measured there).
      resourceLimits: { maxYoungGenerationSizeMb: 96 },
    });
    const slot: Slot = { worker };
    const finish = (): Job | undefined => {
      const job = slot.job;
      slot.job = undefined;
      clearTimeout(slot.timer);
      return job;
    };
    worker.on('message', (m: ToParent) => {
      if (m.type === 'log') opts.log[m.level](m.msg, { ...m.data, thread: 'step-worker' });
      if (m.type !== 'result' || !slot.job || slot.job.id !== m.id) return;
      const job = finish()!;
      if (m.ok) job.resolve(m.value);
      else job.reject(deserializeError(m.error));
      dispatch();
    });
    const lose = (reason: string) => {
      const job = finish();
      remove(slot);
      // A crashed worker is worth a retry: the state machine retries TransientError.
      if (job) job.reject(new TransientError(`The step worker stopped unexpectedly (${reason})`));
      if (!stopped) dispatch();
    };
    worker.on('error', (e) => {
      opts.log.error('step worker failed', { error: e.stack ?? String(e) });
      lose(e.message);
    });
    worker.on('exit', (code) => {
      if (slots.includes(slot)) lose(`exit code ${code}`);
    });
    slots.push(slot);
    return slot;
  }

  function remove(slot: Slot): void {
    const at = slots.indexOf(slot);
    if (at !== -1) slots.splice(at, 1);
  }

  /** Stops a job past its deadline: the only way to stop synchronous work in a thread. */
  function expire(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    slot.job = undefined;
    remove(slot);
    opts.log.warn('step timed out; its worker is terminated', { owner: job.owner, ms: job.timeoutMs });
    void slot.worker.terminate();
    job.reject(new StepTimeoutError(`The step did not finish within ${Math.round((job.timeoutMs ?? 0) / 1000)} s and was stopped`));
    if (!stopped) dispatch();
  }

  const held = (owner: string) => slots.filter((s) => s.job?.owner === owner).length;

  /**
   * The next job in turn that may start now, taken off its queue: any owner's when a worker is
   * free or the pool is below its size, else only that of an owner with nothing running.
   */
  function nextJob(): Job | undefined {
    const room = slots.some((s) => !s.job) || slots.length < size;
    for (const [owner, jobs] of queues) {
      const holds = held(owner);
      if (holds >= perOwner) continue;
      if (!room && (holds > 0 || slots.length >= maxWorkers)) continue;
      const job = jobs.shift()!;
      queues.delete(owner);
      if (jobs.length > 0) queues.set(owner, jobs);
      return job;
    }
    return undefined;
  }

  function dispatch(): void {
    for (;;) {
      const job = queues.size > 0 ? nextJob() : undefined;
      if (!job) break;
      const slot = slots.find((s) => !s.job) ?? spawn();
      slot.job = job;
      if (job.timeoutMs !== undefined) slot.timer = setTimeout(() => expire(slot), job.timeoutMs);
      slot.worker.postMessage({ type: 'run', id: job.id, event: job.event } satisfies ToWorker);
    }
    // Workers beyond the pool's size were for a moment of contention: stop them once idle.
    for (const slot of slots.filter((s) => !s.job).slice(0, Math.max(0, slots.length - size))) {
      remove(slot);
      void slot.worker.terminate();
    }
  }

  return {
    size,
    get workers() {
      return slots.length;
    },
    run(event, options = {}) {
      if (stopped) return Promise.reject(new Error('The step worker pool is stopped'));
      return new Promise((resolve, reject) => {
        const owner = options.owner ?? '';
        const jobs = queues.get(owner) ?? [];
        jobs.push({ id: nextId++, owner, event, timeoutMs: options.timeoutMs, resolve, reject });
        queues.set(owner, jobs);
        dispatch();
      });
    },
    async stop() {
      stopped = true;
      for (const jobs of queues.values()) for (const job of jobs) job.reject(new Error('The local pipeline is shutting down'));
      queues.clear();
      const all = slots.splice(0);
      for (const s of all) {
        clearTimeout(s.timer);
        s.job?.reject(new Error('The local pipeline is shutting down'));
      }
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

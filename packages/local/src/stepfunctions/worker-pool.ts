/**
 * A small pool of step workers (one job per worker at a time, so CPU-heavy steps of one
 * analysis run in parallel up to the cores available while the API's thread stays free).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AppConfig } from '@app/functions/config/index.ts';
import { deserializeError, TransientError } from '@app/functions/pipeline/errors.ts';
import type { Logger } from '@app/functions/ports/index.ts';
import type { ToParent, ToWorker } from './worker-messages.ts';

interface Job {
  id: number;
  event: unknown;
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
}

export interface StepWorkerPool {
  run(event: unknown): Promise<unknown>;
  stop(): Promise<void>;
  readonly size: number;
}

export function createStepWorkerPool(opts: { config: AppConfig; log: Logger; size?: number }): StepWorkerPool {
  const size = Math.max(1, opts.size ?? availableParallelism());
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let stopped = false;

  function spawn(): Slot {
    const worker = new Worker(new URL('./step-worker-boot.mjs', import.meta.url), {
      workerData: { config: opts.config },
      // The engine makes many short-lived strings per record; a larger young generation cuts GC
      // time (the CLI runs with --max-semi-space-size=32 for the same reason, measured there).
      resourceLimits: { maxYoungGenerationSizeMb: 96 },
    });
    const slot: Slot = { worker };
    worker.on('message', (m: ToParent) => {
      if (m.type === 'log') opts.log[m.level](m.msg, { ...m.data, thread: 'step-worker' });
      if (m.type !== 'result' || !slot.job || slot.job.id !== m.id) return;
      const job = slot.job;
      slot.job = undefined;
      if (m.ok) job.resolve(m.value);
      else job.reject(deserializeError(m.error));
      dispatch();
    });
    const lose = (reason: string) => {
      const job = slot.job;
      slot.job = undefined;
      slots.splice(slots.indexOf(slot), 1);
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

  function dispatch(): void {
    while (queue.length > 0) {
      const free = slots.find((s) => !s.job) ?? (slots.length < size ? spawn() : undefined);
      if (!free) return;
      const job = queue.shift()!;
      free.job = job;
      free.worker.postMessage({ type: 'run', id: job.id, event: job.event } satisfies ToWorker);
    }
  }

  return {
    size,
    run(event) {
      if (stopped) return Promise.reject(new Error('The step worker pool is stopped'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, event, resolve, reject });
        dispatch();
      });
    },
    async stop() {
      stopped = true;
      for (const job of queue.splice(0)) job.reject(new Error('The local pipeline is shutting down'));
      const all = slots.splice(0);
      for (const s of all) s.job?.reject(new Error('The local pipeline is shutting down'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

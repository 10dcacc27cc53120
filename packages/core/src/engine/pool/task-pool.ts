/**
 * Engine tasks in worker threads: the CLI hands CPU-heavy pieces of one analysis (parts of a
 * large file's parse, each file's report rows) to a small pool so both cores work. A task is a
 * function registered by name in tasks.ts; each worker builds its own EngineContext from a
 * TaskEnv (folder workspace, source files, lists, settings), so only small JSON crosses threads.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EngineError, type EngineErrorCode } from '../../errors/index.ts';
import type { HolidayYears } from '../../holidays/index.ts';
import type { DetectionLists, EngineSettings } from '../../model/index.ts';
import { ENGINE_DATA_DIR, taskWorkerBundle } from './task-worker-bundle.ts';

/** Runs a named task (tasks.ts) somewhere else and resolves its JSON-serialisable result. */
export interface TaskRunner {
  readonly size: number;
  run(task: string, input: unknown, onProgress?: (records: number) => void): Promise<unknown>;
  /**
   * Ends the workers that have nothing to do (a later run starts new ones): their heaps, grown by
   * the tasks they ran, go back to the system before a step's own memory-heavy end.
   */
  shrink?(): Promise<void>;
}

/** What a worker needs to rebuild the analysis' EngineContext. */
export interface TaskEnv {
  workspaceDir: string;
  sources: string[];
  lists: DetectionLists;
  settings: EngineSettings;
  /**
   * The step's output budget (output-budget.ts), when its workspace has one: its limit and its
   * count in shared memory, so what the workers write counts against the step's one limit.
   */
  budget?: { limit: number; shared: SharedArrayBuffer };
}

export interface TaskPool extends TaskRunner {
  close(): Promise<void>;
  shrink(): Promise<void>;
  /** How many worker threads exist now (starting ones included). */
  readonly workers: number;
}

export type ToTaskWorker = { type: 'run'; id: number; task: string; input: unknown; holidays?: HolidayYears };
export type FromTaskWorker =
  | { type: 'progress'; id: number; records: number }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  fileName?: string;
}

export function serializeTaskError(e: unknown): SerializedError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e) };
  const x = e as Error & { code?: unknown; fileName?: unknown };
  return {
    name: e.name,
    message: e.message,
    stack: e.stack,
    code: typeof x.code === 'string' ? x.code : undefined,
    fileName: typeof x.fileName === 'string' ? x.fileName : undefined,
  };
}

/** The same error class on this side: an EngineError stays an EngineError (its message is for the user). */
export function deserializeTaskError(s: SerializedError): Error {
  let e: Error;
  if (s.name === 'EngineError' && s.code) {
    e = new EngineError(s.code as EngineErrorCode, s.message);
    if (s.fileName) Object.defineProperty(e, 'fileName', { value: s.fileName, enumerable: true });
  } else {
    e = new Error(s.message);
    e.name = s.name;
    if (s.code) Object.assign(e, { code: s.code });
  }
  if (s.stack) e.stack = s.stack;
  return e;
}

interface Job {
  id: number;
  task: string;
  input: unknown;
  onProgress?: (records: number) => void;
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  ready: boolean;
}

export interface TaskPoolOptions {
  /** Worker threads at most; default: the machine's parallelism, at most 2 (the engine's tasks come in pairs). */
  size?: number;
  /**
   * Workers started at once (default 1); the others start when more tasks wait than workers are
   * free. A worker starting takes a core for a third of a second: step 1 of one file keeps this
   * thread and one worker busy, so a second one would only slow it.
   */
  initial?: number;
  /** Young generation per worker in MB: the engine makes many short-lived strings per record. */
  youngGenerationMb?: number;
  /** false: boot workers through tsx instead of the esbuild bundle (the fallback, tested as such). */
  bundled?: boolean;
  /**
   * The holiday years this thread has computed so far, sent with each task: a worker answers them
   * without loading the holiday library (most of its start-up) and loads it only for another year.
   */
  holidays?: () => HolidayYears | undefined;
}

/**
 * Starts the first worker at once (its start-up overlaps the caller's own work), others on demand; `close()` ends them.
 * @example const pool = createTaskPool(env); try { await pool.run('report-part', input) } finally { await pool.close() }
 */
export function createTaskPool(env: TaskEnv, opts: TaskPoolOptions = {}): TaskPool {
  const size = Math.max(1, opts.size ?? Math.min(2, availableParallelism()));
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  // The bundled worker when esbuild can build it, else the tsx boot file (same code, slower start).
  let entry: URL = new URL('./task-worker-boot.mjs', import.meta.url);
  let workerEnv: NodeJS.ProcessEnv = process.env;
  let execArgv: string[] | undefined; // undefined: the process' own
  const spawn = (): Slot => {
    const worker = new Worker(entry, {
      workerData: env,
      env: workerEnv,
      execArgv,
      resourceLimits: { maxYoungGenerationSizeMb: opts.youngGenerationMb ?? 96 },
    });
    const slot: Slot = { worker, ready: false };
    worker.on('message', (m: FromTaskWorker | { type: 'ready' }) => {
      if (m.type === 'ready') {
        slot.ready = true;
        return dispatch();
      }
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      if (m.type === 'progress') return job.onProgress?.(m.records);
      slot.job = undefined;
      if (m.ok) job.resolve(m.value);
      else job.reject(deserializeTaskError(m.error));
      dispatch();
    });
    const lose = (reason: Error) => {
      const i = slots.indexOf(slot);
      if (i < 0) return;
      slots.splice(i, 1);
      const job = slot.job;
      slot.job = undefined;
      if (job) job.reject(reason);
      if (closed) return;
      if (!slot.ready) {
        // It never started (a broken install, say): fail what waits rather than retry forever.
        for (const q of queue.splice(0)) q.reject(reason);
        return;
      }
      // The queue must not wait for a worker that is gone: start another one.
      if (queue.length > 0) spawn();
      keepAlive();
    };
    worker.on('error', (e) => lose(e instanceof Error ? e : new Error(String(e))));
    worker.on('exit', (code) => lose(new Error(`an engine worker thread stopped unexpectedly (exit code ${code})`)));
    slots.push(slot);
    return slot;
  };

  let canSpawn = false;
  /** One more worker when more tasks wait than workers are free (or starting) and the pool has room. */
  const spawnIfWanted = () => {
    if (!canSpawn || closed || slots.length >= size) return;
    let free = 0;
    for (const slot of slots) if (!slot.job) free++;
    if (queue.length > free) spawn();
  };

  const dispatch = () => {
    spawnIfWanted();
    for (const slot of slots) {
      if (queue.length === 0) break;
      // A worker still starting takes its task too: the message waits in its port, and the worker
      // starts on it without a round trip through this thread's (busy) event loop.
      if (slot.job) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.postMessage({ type: 'run', id: job.id, task: job.task, input: job.input, holidays: opts.holidays?.() } satisfies ToTaskWorker);
    }
    keepAlive();
  };

  // Idle workers must not keep the process alive; busy ones, and starting ones with work queued, must.
  const keepAlive = () => {
    for (const slot of slots) {
      if (slot.job || (queue.length > 0 && !slot.ready)) slot.worker.ref();
      else slot.worker.unref();
    }
  };

  // Until the workers exist, a pending start keeps the process alive (run() awaits it).
  const started = (opts.bundled === false ? Promise.resolve(undefined) : taskWorkerBundle()).then((bundle) => {
    if (bundle) {
      entry = bundle;
      // The bundle is plain JavaScript: a TypeScript loader the process was started with
      // (`--import tsx`, which workers inherit) would only cost each worker its start-up.
      // (A worker takes no V8 heap flags here either: resourceLimits size its heap.)
      execArgv = [];
      workerEnv = { ...process.env, APP_DATA_DIR: process.env.APP_DATA_DIR ?? ENGINE_DATA_DIR };
    }
    if (closed) return;
    for (let i = 0; i < Math.min(size, Math.max(1, opts.initial ?? 1)); i++) spawn();
    canSpawn = true;
    dispatch();
  });

  return {
    size,
    get workers() {
      return slots.length;
    },
    run(task, input, onProgress) {
      if (closed) return Promise.reject(new Error('the task pool is closed'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, task, input, onProgress, resolve, reject });
        dispatch();
      });
    },
    async shrink() {
      await started;
      const idle = slots.filter((s) => !s.job && s.ready);
      for (const s of idle) slots.splice(slots.indexOf(s), 1);
      await Promise.all(idle.map((s) => s.worker.terminate()));
    },
    async close() {
      closed = true;
      await started;
      const all = slots.splice(0);
      for (const s of all) s.job?.reject(new Error('the task pool was closed while a task ran'));
      for (const q of queue.splice(0)) q.reject(new Error('the task pool was closed'));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
}

/**
 * The review workers (issue 26 item 1): jobs proportional to an analysis run in worker threads,
 * scheduled fairly between users. Each user has at most one job running at a time and at most
 * MAX_WAITING_PER_USER waiting (more is refused with 503 and a message); the next job goes to the
 * next user in turn, so one user paging through large analyses delays another user's request by
 * at most one job, and never blocks the main thread that answers everyone's other requests.
 *
 * On Lambda (one request per container at a time) and with REVIEW_WORKERS=0 the jobs run in the
 * calling thread, through the same functions.
 */
import { Worker } from 'node:worker_threads';
import { VisibleError } from '../../http/errors.ts';
import { handleJob, type Job } from './review-jobs.ts';

export const MAX_WAITING_PER_USER = 16;
export const TOO_MANY_WAITING = 'You have too many review requests waiting; try again in a moment';

interface Pending {
  user: string;
  job: Job;
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | undefined;
  seq: number;
}

function workerCount(): number {
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) return 0;
  const n = Number(process.env.REVIEW_WORKERS ?? 2);
  return Number.isInteger(n) && n >= 0 && n <= 8 ? n : 2;
}

export class ReviewPool {
  private readonly slots: Slot[] = [];
  /** Waiting jobs per user. */
  private readonly queues = new Map<string, Pending[]>();
  private readonly running = new Map<string, number>();
  /** When each user was last served (a counter), so the next job goes to the user served longest ago. */
  private readonly served = new Map<string, number>();
  private turn = 0;
  private closed = false;

  constructor(private readonly size = workerCount()) {}

  /** True when jobs run in the calling thread (no worker threads): a job must then finish before its request answers. */
  get inline(): boolean {
    return this.size === 0;
  }

  /** Runs a job for `user` (the caller's sub) in a worker; buffers in `transfer` move to it. */
  run<T>(user: string, job: Job, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.size === 0) {
      return handleJob(job).then((out) => out.result as T);
    }
    const q = this.queues.get(user) ?? [];
    if (q.length >= MAX_WAITING_PER_USER) return Promise.reject(new VisibleError('UNAVAILABLE', TOO_MANY_WAITING));
    return new Promise<T>((resolve, reject) => {
      q.push({ user, job, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.queues.set(user, q);
      this.dispatch();
    });
  }

  /** Jobs waiting and running, for tests and the log. */
  stats() {
    let waiting = 0;
    for (const q of this.queues.values()) waiting += q.length;
    return { workers: this.slots.length, busy: this.slots.filter((s) => s.current).length, waiting };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }

  /** The waiting job of the user served longest ago (never served first) who has none running. */
  private next(): Pending | undefined {
    let pick: string | undefined;
    let pickServed = Infinity;
    for (const [user, q] of this.queues) {
      if (q.length === 0 || (this.running.get(user) ?? 0) > 0) continue;
      const served = this.served.get(user) ?? -1;
      if (served < pickServed) {
        pick = user;
        pickServed = served;
      }
    }
    if (pick === undefined) return undefined;
    const q = this.queues.get(pick)!;
    const p = q.shift()!;
    if (q.length === 0) this.queues.delete(pick);
    this.served.set(pick, ++this.turn);
    // Forget long-idle users so the map stays small.
    if (this.served.size > 1000) for (const u of this.served.keys()) if (!this.queues.has(u) && !this.running.has(u)) this.served.delete(u);
    return p;
  }

  private dispatch(): void {
    if (this.closed) return;
    while (this.slots.length < this.size && this.slots.every((s) => s.current)) this.slots.push(this.start());
    for (const slot of this.slots) {
      if (slot.current) continue;
      const p = this.next();
      if (!p) return;
      slot.current = p;
      slot.seq++;
      this.running.set(p.user, (this.running.get(p.user) ?? 0) + 1);
      slot.worker.ref();
      try {
        slot.worker.postMessage({ seq: slot.seq, job: p.job }, p.transfer);
      } catch (e) {
        this.finish(slot);
        p.reject(e);
      }
    }
  }

  private finish(slot: Slot): Pending | undefined {
    const p = slot.current;
    slot.current = undefined;
    slot.worker.unref();
    if (p) {
      const n = (this.running.get(p.user) ?? 1) - 1;
      if (n <= 0) this.running.delete(p.user);
      else this.running.set(p.user, n);
    }
    return p;
  }

  private start(): Slot {
    const worker = new Worker(new URL('./review-worker-boot.mjs', import.meta.url));
    worker.unref();
    const slot: Slot = { worker, current: undefined, seq: 0 };
    worker.on('message', (msg: { seq: number; ok: boolean; result?: unknown; message?: string }) => {
      if (msg.seq !== slot.seq) return;
      const p = this.finish(slot);
      if (msg.ok) p?.resolve(msg.result);
      else p?.reject(new Error(msg.message));
      this.dispatch();
    });
    const lost = (e: unknown) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      const p = this.finish(slot);
      p?.reject(e instanceof Error ? e : new Error('The review worker stopped'));
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => {
      if (!this.closed) lost(new Error(`The review worker stopped (exit code ${code})`));
    });
    return slot;
  }
}

let shared: ReviewPool | undefined;

/** The process's pool (one per server process). */
export function reviewPool(): ReviewPool {
  shared ??= new ReviewPool();
  return shared;
}

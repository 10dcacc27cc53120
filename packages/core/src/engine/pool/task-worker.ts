/** An engine task worker thread (task-pool.ts): rebuilds the analysis context, then runs tasks by name. */
import { parentPort, workerData } from 'node:worker_threads';
import { createFlagContext } from '../../flags/flag-context.ts';
import { contextOf } from './task-context.ts';
import { serializeTaskError, type FromTaskWorker, type TaskEnv, type ToTaskWorker } from './task-pool.ts';
import { runTaskHere } from '../tasks.ts';
import { TRANSFER } from './transfer.ts';

const port = parentPort!;
const env = workerData as TaskEnv;
const ctx = contextOf(env);
// The calendar was checked by the thread that started the pool: the worker loads the holiday library
// only for a year it was not sent (task-pool.ts `holidays`).
const fc = createFlagContext(ctx.lists, ctx.settings, { validateHolidays: false });

port.on('message', async (m: ToTaskWorker) => {
  if (m.type !== 'run') return;
  const post = (msg: FromTaskWorker, transfer?: ArrayBuffer[]) => port.postMessage(msg, transfer);
  try {
    fc.holidayOf.seed?.(m.holidays);
    const value = await runTaskHere(ctx, fc, m.task, m.input, (records) => post({ type: 'progress', id: m.id, records }));
    post({ type: 'result', id: m.id, ok: true, value }, (value as Record<symbol, ArrayBuffer[] | undefined> | null)?.[TRANSFER]);
  } catch (e) {
    post({ type: 'result', id: m.id, ok: false, error: serializeTaskError(e) });
  }
});
port.postMessage({ type: 'ready' });

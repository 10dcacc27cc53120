/** An engine task worker thread (task-pool.ts): rebuilds the analysis context, then runs tasks by name. */
import { parentPort, workerData } from 'node:worker_threads';
import { flagContextOf } from './engine.ts';
import { contextOf } from './task-context.ts';
import { serializeTaskError, type FromTaskWorker, type TaskEnv, type ToTaskWorker } from './task-pool.ts';
import { runTaskHere } from './tasks.ts';

const port = parentPort!;
const env = workerData as TaskEnv;
const ctx = contextOf(env);
const fc = flagContextOf(ctx);

port.on('message', async (m: ToTaskWorker) => {
  if (m.type !== 'run') return;
  const post = (msg: FromTaskWorker) => port.postMessage(msg);
  try {
    const value = await runTaskHere(ctx, fc, m.task, m.input, (records) => post({ type: 'progress', id: m.id, records }));
    post({ type: 'result', id: m.id, ok: true, value });
  } catch (e) {
    post({ type: 'result', id: m.id, ok: false, error: serializeTaskError(e) });
  }
});
port.postMessage({ type: 'ready' });

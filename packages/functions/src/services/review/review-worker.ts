/** Entry of a review worker thread (review-pool.ts): runs each job it is sent (review-jobs.ts). */
import { parentPort } from 'node:worker_threads';
import { handleJob, type Job } from './review-jobs.ts';

parentPort!.on('message', async (msg: { seq: number; job: Job }) => {
  try {
    const { result, transfer } = await handleJob(msg.job);
    parentPort!.postMessage({ seq: msg.seq, ok: true, result }, transfer ?? []);
  } catch (e) {
    parentPort!.postMessage({ seq: msg.seq, ok: false, message: e instanceof Error ? e.message : String(e) });
  }
});

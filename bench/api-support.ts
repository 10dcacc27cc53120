/**
 * What the API benches through the local stack share: the load in a worker thread (its own event
 * loop, so the latencies measured are the server's, not the script's), percentiles, and a
 * presigned upload as the web app makes it.
 */
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { TestClient } from '../tests/support/stack.ts';

/** Call at the top level of a bench module: in the worker `inWorker` starts, runs `run` on the job and posts its result. */
export function serveWorker<Job, Result>(run: (job: Job) => Promise<Result>): void {
  if (!isMainThread) void run(workerData as Job).then((r) => parentPort!.postMessage(r));
}

/** Runs the bench module at `moduleUrl` (its `import.meta.url`, which calls `serveWorker`) in a worker thread on `job`. */
export function inWorker<Job, Result>(moduleUrl: string, job: Job): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(moduleUrl), { workerData: job, execArgv: process.execArgv });
    worker.once('message', (r: Result) => {
      resolve(r);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** The p-th percentile (nearest rank) of `values`, in any order; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** POST /upload, PUT of the body to the presigned URL, PUT /files ready: the file's id (throws with the status otherwise). */
export async function uploadFile(client: TestClient, name: string, body: Uint8Array | string): Promise<string> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const started = await client.call('POST', '/upload', { fileName: name, fileType: 'csv' });
  if (started.status !== 200) throw new Error(`POST /upload: ${started.status} ${started.text}`);
  const put = await fetch(started.json.uploadUrl, { method: 'PUT', headers: { 'content-type': started.json.contentType }, body: bytes as unknown as BodyInit });
  await put.arrayBuffer();
  if (put.status >= 300) throw new Error(`PUT upload of ${name}: ${put.status}`);
  const ready = await client.call('PUT', '/files', { fileId: started.json.fileId, status: 'ready', size: bytes.byteLength });
  if (ready.status !== 200) throw new Error(`PUT /files: ${ready.status} ${ready.text}`);
  return started.json.fileId as string;
}

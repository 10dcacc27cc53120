/**
 * A worker thread that writes one streamed findings export on this machine (export-jobs.ts
 * `runLocalExportJob`): the export of millions of findings is minutes of CPU, which must not run on
 * the server's main thread. It reads findings.ndjson, findings-index.bin and high-records.ndjson
 * from their files (the file-system blob store's `localPath`) and writes the file beside them
 * (a temporary file renamed into place once whole, as the store does), then posts how many
 * findings it wrote, or the error.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { ByteSink } from '@app/core';
import { readFileRange } from '../../adapters/blobs/file-range.ts';
import { VisibleError } from '../../http/errors.ts';
import { streamFindingsExport, type StreamBlobs, type StreamSpec } from './stream-export.ts';

/** What the thread is started with: the spec and the file of each key it names. */
export interface ExportWorkerData {
  spec: StreamSpec;
  paths: Record<string, string>;
}

/** The answer the thread posts. */
export type ExportWorkerAnswer = { ok: true; findings: number } | { ok: false; message: string; visible: boolean };

/** The files of the keys; `temps` collects the temporary files made, removed if the export fails. */
function fileStore(paths: Record<string, string>, temps: string[]): StreamBlobs {
  const pathOf = (key: string) => {
    const p = paths[key];
    if (!p) throw new Error(`the export worker has no file for ${key}`);
    return p;
  };
  return {
    async *read(key) {
      const stream = createReadStream(pathOf(key), { highWaterMark: 1 << 20 });
      try {
        for await (const chunk of stream) yield chunk as Uint8Array;
      } finally {
        stream.destroy();
      }
    },
    readRange: async (key, start, length) => readFileRange(pathOf(key), start, length),
    writer(key): ByteSink {
      const target = pathOf(key);
      const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
      temps.push(temp);
      const out = createWriteStream(temp, { mode: 0o600, highWaterMark: 1 << 20 });
      const failed = new Promise<never>((_, reject) => out.once('error', reject));
      failed.catch(() => {});
      return {
        async write(chunk, release) {
          if (!out.write(chunk, release && (() => release()))) await Promise.race([new Promise<void>((resolve) => out.once('drain', resolve)), failed]);
        },
        async end() {
          try {
            await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
            await rename(temp, target);
          } catch (e) {
            await rm(temp, { force: true });
            throw e;
          }
        },
      };
    },
  };
}

if (parentPort) {
  const { spec, paths } = workerData as ExportWorkerData;
  const port = parentPort;
  const temps: string[] = [];
  streamFindingsExport(fileStore(paths, temps), spec).then(
    (findings) => port.postMessage({ ok: true, findings } satisfies ExportWorkerAnswer),
    async (e: unknown) => {
      await Promise.all(temps.map((t) => rm(t, { force: true })));
      port.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e), visible: e instanceof VisibleError } satisfies ExportWorkerAnswer);
    },
  );
}

/**
 * Both cores for one pipeline step on the one-machine stack. The engine's task pool (as the CLI
 * uses it) reads a large upload in byte ranges and writes the report in parts on worker threads;
 * its workers need the uploads and the analysis' work folder as files, which the file-system blob
 * store has (`BlobStore.localPath`). On S3 there are no such files, and the pipeline's Lambda
 * function has one vCPU (stacks/pipeline.ts): each step runs in one thread there.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { EngineContext } from '@app/core';
import { createFolderWorkspace, createTaskPool, flagContextOf, READ_CHUNK_BYTES, SPLIT_THRESHOLD_BYTES, type TaskEnv } from '@app/core/engine/index.ts';
import { BlobNotFoundError } from '../ports/index.ts';
import { MAX_FILE_BYTES } from '../services/files.ts';
import type { Services } from '../services/types.ts';
import { workPrefix } from '../services/workspace.ts';
import { FileUnreadableError } from './errors.ts';
import type { OpenedStep } from './snapshot.ts';

/**
 * Runs `work` with the step's context given a task pool and ranged reads of the uploads, when the
 * blob store is on this file system, the machine has more than one core (`PIPELINE_STEP_THREADS`
 * sets the threads; 1 turns this off) and the uploads are large enough to split; else with the
 * context as it is. The pool's workers write through the step's output budget.
 */
export async function withStepTasks<T>(services: Services, step: OpenedStep, stepName: string, work: (ctx: EngineContext) => Promise<T>): Promise<T> {
  const localPath = services.blobs.localPath?.bind(services.blobs);
  const threads = services.config.stepThreads ?? Math.min(2, availableParallelism());
  if (!localPath || threads < 2 || step.inputBytes < SPLIT_THRESHOLD_BYTES) return work(step.ctx);
  const { snapshot, budget } = step;
  const paths = snapshot.files.map((f) => localPath(f.key));
  const workspaceDir = localPath(workPrefix(step.userSub, step.analysisId).slice(0, -1));
  const env: TaskEnv = {
    workspaceDir,
    sources: paths,
    lists: snapshot.lists,
    settings: snapshot.settings,
    budget: { limit: budget.limit, shared: budget.shared() },
  };
  const fc = flagContextOf(step.ctx);
  const pool = createTaskPool(env, { size: threads, holidays: () => fc.holidayOf.years?.() });
  const fileOf = (index: number) => {
    const file = snapshot.files[index];
    if (!file) throw new Error(`No file ${index} in analysis ${step.analysisId}`);
    return file;
  };
  const ctx: EngineContext = {
    ...step.ctx,
    // The same folder as the workers': the report's parts are copied from there into the outputs
    // in reused buffers, and unlinked once copied.
    workspace: budget.workspace(createFolderWorkspace(workspaceDir)),
    tasks: pool,
    // The product's 100 MB rule, as readCapped applies it to a whole read: a range never reads past the size.
    sourceSize: async (index) => {
      const file = fileOf(index);
      const size = (await stat(paths[index]!).catch((e) => Promise.reject(notFound(e, file.key)))).size;
      if (size > MAX_FILE_BYTES) throw new FileUnreadableError(file.fileName, `it is larger than ${Math.round(MAX_FILE_BYTES / 1024 / 1024)} MB`);
      return size;
    },
    openSourceRange: (index, start, end) => rangeOf(paths[index]!, fileOf(index).key, start, end),
  };
  services.log.info('pipeline step on the task pool', { analysisId: step.analysisId, step: stepName, threads });
  try {
    return await work(ctx);
  } finally {
    await pool.close();
  }
}

/** Bytes [start, end) of a file; a vanished file is a vanished blob. */
async function* rangeOf(path: string, key: string, start: number, end: number): AsyncIterable<Uint8Array> {
  try {
    yield* createReadStream(path, { start, end: end - 1, highWaterMark: READ_CHUNK_BYTES });
  } catch (e) {
    throw notFound(e, key);
  }
}

function notFound(e: unknown, key: string): unknown {
  return (e as NodeJS.ErrnoException)?.code === 'ENOENT' ? new BlobNotFoundError(key) : e;
}

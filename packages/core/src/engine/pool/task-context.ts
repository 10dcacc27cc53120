import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { EngineContext } from '../contract.ts';
import { createFolderWorkspace } from '../../workspace/index.ts';
import { OutputBudget } from '../output-budget.ts';
import type { TaskEnv } from './task-pool.ts';

/**
 * Bytes per read of a source file: just under Node's 1,031,913-byte limit above which a decoded
 * chunk becomes an external string, which the readers' character-by-character loops read more
 * slowly than a string on V8's heap (1 MB chunks were external).
 */
export const READ_CHUNK_BYTES = 1000 * 1024;

/** The EngineContext of a TaskEnv: what the CLI builds in its own thread and each task worker in its. */
export function contextOf(env: TaskEnv): EngineContext {
  return {
    workspace: env.budget ? new OutputBudget(env.budget.limit, env.budget.shared).workspace(createFolderWorkspace(env.workspaceDir)) : createFolderWorkspace(env.workspaceDir),
    lists: env.lists,
    settings: env.settings,
    openSource: (i) => createReadStream(env.sources[i]!, { highWaterMark: READ_CHUNK_BYTES }),
    openSourceRange: (i, start, end) => createReadStream(env.sources[i]!, { highWaterMark: READ_CHUNK_BYTES, start, end: end - 1 }),
    sourceSize: async (i) => (await stat(env.sources[i]!)).size,
  };
}

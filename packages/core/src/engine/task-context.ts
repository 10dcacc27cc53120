import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { EngineContext } from './contract.ts';
import { createFolderWorkspace } from '../workspace/index.ts';
import type { TaskEnv } from './task-pool.ts';

/** The EngineContext of a TaskEnv: what the CLI builds in its own thread and each task worker in its. */
export function contextOf(env: TaskEnv): EngineContext {
  return {
    workspace: createFolderWorkspace(env.workspaceDir),
    lists: env.lists,
    settings: env.settings,
    openSource: (i) => createReadStream(env.sources[i]!, { highWaterMark: 1 << 20 }),
    openSourceRange: (i, start, end) => createReadStream(env.sources[i]!, { highWaterMark: 1 << 20, start, end: end - 1 }),
    sourceSize: async (i) => (await stat(env.sources[i]!)).size,
  };
}

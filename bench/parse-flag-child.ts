/**
 * Child process of the bench: step 1 (read, detect, parse, flag, facts) on one file, timed in a fresh
 * process, as the CLI runs it: a 2-worker task pool (started inside the timed span) parses a large file in parts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flagContextOf } from '../packages/core/src/engine/engine.ts';
import { parseAndFlagFile } from '../packages/core/src/engine/parse-and-flag-file.ts';
import { contextOf } from '../packages/core/src/engine/task-context.ts';
import { createTaskPool, type TaskEnv } from '../packages/core/src/engine/task-pool.ts';
import { loadDefaultLists } from '../packages/core/src/lists/index.ts';

const path = process.argv[2]!;
const temp = await mkdtemp(join(tmpdir(), 'bench-'));
try {
  const env: TaskEnv = { workspaceDir: temp, sources: [path], lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } };
  const start = performance.now();
  const pool = createTaskPool(env, { size: 2 });
  try {
    const ctx = { ...contextOf(env), tasks: pool };
    const fc = flagContextOf(ctx);
    const r = await parseAndFlagFile(ctx, fc, 0, path.split('/').pop()!);
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage();
    process.stdout.write(JSON.stringify({ seconds, records: r.records, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
  } finally {
    await pool.close();
  }
} finally {
  await rm(temp, { recursive: true, force: true });
}

/**
 * Child process of the bench: step 1 (read, detect, parse, flag, facts) on one file, timed in a fresh
 * process, as the CLI runs it: a task pool (started inside the timed span) reads a large file in parts
 * on this thread and a worker. Then the same step once more in the same process ("warm": pool
 * started, code compiled): what a long-running engine reads per second.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flagContextOf } from '../packages/core/src/engine/engine.ts';
import { parseAndFlagFile } from '../packages/core/src/engine/parse/parse-and-flag-file.ts';
import { contextOf } from '../packages/core/src/engine/pool/task-context.ts';
import { createTaskPool, type TaskEnv } from '../packages/core/src/engine/pool/task-pool.ts';
import { loadDefaultLists } from '../packages/core/src/lists/index.ts';

const path = process.argv[2]!;
const temp = await mkdtemp(join(tmpdir(), 'bench-'));
try {
  const env: TaskEnv = { workspaceDir: temp, sources: [path], lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } };
  const start = performance.now();
  // As the CLI (analyze-files.ts): the holiday years found so far go with each task.
  const pool = createTaskPool(env, { size: 2, holidays: () => flagContextOf(contextOf(env)).holidayOf.years?.() });
  try {
    const step1 = async () => {
      const ctx = { ...contextOf(env), tasks: pool };
      return parseAndFlagFile(ctx, flagContextOf(ctx), 0, path.split('/').pop()!);
    };
    const r = await step1();
    const seconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage();
    const again = performance.now();
    await step1();
    const warmSeconds = (performance.now() - again) / 1000;
    process.stdout.write(JSON.stringify({ seconds, warmSeconds, records: r.records, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
  } finally {
    await pool.close();
  }
} finally {
  await rm(temp, { recursive: true, force: true });
}

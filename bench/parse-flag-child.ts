/** Child process of the bench: step 1 (read, detect, parse, flag, facts) on one file, timed in a fresh process. */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { flagContextOf } from '../packages/core/src/engine/engine.ts';
import { createFolderWorkspace } from '../packages/core/src/engine/folder-workspace.ts';
import { parseAndFlagFile } from '../packages/core/src/engine/parse-and-flag-file.ts';
import { loadDefaultLists } from '../packages/core/src/lists/index.ts';

const path = process.argv[2]!;
const temp = await mkdtemp(join(tmpdir(), 'bench-'));
try {
  const ctx = {
    workspace: createFolderWorkspace(temp),
    lists: loadDefaultLists(),
    settings: { holidays: { country: 'US' } },
    openSource: () => createReadStream(path, { highWaterMark: 1 << 20 }),
  };
  const fc = flagContextOf(ctx);
  const start = performance.now();
  const r = await parseAndFlagFile(ctx, fc, 0, path.split('/').pop()!);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage();
  process.stdout.write(JSON.stringify({ seconds, records: r.records, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
} finally {
  await rm(temp, { recursive: true, force: true });
}

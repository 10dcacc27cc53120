import { spawn } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFolderWorkspace } from '../packages/core/src/engine/folder-workspace.ts';
import { flagContextOf } from '../packages/core/src/engine/engine.ts';
import { parseAndFlagFile } from '../packages/core/src/engine/parse-and-flag-file.ts';
import { loadDefaultLists } from '../packages/core/src/lists/index.ts';

export const mb = (bytes: number) => bytes / 1024 / 1024;

/** Baseline: read the file and count newlines, nothing else. */
export async function countNewlines(path: string): Promise<{ seconds: number; lines: number }> {
  const start = performance.now();
  let lines = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let i = -1;
    while ((i = chunk.indexOf(10, i + 1)) !== -1) lines++;
  }
  return { seconds: (performance.now() - start) / 1000, lines };
}

/** Step 1 (read, detect, parse, flag, facts) in this process. */
export async function parseAndFlag(path: string): Promise<{ seconds: number; records: number }> {
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
    return { seconds: (performance.now() - start) / 1000, records: r.records };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** The CLI as a child process under /usr/bin/time -v: wall time and peak RSS. */
export function runCli(files: string[], outDir: string): Promise<{ seconds: number; maxRssMb: number; stdout: string }> {
  const bin = new URL('../packages/cli/bin/sap-analyzer.js', import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-v', process.execPath, bin, 'analyze', ...files, '--out', outDir, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - start) / 1000;
      if (code !== 0) return reject(new Error(`CLI failed (${code}): ${stderr.slice(-2000)}`));
      const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? 0);
      resolve({ seconds, maxRssMb: kb / 1024, stdout });
    });
  });
}

export function sizeMb(path: string): number {
  return mb(statSync(path).size);
}

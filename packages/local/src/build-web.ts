/**
 * Builds the web app for `npm start` and reports it in one line instead of the bundler's file
 * list. The build runs in its own process group, so a Ctrl+C or SIGTERM during it stops it too.
 */
import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface BuildSummary {
  files: number;
  bytes: number;
  ms: number;
}

/** Files and bytes under a folder (the build's manifest folder .vite excluded). */
export async function measureDir(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (relative(dir, path).split(/[\\/]/).includes('.vite')) continue;
    files++;
    bytes += (await stat(path)).size;
  }
  return { files, bytes };
}

/** "Web app built in 8.1 s: 92 files, 3.1 MB (web/dist)". */
export function formatBuildSummary(s: BuildSummary, where: string): string {
  const mb = s.bytes / (1024 * 1024);
  return `Web app built in ${(s.ms / 1000).toFixed(1)} s: ${s.files} files, ${mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.round(s.bytes / 1024)} kB`} (${where})`;
}

/** Runs `npm run build -w web` quietly; on failure the error carries the build's own output. */
export function buildWeb(repoRoot: string, signal: AbortSignal): Promise<BuildSummary> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', 'web'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    signal.addEventListener('abort', stop, { once: true });
    child.on('error', (e) => reject(new Error(`Could not run the web build: ${e.message}`)));
    child.on('close', (code, killedBy) => {
      signal.removeEventListener('abort', stop);
      if (signal.aborted) return reject(new Error('Web build stopped'));
      if (code !== 0) return reject(new Error(`The web build failed (${killedBy ?? `exit code ${code}`}):\n${output.trim()}`));
      measureDir(join(repoRoot, 'web', 'dist')).then((m) => resolve({ ...m, ms: Date.now() - started }), reject);
    });
  });
}

/**
 * Everything under the data folder is the owner's only: files 0600, folders 0700. It holds
 * uploads, reports, the app secret and cognito-local's users (passwords in plain text).
 */
import { chmod, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * New files and folders of this process are created owner-only: the table store's LevelDB files
 * and cognito-local's user files take no mode option. Worker threads cannot set the umask, and
 * they share the process's.
 */
export function restrictNewFiles(): void {
  if (isMainThread) process.umask(0o077);
}

/** Takes group and other permissions off what an earlier version created under `dir` (0644 files). */
export async function restrictExisting(dir: string): Promise<number> {
  let changed = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const info = await lstat(path).catch(() => undefined);
    if (!info || info.isSymbolicLink() || (info.mode & 0o077) === 0) continue;
    await chmod(path, info.isDirectory() ? 0o700 : info.mode & 0o700).catch(() => undefined);
    changed++;
  }
  return changed;
}

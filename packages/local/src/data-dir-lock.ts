/**
 * One running stack per data folder: dynalite crashes the whole process when a second opener
 * touches its LevelDB folder, so we refuse early with a message that says what to do.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(dataDir: string, pid: number) {
    super(`The data folder ${dataDir} is already in use by another running server (process ${pid}). Stop it first, or start with a different DATA_DIR.`);
  }
}

/** Takes the folder's lock; the returned function releases it. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, 'server.lock');
  if (heldHere.has(dataDir)) throw new DataDirInUseError(dataDir, process.pid);
  const previous = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(previous) && previous > 0 && previous !== process.pid && isAlive(previous)) {
    throw new DataDirInUseError(dataDir, previous);
  }
  // A lock left by a process that died is stale and simply replaced.
  await writeFile(file, `${process.pid}\n`);
  heldHere.add(dataDir);
  return async () => {
    heldHere.delete(dataDir);
    await rm(file, { force: true });
  };
}

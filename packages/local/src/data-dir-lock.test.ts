import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second holder in this process until the first releases', async () => {
    const release = await lockDataDir(dir);
    expect((await readFile(join(dir, 'server.lock'), 'utf8')).trim()).toBe(String(process.pid));
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('refuses a folder held by another live process, naming it', async () => {
    await writeFile(join(dir, 'server.lock'), `${process.ppid}\n`);
    await expect(lockDataDir(dir)).rejects.toThrow(`already in use by another running server (process ${process.ppid})`);
  });

  it('replaces a stale lock of a process that is gone', async () => {
    await writeFile(join(dir, 'server.lock'), '999999999\n');
    const release = await lockDataDir(dir);
    await release();
  });
});

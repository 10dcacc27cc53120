import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatBuildSummary, measureDir } from './build-web.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('build summary', () => {
  it('counts the built files and bytes, leaving out the manifest folder', async () => {
    dir = await mkdtemp(join(tmpdir(), 'dist-'));
    await mkdir(join(dir, 'assets'));
    await mkdir(join(dir, '.vite'));
    await writeFile(join(dir, 'index.html'), 'x'.repeat(100));
    await writeFile(join(dir, 'assets', 'a.js'), 'x'.repeat(2000));
    await writeFile(join(dir, '.vite', 'manifest.json'), '{}');
    expect(await measureDir(dir)).toEqual({ files: 2, bytes: 2100 });
  });

  it('says it in one line', () => {
    expect(formatBuildSummary({ files: 92, bytes: 3.25 * 1024 * 1024, ms: 8140 }, 'web/dist')).toBe('Web app built in 8.1 s: 92 files, 3.3 MB (web/dist)');
    expect(formatBuildSummary({ files: 3, bytes: 4096, ms: 500 }, 'web/dist')).toBe('Web app built in 0.5 s: 3 files, 4 kB (web/dist)');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../errors/index.ts';
import { loadDefaultLists } from '../lists/index.ts';
import { createTaskPool, deserializeTaskError, serializeTaskError } from './task-pool.ts';

describe('task pool', () => {
  it('keeps an EngineError an EngineError across threads, with its code, file and message', () => {
    const e = deserializeTaskError(JSON.parse(JSON.stringify(serializeTaskError(new EngineError('UNRECOGNISED_FILE', 'no header found', 'x.csv')))));
    expect(e).toBeInstanceOf(EngineError);
    expect(e.message).toBe('x.csv: no header found');
    expect((e as EngineError).code).toBe('UNRECOGNISED_FILE');
    expect((e as EngineError).fileName).toBe('x.csv');
    const plain = deserializeTaskError(serializeTaskError(Object.assign(new Error('disk full'), { code: 'ENOSPC' })));
    expect(plain).not.toBeInstanceOf(EngineError);
    expect([plain.message, (plain as Error & { code?: string }).code]).toEqual(['disk full', 'ENOSPC']);
  });

  it.each([
    ['the esbuild bundle', true],
    ['the tsx boot file', false],
  ])('runs tasks in worker threads (%s) and rejects an unknown task by name; a closed pool refuses work', async (_, bundled) => {
    const dir = await mkdtemp(join(tmpdir(), 'task-pool-'));
    const pool = createTaskPool({ workspaceDir: dir, sources: [], lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } }, { size: 1, bundled });
    try {
      expect(pool.size).toBe(1);
      await expect(pool.run('no-such-task', {})).rejects.toThrow('unknown engine task: no-such-task');
      // The worker is still there after a failed task.
      await expect(pool.run('report-part', { files: [], fileIndex: 7 })).rejects.toThrow('report part: no file with index 7');
    } finally {
      await pool.close();
      await rm(dir, { recursive: true, force: true });
    }
    await expect(pool.run('report-part', {})).rejects.toThrow('the task pool is closed');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../errors/index.ts';
import { loadDefaultLists } from '../../lists/index.ts';
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { openFile } from '../../formats/open-file.ts';
import type { HolidayYears } from '../../holidays/index.ts';
import { metaOf, partLayoutOf, type ParsePartResult } from '../parse/parse-parts.ts';
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

  it('ends its idle workers on shrink, and starts one again for the next task', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'task-pool-'));
    const pool = createTaskPool({ workspaceDir: dir, sources: [], lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } }, { size: 2 });
    try {
      await expect(pool.run('no-such-task', {})).rejects.toThrow('unknown engine task');
      expect(pool.workers).toBeGreaterThan(0);
      await pool.shrink();
      expect(pool.workers).toBe(0);
      await expect(pool.run('report-part', { files: [], fileIndex: 7 })).rejects.toThrow('report part: no file with index 7');
      expect(pool.workers).toBe(1);
    } finally {
      await pool.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends the holiday years it is given with each task: a worker flags by them (and computes a year it was not sent)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'task-pool-'));
    const path = join(dir, 'sm20.csv');
    // Debugger changes at 10:00 on Tuesday 2026-03-03 and on Friday 2027-07-05 (Independence Day observed).
    const rows = ['Date,Time,User,Event,Audit Log Msg. Text', '03.03.2026,10:00:00,BOB,CUL,Field content changed', '05.07.2027,10:00:00,BOB,CUL,Field content changed'];
    await writeFile(path, rows.join('\n') + '\n');
    const opened = await openFile(createReadStream(path), 'sm20.csv');
    const input = { index: 0, meta: metaOf(opened), layout: partLayoutOf(opened)!, from: 0, to: 1 << 20, size: (rows.join('\n') + '\n').length, pack: true };
    const timingWith = async (years: HolidayYears | undefined) => {
      const pool = createTaskPool({ workspaceDir: dir, sources: [path], lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } }, { size: 1, holidays: () => years });
      try {
        const r = (await pool.run('parse-part', input)) as ParsePartResult;
        return r.rows.summary.flag_counts.CHANGE_TIMING_FLAG;
      } finally {
        await pool.close();
      }
    };
    try {
      // Not sent: the worker loads the calendar; only 2027-07-05 is a holiday.
      expect(await timingWith(undefined)).toBe(1);
      // Sent (a made-up holiday proves the worker used what it was sent for 2026): both.
      expect(await timingWith({ '2026': [['2026-03-03', 'Seeded Day']] })).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultLists } from '../../lists/index.ts';
import type { FileStepResult } from '../contract.ts';
import { correlateAndStore } from './correlate-step.ts';
import { flagContextOf } from '../engine.ts';
import { CORRELATION_NAME, ITEM_HEADERS_NAME, PATTERN_TABLE_NAME, type StoredCorrelation } from '../names.ts';
import { PatternTable } from '../../correlate/pattern-table.ts';
import { parseAndFlagFile } from '../parse/parse-and-flag-file.ts';
import { contextOf } from '../pool/task-context.ts';
import { createTaskPool, type TaskEnv } from '../pool/task-pool.ts';

// The work over CDPOS items and their headers (correlate-items.ts) runs apart from the other rules
// with a task pool: in a worker, inline without a pool, or not apart at all, the stored correlation
// and item headers are the same bytes.

const fixture = (name: string) => new URL(`../fixtures/${name}`, import.meta.url).pathname;
const SOURCES = ['sm20.csv', 'cdhdr.csv', 'cdpos.csv', 'tickets.csv', 'v2/cdpos-joined-siem.csv'].map(fixture);

let temp: string;
let env: TaskEnv;
let files: FileStepResult[];

beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'correlate-items-'));
  env = { workspaceDir: temp, sources: SOURCES, lists: loadDefaultLists(), settings: { holidays: { country: 'US' } } };
  const ctx = contextOf(env);
  const fc = flagContextOf(ctx);
  files = [];
  for (let i = 0; i < SOURCES.length; i++) files.push(await parseAndFlagFile(ctx, fc, i, SOURCES[i]!.split('/').pop()!));
});
afterAll(() => rm(temp, { recursive: true, force: true }));

/** correlation.json with patterns.bin, and item-headers.bin after one way of correlating. */
async function stored(): Promise<{ json: string; itemHeaders: Buffer; correlation: StoredCorrelation }> {
  const table = await readFile(join(temp, PATTERN_TABLE_NAME));
  const json = (await readFile(join(temp, CORRELATION_NAME), 'utf8')) + table.toString('base64');
  const correlation = JSON.parse(await readFile(join(temp, CORRELATION_NAME), 'utf8')) as StoredCorrelation;
  correlation.patterns = PatternTable.decode(table).toArray();
  return { json, itemHeaders: await readFile(join(temp, ITEM_HEADERS_NAME)), correlation };
}

describe('correlate-items apart from the other rules', () => {
  it('gives the same correlation.json and item headers in a worker, inline and not apart', async () => {
    const ctx = contextOf(env);
    const fc = flagContextOf(ctx);
    await correlateAndStore(ctx, fc, files, false);
    const whole = await stored();
    // What the fixtures hold: BOB's after-hours KRED change (a CDHDR header with its item), FRAUD1's
    // bank key in the joined SIEM export, self-authorisation from user administration, items and
    // headers, and the CDHDR ↔ CDPOS row between the Tickets and SM20 rows.
    expect(whole.correlation.patterns.filter((p) => p.pattern === 'AFTER_HOURS_SENSITIVE_CHANGE').map((p) => [p.user, p.sm20_time])).toEqual([
      ['FRAUD1', '2026-11-18 21:15:00'],
      ['BOB', '2026-11-18 22:10:00'],
      ['BOB', '2026-11-18 22:15:00'],
    ]);
    expect(whole.correlation.patterns.filter((p) => p.pattern === 'SELF_AUTHORIZATION').map((p) => p.user)).toEqual(['DAVE', 'IVAN', 'ADMIN4', 'SELFIE']);
    expect(Object.keys(whole.correlation.summary)).toEqual(['Tickets', 'CDHDR ↔ CDPOS', 'SM20 ↔ change documents', 'Suspicious patterns']);
    expect(whole.itemHeaders.length).toBeGreaterThan(0);

    await correlateAndStore(ctx, fc, files, true);
    const inline = await stored();
    expect(inline.json).toBe(whole.json);
    expect(inline.itemHeaders.equals(whole.itemHeaders)).toBe(true);

    const pool = createTaskPool(env, { size: 2 });
    try {
      const tasks: string[] = [];
      const pooled = { ...ctx, tasks: { size: pool.size, run: (task: string, input: unknown) => (tasks.push(task), pool.run(task, input)) } };
      await correlateAndStore(pooled, fc, files);
      // The fixtures' SM20 file has logon windows: its logons are read on the pool too (read-logons.ts).
      expect(tasks).toEqual(['correlate-items']);
      const worker = await stored();
      expect(worker.json).toBe(whole.json);
      expect(worker.itemHeaders.equals(whole.itemHeaders)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('fails the correlation with the task\'s error when the item facts are missing', async () => {
    const ctx = contextOf(env);
    const missing = [...files, { ...files[2]!, index: 99, fileName: 'gone.csv' }];
    await expect(correlateAndStore(ctx, flagContextOf(ctx), missing, true)).rejects.toThrow(/facts of file 99 \(gone\.csv\) are missing/);
  });
});

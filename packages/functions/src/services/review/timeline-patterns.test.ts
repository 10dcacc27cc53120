/**
 * The timeline's patterns of one user from the stored pattern table: the user column is read once per
 * analysis and user, later pages read only that user's patterns (issue 24); the cache is bounded.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PatternTable } from '@app/core/correlate/pattern-table.ts';
import type { AnalysisReport, SuspiciousPattern } from '@app/core';
import { createFsBlobStore, type FsBlobStore } from '../../adapters/blobs/fs-store.ts';
import type { AnalysisItem } from '../analyses/analysis-item.ts';
import type { Services } from '../types.ts';
import { outputKeys } from '../workspace.ts';
import { PositionCache, timelinePatterns } from './timeline-patterns.ts';

const N = 20_000;
const USERS = ['ALICE', ' alice ', 'BOB', 'CAROL', 'DAVE', 'EVE', 'FRANK', 'GRACE'];
const all: SuspiciousPattern[] = Array.from({ length: N }, (_, i) => ({
  pattern: 'CHANGE_WITHOUT_TICKET', risk_level: 'medium', rule: '', user: USERS[(i * 7) % USERS.length]!,
  sm20_time: new Date(Date.UTC(2026, 8, 1) + i * 60_000).toISOString().slice(0, 19).replace('T', ' '), sm20_activity: `change ${i}`,
}) as SuspiciousPattern);
/** As the table gives them back (with their rule ids). */
const listed = PatternTable.of(all).toArray();
/** As report.json carries them: the first few and the total. */
const report = { suspicious_patterns: all.slice(0, 3), suspicious_patterns_total: N } as unknown as AnalysisReport;
const item = (analysisId: string) => ({ userSub: 'sub-1', analysisId, completedAt: '2026-11-28T18:00:00Z' }) as AnalysisItem;

let dir: string;
let store: FsBlobStore;
let bytesRead = 0;
let services: Services;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'timeline-patterns-'));
  store = createFsBlobStore({ dir, secret: 'unit-test-secret-0123456789abcdef', publicUrl: 'http://127.0.0.1:1' });
  const bytes = Buffer.concat([...PatternTable.of(all).encode()].map((b) => Buffer.from(b)));
  for (const id of ['A1', 'A2']) await store.put(outputKeys('sub-1', id).patterns, bytes);
  // The real store, its ranged reads counted.
  const blobs = Object.create(store) as FsBlobStore;
  blobs.readRange = async (key, start, length) => {
    bytesRead += length;
    return store.readRange(key, start, length);
  };
  services = { blobs } as unknown as Services;
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The patterns and the bytes read for them. */
async function read(analysisId: string, user: string, cache: PositionCache) {
  bytesRead = 0;
  const patterns = await timelinePatterns(services, item(analysisId), report, user, cache);
  return { patterns, bytesRead };
}

describe("the timeline's patterns of one user", () => {
  it('reads the user column once per analysis and user; the next page reads only the patterns, the same ones', async () => {
    const cache = new PositionCache(4, 1_000_000);
    const expected = listed.filter((p) => p.user.trim().toUpperCase() === 'BOB');
    const first = await read('A1', 'BOB', cache);
    expect(first.patterns).toEqual(expected);
    expect(first.bytesRead).toBeGreaterThan(N * 4);
    const again = await read('A1', 'bob', cache);
    expect(again.patterns).toEqual(expected);
    // The same reads less the user column's 80 kB.
    expect(again.bytesRead).toBe(first.bytesRead - N * 4);
    // ' alice ' and ALICE are one user; another analysis is read again.
    const alice = listed.filter((p) => p.user.trim().toUpperCase() === 'ALICE');
    const aliceFirst = await read('A1', ' alice ', cache);
    expect(aliceFirst.patterns).toEqual(alice);
    const aliceAgain = await read('A1', 'ALICE', cache);
    expect(aliceAgain.patterns).toEqual(alice);
    expect(aliceAgain.bytesRead).toBe(aliceFirst.bytesRead - N * 4);
    expect((await read('A2', 'BOB', cache)).bytesRead).toBeGreaterThan(N * 4);
    // A user with no patterns is kept too (an empty answer, no column read the next time).
    expect((await read('A1', 'NOBODY', cache)).patterns).toEqual([]);
    expect((await read('A1', 'NOBODY', cache)).bytesRead).toBeLessThan(N * 4);
  });

  it('from the report when it lists every pattern (no table read)', async () => {
    const whole = { suspicious_patterns: all.slice(0, 10) } as unknown as AnalysisReport;
    bytesRead = 0;
    const got = await timelinePatterns(services, item('A1'), whole, ' Alice', new PositionCache(4, 100));
    expect(got).toEqual(all.slice(0, 10).filter((p) => p.user.trim().toUpperCase() === 'ALICE'));
    expect(bytesRead).toBe(0);
  });

  it('keeps at most its entries and positions, the least recently used going first', () => {
    const cache = new PositionCache(2, 10);
    const p = (n: number) => new Uint32Array(n);
    cache.set('a', p(2));
    cache.set('b', p(2));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', p(2));
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([true, false, true]);
    // Over the positions bound: the oldest go until it fits; one larger than the bound is not kept.
    cache.set('d', p(9));
    expect([cache.get('a'), cache.get('c')]).toEqual([undefined, undefined]);
    expect(cache.get('d')?.length).toBe(9);
    cache.set('e', p(11));
    expect([cache.get('e'), cache.size]).toEqual([undefined, 1]);
  });
});

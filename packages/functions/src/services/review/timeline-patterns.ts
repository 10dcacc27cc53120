/**
 * The patterns of one user for the timeline's pattern lane. From the report when it lists every
 * pattern; else from the stored pattern table, whose user column (4 bytes a pattern: 6.6 MB at
 * 1.65 M patterns) must be read whole to find where one user's patterns are. Every page of a user's
 * timeline asks again, so where they are is kept here, per analysis and user, in a small
 * least-recently-used cache: the next page reads only those patterns.
 */
import { patternUserKey, type AnalysisReport, type SuspiciousPattern } from '@app/core';
import { openPatternTable, reportListsSome } from '../analyses/pattern-pages.ts';
import type { AnalysisItem } from '../analyses/analysis-item.ts';
import type { Services } from '../types.ts';

/**
 * Positions by key, least recently used first out: at most `maxEntries` keys and `maxPositions`
 * positions in all (a user with more positions than that is not kept).
 */
export class PositionCache {
  private readonly entries = new Map<string, Uint32Array>();
  private positions = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxPositions: number,
  ) {}

  get(key: string): Uint32Array | undefined {
    const found = this.entries.get(key);
    if (found !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, positions: Uint32Array): void {
    this.delete(key);
    if (positions.length > this.maxPositions) return;
    this.entries.set(key, positions);
    this.positions += positions.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.positions <= this.maxPositions) break;
      this.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.positions -= old.length;
  }
}

/** A few analyses' users at a time (a reviewer pages through one user, then the next); at most 8 MB of positions. */
const positions = new PositionCache(32, 2 * 1024 * 1024);

/** The cache key: the analysis (its completion, should it ever be completed again) and the user as the timeline matches it. */
const keyOf = (item: AnalysisItem, user: string) => [item.userSub, item.analysisId, item.completedAt ?? '', patternUserKey(user)].join('\u0001');

/** The patterns of `user` (matched by `patternUserKey`), from the report or, when it lists only some, from the stored table. */
export async function timelinePatterns(services: Services, item: AnalysisItem, report: AnalysisReport, user: string, cache: PositionCache = positions): Promise<SuspiciousPattern[]> {
  const table = reportListsSome(report) ? await openPatternTable(services, item) : undefined;
  if (table === undefined) {
    const wanted = patternUserKey(user);
    return report.suspicious_patterns.filter((p) => patternUserKey(p.user) === wanted);
  }
  const key = keyOf(item, user);
  let found = cache.get(key);
  if (found === undefined) {
    found = await table.positionsOf(user);
    cache.set(key, found);
  }
  return table.atPositions(found);
}

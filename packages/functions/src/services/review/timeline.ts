/**
 * GET /results/{id}/timeline: one user's activity across the analysis's files. An analysis whose
 * report step wrote `timeline-index.bin` answers every page from it: the index's directory, the
 * page's entries and the page's rows of results.csv, read by byte range (core review/timeline-index).
 *
 * An analysis written before the index existed falls back to a scan: the first call for a user
 * reads results.csv once and keeps the user's timeline beside the outputs, as an index (day and
 * type of every entry) and chunks of 1000 entries under `timeline/<hash of the user>/` (removed
 * with the analysis); later pages and filters read that index and only the chunks they need.
 */
import { createHash } from 'node:crypto';
import { buildUserTimeline, openTimelineIndex, readTimelinePage, TimelineIndexError, type OpenedTimelineIndex, type TimelineEntry } from '@app/core/review/index.ts';
import { FILE_TYPES, patternUserKey } from '@app/core';
import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';
import { BlobNotFoundError } from '../../ports/index.ts';
import { readReport, requireAnalysis } from '../analyses/analysis-views.ts';
import { timelinePatterns } from './timeline-patterns.ts';
import type { Services } from '../types.ts';
import { analysisPrefix, outputKeys, readText } from '../workspace.ts';

export const TIMELINE_CHUNK = 1000;

export const timelineQuerySchema = z.object({
  user: z.string().trim().min(1, 'user is required').max(80).regex(/^[^\s]+$/, 'user is one SAP user id'),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD').optional(),
  type: z.enum([...FILE_TYPES, 'PATTERN']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  // A position (scan) or a position per kind of entry (index): nextCursor of the previous page.
  cursor: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,9}){4}$|^\d{1,6}$/, 'cursor must be the nextCursor of the previous page')
    .optional(),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

interface TimelineIndex {
  user: string;
  truncated: boolean;
  scannedRecords: number;
  /** `<day> <type>` of every entry, in order. */
  keys: string[];
}

const keyOf = (e: TimelineEntry) => `${e.time.slice(0, 10) || 'unknown'} ${e.type}`;

interface Loaded {
  index: TimelineIndex;
  /** Entries i … of the page, by position. */
  entriesAt: (positions: number[]) => Promise<TimelineEntry[]>;
  cached: boolean;
}

type AnalysisOf = Awaited<ReturnType<typeof requireAnalysis>>;
type ReportOf = Awaited<ReturnType<typeof readReport>>;

async function loadTimeline(services: Services, userSub: string, analysisId: string, user: string, item: AnalysisOf, report: ReportOf): Promise<Loaded> {
  const folder = `${analysisPrefix(userSub, analysisId)}timeline/${createHash('sha256').update(patternUserKey(user)).digest('hex').slice(0, 32)}/`;
  const chunkKey = (n: number) => `${folder}chunk-${n}.json`;
  try {
    const index = JSON.parse(await readText(services.blobs, `${folder}index.json`)) as TimelineIndex;
    const entriesAt = async (positions: number[]) => {
      const chunks = new Map<number, TimelineEntry[]>();
      await Promise.all(
        [...new Set(positions.map((p) => Math.floor(p / TIMELINE_CHUNK)))].map(async (n) => chunks.set(n, JSON.parse(await readText(services.blobs, chunkKey(n))))),
      );
      return positions.map((p) => chunks.get(Math.floor(p / TIMELINE_CHUNK))![p % TIMELINE_CHUNK]!);
    };
    return { index, entriesAt, cached: true };
  } catch (e) {
    if (!(e instanceof BlobNotFoundError)) throw e;
  }
  if (!item.outputs) throw new VisibleError('CONFLICT', 'The analysis has no outputs');
  const timeline = await buildUserTimeline(services.blobs.read(item.outputs.csv), user, await timelinePatterns(services, item, report, user));
  const index: TimelineIndex = { user: timeline.user, truncated: timeline.truncated, scannedRecords: timeline.scannedRecords, keys: timeline.entries.map(keyOf) };
  // Chunks first: an index on its own would promise entries that are not there.
  for (let n = 0; n * TIMELINE_CHUNK < timeline.entries.length; n++) {
    await services.blobs.put(chunkKey(n), JSON.stringify(timeline.entries.slice(n * TIMELINE_CHUNK, (n + 1) * TIMELINE_CHUNK)), 'application/json');
  }
  await services.blobs.put(`${folder}index.json`, JSON.stringify(index), 'application/json');
  return { index, entriesAt: async (positions) => positions.map((p) => timeline.entries[p]!), cached: false };
}

/** The analysis's timeline index, or undefined when its report step wrote none. */
async function openIndex(services: Services, key: string): Promise<OpenedTimelineIndex | undefined> {
  try {
    return await openTimelineIndex((start, length) => services.blobs.readRange(key, start, length));
  } catch (e) {
    if (e instanceof BlobNotFoundError) return undefined;
    if (e instanceof TimelineIndexError) throw new VisibleError('RESULT_DAMAGED', `The timeline index of this analysis cannot be read (${e.message}); analyse the files again`);
    throw e;
  }
}

export async function getTimeline(services: Services, userSub: string, analysisId: string, q: TimelineQuery) {
  const item = await requireAnalysis(services, userSub, analysisId);
  const report = await readReport(services, item);
  if (!item.outputs) throw new VisibleError('CONFLICT', 'The analysis has no outputs');
  const csvKey = item.outputs.csv;
  const index = await openIndex(services, outputKeys(userSub, analysisId).timelineIndex);
  if (index) {
    const page = await readTimelinePage(index, (start, length) => services.blobs.readRange(csvKey, start, length), q.user, q, await timelinePatterns(services, item, report, q.user)).catch((e) => {
      throw e instanceof TimelineIndexError ? new VisibleError('BAD_REQUEST', `Invalid request: cursor: ${e.message}`) : e;
    });
    const { rowsRead, ...rest } = page;
    return { analysisId, ...rest, truncated: false, scannedRecords: rowsRead, cached: true, source: 'index' as const };
  }
  return scanTimeline(services, userSub, analysisId, q, item, report);
}

/** The timeline of an analysis without an index (written before the report step made one). */
async function scanTimeline(services: Services, userSub: string, analysisId: string, q: TimelineQuery, item: AnalysisOf, report: ReportOf) {
  if (q.cursor?.includes('.')) throw new VisibleError('BAD_REQUEST', 'Invalid request: cursor: cursor must be the nextCursor of the previous page');
  const { index, entriesAt, cached } = await loadTimeline(services, userSub, analysisId, q.user, item, report);
  const days = new Map<string, number>();
  const types: Record<string, number> = {};
  const matching: number[] = [];
  index.keys.forEach((key, i) => {
    const [day, type] = key.split(' ') as [string, string];
    days.set(day, (days.get(day) ?? 0) + 1);
    types[type] = (types[type] ?? 0) + 1;
    if ((!q.day || day === q.day) && (!q.type || type === q.type)) matching.push(i);
  });
  const start = Number(q.cursor ?? 0);
  return {
    analysisId,
    user: index.user,
    entries: await entriesAt(matching.slice(start, start + q.limit)),
    matched: matching.length,
    total: index.keys.length,
    nextCursor: start + q.limit < matching.length ? String(start + q.limit) : null,
    days: [...days].map(([day, count]) => ({ day, count })),
    types,
    truncated: index.truncated,
    scannedRecords: index.scannedRecords,
    cached,
    source: 'scan' as const,
  };
}

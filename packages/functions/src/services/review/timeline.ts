/**
 * GET /results/{id}/timeline: one user's activity across the analysis's files. The first call
 * for a user reads results.csv once and keeps the user's timeline beside the outputs
 * (`timeline/<hash>.json`, removed with the analysis); later pages and filters read that.
 */
import { createHash } from 'node:crypto';
import { buildUserTimeline, type UserTimeline } from '@app/core/review/index.ts';
import { FILE_TYPES } from '@app/core';
import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';
import { BlobNotFoundError } from '../../ports/index.ts';
import { readReport, requireAnalysis } from '../analyses/analysis-views.ts';
import type { Services } from '../types.ts';
import { analysisPrefix, readText } from '../workspace.ts';

export const timelineQuerySchema = z.object({
  user: z.string().trim().min(1, 'user is required').max(80).regex(/^[^\s]+$/, 'user is one SAP user id'),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be YYYY-MM-DD').optional(),
  type: z.enum([...FILE_TYPES, 'PATTERN']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().regex(/^\d{1,6}$/, 'cursor must be the nextCursor of the previous page').optional(),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

async function loadTimeline(services: Services, userSub: string, analysisId: string, user: string): Promise<{ timeline: UserTimeline; cached: boolean }> {
  const item = await requireAnalysis(services, userSub, analysisId);
  const report = await readReport(services, item);
  const key = `${analysisPrefix(userSub, analysisId)}timeline/${createHash('sha256').update(user.toUpperCase()).digest('hex').slice(0, 32)}.json`;
  try {
    return { timeline: JSON.parse(await readText(services.blobs, key)) as UserTimeline, cached: true };
  } catch (e) {
    if (!(e instanceof BlobNotFoundError)) throw e;
  }
  if (!item.outputs) throw new VisibleError('CONFLICT', 'The analysis has no outputs');
  const timeline = await buildUserTimeline(services.blobs.read(item.outputs.csv), user, report.suspicious_patterns);
  await services.blobs.put(key, JSON.stringify(timeline), 'application/json');
  return { timeline, cached: false };
}

export async function getTimeline(services: Services, userSub: string, analysisId: string, q: TimelineQuery) {
  const { timeline, cached } = await loadTimeline(services, userSub, analysisId, q.user);
  const days = new Map<string, number>();
  const types: Record<string, number> = {};
  for (const e of timeline.entries) {
    const day = e.time.slice(0, 10) || 'unknown';
    days.set(day, (days.get(day) ?? 0) + 1);
    types[e.type] = (types[e.type] ?? 0) + 1;
  }
  const matching = timeline.entries.filter((e) => (!q.day || e.time.startsWith(q.day)) && (!q.type || e.type === q.type));
  const start = Number(q.cursor ?? 0);
  return {
    analysisId,
    user: timeline.user,
    entries: matching.slice(start, start + q.limit),
    matched: matching.length,
    total: timeline.entries.length,
    nextCursor: start + q.limit < matching.length ? String(start + q.limit) : null,
    days: [...days].map(([day, count]) => ({ day, count })),
    types,
    truncated: timeline.truncated,
    scannedRecords: timeline.scannedRecords,
    cached,
  };
}

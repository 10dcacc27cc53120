/**
 * GET /results/{id}/patterns: a page of the analysis's patterns, most severe first, from the stored
 * pattern table (a few ranged reads, whatever the number of patterns); an analysis written before
 * the table was kept has every pattern in its report.json instead. The timeline finds one user's
 * patterns in the same table (services/review/timeline-patterns.ts).
 */
import { StoredPatternTable } from '@app/core';
import type { AnalysisReport } from '@app/core';
import { z } from 'zod';
import { BlobNotFoundError } from '../../ports/index.ts';
import type { Services } from '../types.ts';
import { outputKeys } from '../workspace.ts';
import { readReport, requireAnalysis } from './analysis-views.ts';
import type { AnalysisItem } from './analysis-item.ts';

export const PATTERNS_PAGE_MAX = 500;

export const patternsQuerySchema = z.object({
  offset: z.coerce.number().int('offset must be a whole number').min(0, 'offset must be 0 or more').default(0),
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(PATTERNS_PAGE_MAX, `limit may be at most ${PATTERNS_PAGE_MAX}`).default(25),
});

/** The stored table of a completed analysis, or undefined when it has none (written before it was kept). */
export async function openPatternTable(services: Services, item: AnalysisItem): Promise<StoredPatternTable | undefined> {
  const key = outputKeys(item.userSub, item.analysisId).patterns;
  try {
    return await StoredPatternTable.open((start, length) => services.blobs.readRange(key, start, length));
  } catch (e) {
    if (e instanceof BlobNotFoundError) return undefined;
    throw e;
  }
}

/** Whether the report lists only some of the patterns (the rest are in the stored table). */
export const reportListsSome = (report: AnalysisReport) => (report.suspicious_patterns_total ?? report.suspicious_patterns.length) > report.suspicious_patterns.length;

export async function getPatternPage(services: Services, userSub: string, analysisId: string, q: z.infer<typeof patternsQuerySchema>) {
  const item = await requireAnalysis(services, userSub, analysisId);
  // Refuses an analysis that has not completed, as GET /results/{id} does.
  const report = await readReport(services, item);
  const table = reportListsSome(report) ? await openPatternTable(services, item) : undefined;
  const total = table ? table.total : report.suspicious_patterns.length;
  const patterns = table ? await table.page(q.offset, q.offset + q.limit) : report.suspicious_patterns.slice(q.offset, q.offset + q.limit);
  return { analysisId, total, offset: q.offset, limit: q.limit, patterns };
}

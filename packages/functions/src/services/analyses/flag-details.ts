/** POST /flag-details: up to 10 sample records of one flag, from the report's flagSamples. */
import { FLAG_KEYS, type FlagKey } from '@app/core';
import { z } from 'zod';
import type { Services } from '../types.ts';
import { readReport, requireAnalysis } from './analysis-views.ts';
import { analysisIdSchema } from './analysis-id.ts';

export const MAX_SAMPLE_RECORDS = 10;

export const flagDetailsRequestSchema = z.object({
  analysisId: analysisIdSchema,
  flagName: z.string().refine((f): f is FlagKey => (FLAG_KEYS as readonly string[]).includes(f), {
    message: `flagName must be one of ${FLAG_KEYS.join(', ')}`,
  }),
});

export async function getFlagDetails(services: Services, userSub: string, request: z.infer<typeof flagDetailsRequestSchema>) {
  const item = await requireAnalysis(services, userSub, request.analysisId);
  const report = await readReport(services, item);
  const flag = request.flagName as FlagKey;
  const sample = report.flagSamples[flag];
  const total = sample?.total ?? report.summary.flag_counts[flag] ?? 0;
  const records = (sample?.records ?? []).slice(0, MAX_SAMPLE_RECORDS);
  return {
    flagName: flag,
    records,
    columns: sample?.columns ?? [],
    aggregatedFlags: sample?.aggregatedFlags ?? {},
    total,
    hasMore: total > records.length,
    ...(records.length === 0 ? { reason: total === 0 ? 'No records with this flag' : 'No sample records were kept for this flag; download the CSV for all records' } : {}),
  };
}

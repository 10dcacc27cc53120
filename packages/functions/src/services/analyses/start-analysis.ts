/** POST /analyze: validate the request, snapshot lists and settings, record the analysis, start the pipeline. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';
import { writeSnapshot } from '../../pipeline/snapshot.ts';
import { loadActiveLists } from '../risk/active-lists.ts';
import { getPreference } from '../preferences/preference-store.ts';
import { aiSettingsSchema } from '../preferences/schemas.ts';
import { snapshotSuppressions } from '../review/suppression-snapshot.ts';
import type { Services } from '../types.ts';
import { putAnalysis, updateAnalysis, type AnalysisItem } from './analysis-item.ts';
import { assertUnchangedSinceConfirmed, loadReadyFiles } from './owned-files.ts';

export const MAX_FILES_PER_ANALYSIS = 10;

export const analyzeRequestSchema = z.object({
  fileIds: z
    .array(z.string().uuid('must be a fileId returned by POST /upload'))
    .min(1, 'Select at least one file to analyze')
    .max(MAX_FILES_PER_ANALYSIS, `At most ${MAX_FILES_PER_ANALYSIS} files can be analysed together`),
  analysisType: z.enum(['single', 'multi']).optional(),
  correlateFiles: z.boolean().optional(),
  aiSettings: aiSettingsSchema.partial().optional(),
});
export type AnalyzeRequest = z.infer<typeof analyzeRequestSchema>;

export async function startAnalysis(services: Services, userSub: string, request: AnalyzeRequest): Promise<{ analysisId: string; status: 'processing' }> {
  const fileIds = [...new Set(request.fileIds)];
  const files = await loadReadyFiles(services, userSub, fileIds);
  await assertUnchangedSinceConfirmed(services, files);
  // More than one file is always a correlated multi-file analysis (spec section 7).
  const multi = files.length > 1;
  const [resolved, holidays, savedAi] = await Promise.all([
    loadActiveLists(services),
    getPreference(services, userSub, 'holiday_calendar'),
    getPreference(services, userSub, 'ai_settings'),
  ]);
  const { timeZone, ...calendar } = holidays;
  const aiSettings = aiSettingsSchema.parse({ ...savedAi, ...request.aiSettings });
  const analysisId = randomUUID();
  await writeSnapshot(services, userSub, analysisId, {
    files,
    lists: resolved.lists,
    listVersions: resolved.versions,
    settings: { holidays: calendar, timeZone, thresholds: resolved.thresholds },
    aiOutputColumn: aiSettings.outputColumn,
    ...(aiSettings.enabled ? { ai: aiSettings } : {}),
  });
  const item: Omit<AnalysisItem, 'pk' | 'sk'> = {
    analysisId,
    userSub,
    status: 'processing',
    createdAt: new Date().toISOString(),
    analysisType: multi ? 'multi' : 'single',
    correlateFiles: multi,
    fileIds,
    fileNames: files.map((f) => f.fileName),
    fileName: files.map((f) => f.fileName).join(', '),
    fileTypes: [],
    listVersions: resolved.versions,
    holidayCalendar: calendar,
    timeZone,
    aiEnabled: aiSettings.enabled,
    aiSettings,
  };
  await putAnalysis(services, item);
  try {
    // The suppressions this analysis will apply: those in force now (docs/review.md).
    await snapshotSuppressions(services, userSub, analysisId);
    await services.orchestrator.startAnalysis({ analysisId, userSub, files, correlate: multi, aiEnabled: aiSettings.enabled });
  } catch (e) {
    services.log.error('could not start the pipeline', { analysisId, error: String(e) });
    const message = 'The analysis could not be started. Your files are unchanged; please try again in a moment.';
    await updateAnalysis(services, userSub, analysisId, { status: 'failed', failedAt: new Date().toISOString(), error: message });
    throw new VisibleError('NOT_CONFIGURED', message);
  }
  return { analysisId, status: 'processing' };
}

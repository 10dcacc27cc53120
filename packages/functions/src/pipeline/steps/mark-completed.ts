import type { AnalysisReport } from '@app/core';
import type { z } from 'zod';
import { updateAnalysis } from '../../services/analyses/analysis-item.ts';
import type { Services } from '../../services/types.ts';
import { prepareFindingsIndex } from '../../services/review/finding-store.ts';
import { analysisPrefix, readText, workPrefix } from '../../services/workspace.ts';
import type { markCompletedInput } from './step-input.ts';

/** Flips the analysis to `completed` once every output is durable. */
export async function markCompleted(input: z.infer<typeof markCompletedInput>, services: Services): Promise<{ status: string }> {
  const report = JSON.parse(await readText(services.blobs, input.report.report)) as AnalysisReport;
  // The index of the findings, so the first page of cases or findings is a read (docs/review.md).
  await prepareFindingsIndex(services, input.userSub, input.analysisId, input.report.report);
  const updated = await updateAnalysis(services, input.userSub, input.analysisId, {
    status: 'completed',
    completedAt: new Date().toISOString(),
    summary: report.summary,
    totalRecords: report.summary.total_records,
    fileTypes: [...new Set(report.files.map((f) => f.fileType))],
    risk: report.risk,
    dashboard: report.dashboard,
    analysisType: report.analysis_type,
    outputs: input.report,
  });
  if (!updated) {
    // Deleted while running: remove what the run wrote after the delete.
    await services.blobs.deletePrefix(analysisPrefix(input.userSub, input.analysisId));
    return { status: 'deleted' };
  }
  // Intermediates (parsed records, snapshot) served the steps only; outputs and report.json stay.
  await services.blobs.deletePrefix(workPrefix(input.userSub, input.analysisId));
  return { status: 'completed' };
}

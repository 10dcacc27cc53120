/** DELETE /results/{id}: the item, its reviews and every object under the analysis prefix; uploads and suppressions stay. */
import { deleteReviewData } from '../review/review-store.ts';
import type { Services } from '../types.ts';
import { analysisPrefix } from '../workspace.ts';
import { deleteAnalysisItem } from './analysis-item.ts';
import { requireAnalysis } from './analysis-views.ts';

export async function deleteAnalysis(services: Services, userSub: string, analysisId: string): Promise<void> {
  await requireAnalysis(services, userSub, analysisId);
  await services.blobs.deletePrefix(analysisPrefix(userSub, analysisId));
  await deleteReviewData(services, userSub, analysisId);
  await deleteAnalysisItem(services, userSub, analysisId);
}

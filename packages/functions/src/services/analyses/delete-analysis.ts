/** DELETE /results/{id}: the item and every object under the analysis prefix; uploads stay. */
import type { Services } from '../types.ts';
import { analysisPrefix } from '../workspace.ts';
import { deleteAnalysisItem } from './analysis-item.ts';
import { requireAnalysis } from './analysis-views.ts';

export async function deleteAnalysis(services: Services, userSub: string, analysisId: string): Promise<void> {
  await requireAnalysis(services, userSub, analysisId);
  await services.blobs.deletePrefix(analysisPrefix(userSub, analysisId));
  await deleteAnalysisItem(services, userSub, analysisId);
}

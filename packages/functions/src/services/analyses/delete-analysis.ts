/**
 * DELETE /results/{id}: the item, its reviews and every object under the analysis prefix; uploads
 * and suppressions stay. Safe to interrupt: the item is marked deleting first (it is listed and
 * shown no more), then the objects and review items go, the item last. A storage fault in
 * between leaves a marked item that a retry of the DELETE, the next start of the local stack
 * (`finishInterruptedDeletions`) or a later listing of the user's analyses removes.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { VisibleError } from '../../http/errors.ts';
import { keys } from '../keys.ts';
import { deleteReviewData } from '../review/review-store.ts';
import type { Services } from '../types.ts';
import { analysisPrefix } from '../workspace.ts';
import { deleteAnalysisItem, getAnalysis, markDeleting, queryAnalyses, type AnalysisItem } from './analysis-item.ts';
import { NOT_FOUND_MESSAGE } from './analysis-views.ts';

/** A deletion marked this long ago and not finished was interrupted: a listing finishes it. */
export const STALE_DELETION_MS = 60_000;

async function removeAnalysisData(services: Services, userSub: string, analysisId: string): Promise<void> {
  await services.blobs.deletePrefix(analysisPrefix(userSub, analysisId));
  await deleteReviewData(services, userSub, analysisId);
  await deleteAnalysisItem(services, userSub, analysisId);
}

export async function deleteAnalysis(services: Services, userSub: string, analysisId: string): Promise<void> {
  // A retry finds the item still marked and carries on.
  const item = await getAnalysis(services, userSub, analysisId);
  if (!item) throw new VisibleError('NOT_FOUND', NOT_FOUND_MESSAGE);
  if (!item.deletingAt && !(await markDeleting(services, userSub, analysisId))) throw new VisibleError('NOT_FOUND', NOT_FOUND_MESSAGE);
  await removeAnalysisData(services, userSub, analysisId);
}

/** Finishes interrupted deletions among items already read; a failure is logged, never thrown. */
async function finish(services: Services, items: readonly AnalysisItem[]): Promise<number> {
  let done = 0;
  for (const item of items) {
    try {
      await removeAnalysisData(services, item.userSub, item.analysisId);
      done++;
    } catch (e) {
      services.log.warn('an interrupted analysis deletion could not be finished yet', { analysisId: item.analysisId, error: String(e) });
    }
  }
  return done;
}

/** GET /results: the user's analyses (none being deleted); deletions interrupted a while ago are finished first. */
export async function listAnalysesFinishingDeletions(services: Services, userSub: string): Promise<AnalysisItem[]> {
  const all = await queryAnalyses(services, userSub);
  const cutoff = new Date(Date.now() - STALE_DELETION_MS).toISOString();
  const stale = all.filter((i) => i.deletingAt && i.deletingAt < cutoff);
  if (stale.length > 0) await finish(services, stale.slice(0, 5));
  return all.filter((i) => !i.deletingAt);
}

/** On start of the local stack: every analysis left marked deleting is removed; returns how many. */
export async function finishInterruptedDeletions(services: Services): Promise<number> {
  const marked: AnalysisItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await services.ddb.send(
      new ScanCommand({
        TableName: services.config.tableName,
        FilterExpression: 'begins_with(sk, :analysis) AND attribute_exists(deletingAt)',
        ExpressionAttributeValues: { ':analysis': keys.analysis('') },
        ExclusiveStartKey: start,
      }),
    );
    marked.push(...((page.Items ?? []) as AnalysisItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return finish(services, marked);
}

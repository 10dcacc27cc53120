/**
 * Local runtime only: executions live in the server process, so after a restart nothing will
 * ever finish an analysis left `processing`. Marking those failed lets the user see why and
 * start again (uploads are untouched). On AWS, Step Functions outlives the API and this never runs.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { analysisPrefix } from '../workspace.ts';
import { updateAnalysis, type AnalysisItem } from './analysis-item.ts';

export const INTERRUPTED_MESSAGE =
  'The analysis was interrupted because the server stopped. Your uploaded files are unchanged; please start the analysis again.';

/** Marks every `processing` analysis failed and removes what its run wrote; returns how many were. */
export async function failInterruptedAnalyses(services: Services): Promise<number> {
  const stale: AnalysisItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await services.ddb.send(
      new ScanCommand({
        TableName: services.config.tableName,
        FilterExpression: 'begins_with(sk, :analysis) AND #status = :processing',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':analysis': keys.analysis(''), ':processing': 'processing' },
        ExclusiveStartKey: start,
      }),
    );
    stale.push(...((page.Items ?? []) as AnalysisItem[]));
    start = page.LastEvaluatedKey;
  } while (start);
  const failedAt = new Date().toISOString();
  for (const item of stale) {
    await updateAnalysis(services, item.userSub, item.analysisId, { status: 'failed', failedAt, error: INTERRUPTED_MESSAGE });
    // Its work folder (snapshot, facts, report parts) and any partial outputs: nothing reads them again.
    await services.blobs.deletePrefix(analysisPrefix(item.userSub, item.analysisId));
  }
  return stale.length;
}

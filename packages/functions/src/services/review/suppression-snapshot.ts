/**
 * Which suppressions an analysis applies: those in force when it STARTED (taken in
 * startAnalysis), kept with the analysis so its findings read the same later, whatever
 * happens to the suppressions afterwards. An analysis started before suppressions existed
 * has no snapshot and applies none.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isActiveAt, type SuppressionRule } from '@app/core/review/index.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { reviewKeys } from './review-keys.ts';
import { listSuppressions, toRule } from './suppression-store.ts';

export interface SuppressionSnapshot {
  takenAt: string;
  suppressions: SuppressionRule[];
}

export async function snapshotSuppressions(services: Services, userSub: string, analysisId: string, now = new Date()): Promise<SuppressionSnapshot> {
  const active = (await listSuppressions(services, userSub)).filter((s) => isActiveAt(s, now));
  const snapshot: SuppressionSnapshot = { takenAt: now.toISOString(), suppressions: active.map(toRule) };
  await services.ddb.send(
    new PutCommand({ TableName: services.config.tableName, Item: { pk: keys.user(userSub), sk: reviewKeys.suppressionSnapshot(analysisId), ...snapshot } }),
  );
  return snapshot;
}

export async function readSuppressionSnapshot(services: Services, userSub: string, analysisId: string): Promise<SuppressionSnapshot | undefined> {
  const out = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.user(userSub), sk: reviewKeys.suppressionSnapshot(analysisId) }, ConsistentRead: true }),
  );
  if (!out.Item) return undefined;
  return { takenAt: out.Item.takenAt as string, suppressions: out.Item.suppressions as SuppressionRule[] };
}

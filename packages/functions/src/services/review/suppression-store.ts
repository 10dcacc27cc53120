/** Suppressions (issue 17): the owner's standing explanations, applied by later analyses. */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isActiveAt, type SuppressionRule } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { queryAll } from '../db.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { reviewKeys } from './review-keys.ts';

/** Limits before work: a user keeps at most this many suppressions (expired and deleted included). */
export const MAX_SUPPRESSIONS = 500;
const MAX_HISTORY = 50;

export interface SuppressionChange {
  at: string;
  by: string;
  action: 'created' | 'edited' | 'expired' | 'deleted';
  changes?: Record<string, unknown>;
}

export interface SuppressionItem extends SuppressionRule {
  pk: string;
  sk: string;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  deletedAt?: string;
  deletedBy?: string;
  /** Where it was created from, when it came from triage. */
  sourceAnalysisId?: string;
  sourceFindingId?: string;
  history: SuppressionChange[];
}

export type SuppressionState = 'active' | 'expired' | 'deleted';

export function suppressionState(s: Pick<SuppressionItem, 'expiresAt' | 'deletedAt'>, now = new Date()): SuppressionState {
  if (s.deletedAt) return 'deleted';
  return isActiveAt(s, now) ? 'active' : 'expired';
}

export const SUPPRESSION_NOT_FOUND = 'Suppression not found';

export async function listSuppressions(services: Services, userSub: string): Promise<SuppressionItem[]> {
  const items = await queryAll<SuppressionItem>(services.ddb, {
    TableName: services.config.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(userSub), ':sk': reviewKeys.suppressions },
  });
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.suppressionId.localeCompare(b.suppressionId));
}

export async function getSuppression(services: Services, userSub: string, suppressionId: string): Promise<SuppressionItem> {
  if (!/^[0-9a-f-]{36}$/.test(suppressionId)) throw new VisibleError('NOT_FOUND', SUPPRESSION_NOT_FOUND);
  const out = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.user(userSub), sk: reviewKeys.suppression(suppressionId) }, ConsistentRead: true }),
  );
  if (!out.Item) throw new VisibleError('NOT_FOUND', SUPPRESSION_NOT_FOUND);
  return out.Item as SuppressionItem;
}

export async function putSuppression(services: Services, item: SuppressionItem): Promise<void> {
  const history = item.history.slice(-MAX_HISTORY);
  await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item: { ...item, history } }));
}

export interface NewSuppression {
  rule: string;
  user: string;
  object?: string;
  terminal?: string;
  reason: string;
  expiresAt: string;
  sourceAnalysisId?: string;
  sourceFindingId?: string;
}

export async function createSuppression(services: Services, userSub: string, by: string, input: NewSuppression): Promise<SuppressionItem> {
  const existing = await listSuppressions(services, userSub);
  if (existing.length >= MAX_SUPPRESSIONS) {
    throw new VisibleError('CONFLICT', `You have ${MAX_SUPPRESSIONS} suppressions, the most one account keeps; delete old ones first`);
  }
  const now = new Date().toISOString();
  const suppressionId = randomUUID();
  const item: SuppressionItem = {
    pk: keys.user(userSub),
    sk: reviewKeys.suppression(suppressionId),
    suppressionId,
    rule: input.rule,
    user: input.user.trim().toUpperCase(),
    ...(input.object ? { object: input.object.trim() } : {}),
    ...(input.terminal ? { terminal: input.terminal.trim() } : {}),
    reason: input.reason,
    expiresAt: input.expiresAt,
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    ...(input.sourceAnalysisId ? { sourceAnalysisId: input.sourceAnalysisId, sourceFindingId: input.sourceFindingId } : {}),
    history: [{ at: now, by, action: 'created' }],
  };
  await putSuppression(services, item);
  return item;
}

/** The fields an analysis keeps of a suppression it applies. */
export function toRule(s: SuppressionItem): SuppressionRule {
  return {
    suppressionId: s.suppressionId,
    rule: s.rule,
    user: s.user,
    ...(s.object ? { object: s.object } : {}),
    ...(s.terminal ? { terminal: s.terminal } : {}),
    reason: s.reason,
    expiresAt: s.expiresAt,
  };
}

/** The API shape: the item without its keys, with its state. */
export function toSuppressionView(s: SuppressionItem, now = new Date()) {
  const { pk: _pk, sk: _sk, ...rest } = s;
  return { ...rest, state: suppressionState(s, now) };
}

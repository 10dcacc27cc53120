/** Suppressions (issue 17): the owner's standing explanations, applied by later analyses. */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isActiveAt, type SuppressionRule } from '@app/core/review/index.ts';
import { VisibleError } from '../../http/errors.ts';
import { queryAll } from '../db.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { reviewKeys } from './review-keys.ts';
import { backoff } from './review-store.ts';

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
  /** Bumped by every write; a write names the version it read (absent on items written before: 0). */
  version?: number;
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

const isConditionFailure = (e: unknown) => (e as Error | undefined)?.name === 'ConditionalCheckFailedException';
const DELETED = 'This suppression was deleted; create a new one instead';

/**
 * Changes a suppression by reading it and writing it back on the condition that nobody wrote in
 * between and that it is not deleted; a lost race reads again and applies the change to what won,
 * so every change stays in the history and a deleted suppression stays deleted.
 * @param change the next item from the current one (throws to refuse, e.g. 409 when deleted)
 */
export async function updateSuppression(
  services: Services,
  userSub: string,
  suppressionId: string,
  change: (current: SuppressionItem) => SuppressionItem,
): Promise<SuppressionItem> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const current = await getSuppression(services, userSub, suppressionId);
    if (current.deletedAt) throw new VisibleError('CONFLICT', DELETED);
    const read = current.version ?? 0;
    const next = { ...change(current), version: read + 1 };
    try {
      await services.ddb.send(
        new PutCommand({
          TableName: services.config.tableName,
          Item: { ...next, history: next.history.slice(-MAX_HISTORY) },
          ConditionExpression: `attribute_exists(sk) AND attribute_not_exists(deletedAt) AND ${read === 0 ? 'attribute_not_exists(version)' : 'version = :v'}`,
          ...(read === 0 ? {} : { ExpressionAttributeValues: { ':v': read } }),
        }),
      );
      return next;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      await backoff(attempt);
    }
  }
  throw new VisibleError('CONFLICT', 'This suppression is being changed by many requests at once; try again in a moment');
}

/**
 * Takes one of the user's MAX_SUPPRESSIONS places with a conditional increment of a counter
 * item, so parallel creations cannot pass the cap together. The counter starts from the number
 * of suppressions already stored (accounts from before the counter).
 */
async function reserveSuppressionPlace(services: Services, userSub: string): Promise<void> {
  const key = { pk: keys.user(userSub), sk: reviewKeys.suppressionCount };
  const table = services.config.tableName;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await services.ddb.send(
        new UpdateCommand({ TableName: table, Key: key, UpdateExpression: 'SET n = n + :one', ConditionExpression: 'n < :max', ExpressionAttributeValues: { ':one': 1, ':max': MAX_SUPPRESSIONS } }),
      );
      return;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    const counter = await services.ddb.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
    if (counter.Item) break;
    const stored = (await listSuppressions(services, userSub)).length;
    try {
      await services.ddb.send(new PutCommand({ TableName: table, Item: { ...key, n: stored }, ConditionExpression: 'attribute_not_exists(sk)' }));
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  throw new VisibleError('CONFLICT', `You have ${MAX_SUPPRESSIONS} suppressions, the most one account keeps; delete old ones first`);
}

async function releaseSuppressionPlace(services: Services, userSub: string): Promise<void> {
  await services.ddb.send(
    new UpdateCommand({
      TableName: services.config.tableName,
      Key: { pk: keys.user(userSub), sk: reviewKeys.suppressionCount },
      UpdateExpression: 'SET n = n - :one',
      ConditionExpression: 'n > :zero',
      ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
    }),
  ).catch(() => undefined);
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

/**
 * Creates a suppression within the cap. One made from a finding (`sourceAnalysisId` and
 * `sourceFindingId`) is made once per finding and rule: a marker item claimed with a conditional
 * put names it, and asking again (in parallel too) answers the same suppression while it is not
 * deleted.
 */
export async function createSuppression(services: Services, userSub: string, by: string, input: NewSuppression): Promise<SuppressionItem> {
  if (!input.sourceAnalysisId || !input.sourceFindingId) return insertSuppression(services, userSub, by, input, randomUUID());
  const table = services.config.tableName;
  const markerKey = { pk: keys.user(userSub), sk: reviewKeys.suppressionFrom(input.sourceAnalysisId, input.sourceFindingId, input.rule) };
  for (let attempt = 0; attempt < 200; attempt++) {
    const marker = (await services.ddb.send(new GetCommand({ TableName: table, Key: markerKey, ConsistentRead: true }))).Item as
      | { suppressionId: string; claimedAt: number }
      | undefined;
    if (marker) {
      const existing = await getSuppression(services, userSub, marker.suppressionId).catch((e: unknown) => {
        if (e instanceof VisibleError && e.code === 'NOT_FOUND') return undefined;
        throw e;
      });
      if (existing && !existing.deletedAt) return existing;
      // Still being written by the request that claimed it: wait for it, unless it was abandoned.
      if (!existing && Date.now() - marker.claimedAt < 15_000) {
        await backoff(attempt);
        continue;
      }
    }
    const suppressionId = randomUUID();
    try {
      await services.ddb.send(
        new PutCommand({
          TableName: table,
          Item: { ...markerKey, suppressionId, claimedAt: Date.now() },
          ConditionExpression: marker ? 'suppressionId = :old' : 'attribute_not_exists(sk)',
          ...(marker ? { ExpressionAttributeValues: { ':old': marker.suppressionId } } : {}),
        }),
      );
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
      continue;
    }
    try {
      return await insertSuppression(services, userSub, by, input, suppressionId);
    } catch (e) {
      await services.ddb
        .send(new DeleteCommand({ TableName: table, Key: markerKey, ConditionExpression: 'suppressionId = :id', ExpressionAttributeValues: { ':id': suppressionId } }))
        .catch(() => undefined);
      throw e;
    }
  }
  throw new VisibleError('CONFLICT', 'A suppression for this finding is being created; try again in a moment');
}

async function insertSuppression(services: Services, userSub: string, by: string, input: NewSuppression, suppressionId: string): Promise<SuppressionItem> {
  await reserveSuppressionPlace(services, userSub);
  const now = new Date().toISOString();
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
    version: 1,
  };
  try {
    await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
  } catch (e) {
    await releaseSuppressionPlace(services, userSub);
    throw e;
  }
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
  const { pk: _pk, sk: _sk, version: _version, ...rest } = s;
  return { ...rest, state: suppressionState(s, now) };
}

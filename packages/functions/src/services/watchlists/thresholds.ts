/**
 * The organisation's detection thresholds: one item, the defaults until an administrator saves
 * them. A save is a conditional write on the item it read (two saves landing at once give one
 * 409 instead of a lost audit value), bumps the thresholds' version and writes an audit entry
 * with both values.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_THRESHOLDS, type DetectionThresholds } from '@app/core';
import { VisibleError } from '../../http/errors.ts';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { writeAudit } from '../risk/audit-log.ts';
import { bumpVersionCounter, readVersionCounter } from '../risk/list-version.ts';
import type { ThresholdsInput } from './thresholds-schema.ts';

export const THRESHOLDS_VERSION_SK = 'VERSION#THRESHOLDS';
const ITEM_KEY = { pk: keys.detectionThresholds, sk: 'THRESHOLDS' };
export const THRESHOLDS_AUDIT_ID = 'THRESHOLDS';

export interface ThresholdsState {
  thresholds: DetectionThresholds;
  defaults: DetectionThresholds;
  /** True while nobody has saved thresholds (the defaults apply). */
  isDefault: boolean;
  lastModified?: string;
  lastModifiedBy?: string;
}

interface StoredThresholds {
  pk: string;
  sk: string;
  thresholds: DetectionThresholds;
  lastModified: string;
  lastModifiedBy: string;
}

export function defaultThresholds(): DetectionThresholds {
  return structuredClone(DEFAULT_THRESHOLDS) as DetectionThresholds;
}

export async function readThresholds(services: Services): Promise<ThresholdsState> {
  const res = await services.ddb.send(new GetCommand({ TableName: services.config.tableName, Key: ITEM_KEY, ConsistentRead: true }));
  const stored = res.Item as StoredThresholds | undefined;
  if (!stored) return { thresholds: defaultThresholds(), defaults: defaultThresholds(), isDefault: true };
  return {
    // A setting added later reads its default until an administrator saves it.
    thresholds: { ...defaultThresholds(), ...stored.thresholds },
    defaults: defaultThresholds(),
    isDefault: false,
    lastModified: stored.lastModified,
    lastModifiedBy: stored.lastModifiedBy,
  };
}

export async function saveThresholds(services: Services, userId: string, input: ThresholdsInput): Promise<ThresholdsState> {
  const before = await readThresholds(services);
  const thresholds: DetectionThresholds = { ...before.thresholds, ...input } as DetectionThresholds;
  const item: StoredThresholds = { ...ITEM_KEY, thresholds, lastModified: new Date().toISOString(), lastModifiedBy: userId };
  try {
    await services.ddb.send(
      new PutCommand({
        TableName: services.config.tableName,
        Item: item,
        ConditionExpression: before.lastModified ? 'lastModified = :seen' : 'attribute_not_exists(pk)',
        ExpressionAttributeValues: before.lastModified ? { ':seen': before.lastModified } : undefined,
      }),
    );
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') {
      throw new VisibleError('CONFLICT', 'The detection thresholds were changed by someone else at the same time; reload and try again');
    }
    throw e;
  }
  await bumpVersionCounter(services, THRESHOLDS_VERSION_SK);
  await writeAudit(services, {
    action: 'UPDATE',
    itemId: THRESHOLDS_AUDIT_ID,
    itemType: 'detection_thresholds',
    userId,
    previousValue: before.thresholds,
    newValue: thresholds,
  });
  return { thresholds, defaults: defaultThresholds(), isDefault: false, lastModified: item.lastModified, lastModifiedBy: userId };
}

export function readThresholdsVersion(services: Services): Promise<number> {
  return readVersionCounter(services, THRESHOLDS_VERSION_SK);
}

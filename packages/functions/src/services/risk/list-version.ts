/**
 * One counter per list under RISK#META, bumped atomically (UpdateItem ADD) on every change, so
 * an analysis can record which version of the lists it ran with and caches can tell staleness.
 * The watchlists and the detection thresholds keep their counters here too, by sort key.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { RISK_KINDS, type RiskKind } from './risk-kinds.ts';

export function bumpListVersion(services: Services, kind: RiskKind): Promise<number> {
  return bumpVersionCounter(services, RISK_KINDS[kind].versionSk);
}

export function readListVersion(services: Services, kind: RiskKind): Promise<number> {
  return readVersionCounter(services, RISK_KINDS[kind].versionSk);
}

export async function bumpVersionCounter(services: Services, versionSk: string): Promise<number> {
  const res = await services.ddb.send(
    new UpdateCommand({
      TableName: services.config.tableName,
      Key: { pk: keys.riskMeta, sk: versionSk },
      UpdateExpression: 'ADD #v :one SET updatedAt = :now',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.version ?? 0);
}

export async function readVersionCounter(services: Services, versionSk: string): Promise<number> {
  const res = await services.ddb.send(
    new GetCommand({
      TableName: services.config.tableName,
      Key: { pk: keys.riskMeta, sk: versionSk },
      ConsistentRead: true,
    }),
  );
  return Number(res.Item?.version ?? 0);
}

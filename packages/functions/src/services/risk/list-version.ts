/**
 * One counter per list under RISK#META, bumped atomically (UpdateItem ADD) on every change, so
 * an analysis can record which version of the lists it ran with and caches can tell staleness.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../keys.ts';
import type { Services } from '../types.ts';
import { RISK_KINDS, type RiskKind } from './risk-kinds.ts';

export async function bumpListVersion(services: Services, kind: RiskKind): Promise<number> {
  const res = await services.ddb.send(
    new UpdateCommand({
      TableName: services.config.tableName,
      Key: { pk: keys.riskMeta, sk: RISK_KINDS[kind].versionSk },
      UpdateExpression: 'ADD #v :one SET updatedAt = :now',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(res.Attributes?.version ?? 0);
}

export async function readListVersion(services: Services, kind: RiskKind): Promise<number> {
  const res = await services.ddb.send(
    new GetCommand({
      TableName: services.config.tableName,
      Key: { pk: keys.riskMeta, sk: RISK_KINDS[kind].versionSk },
      ConsistentRead: true,
    }),
  );
  return Number(res.Item?.version ?? 0);
}

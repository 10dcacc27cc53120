/**
 * Counts for the About page. COUNT queries keep the items out of the response, but DynamoDB
 * still pages them 1 MB at a time, so every count follows LastEvaluatedKey.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../services/keys.ts';
import type { Services } from '../services/types.ts';

export interface SystemInfo {
  version: string;
  buildDate: string;
  mode: 'aws' | 'local';
  region: string;
  detectionFlags: number;
  flagNames: string[];
  masterTables: number;
  masterTcodes: number;
  highRiskTables: number;
  highRiskTcodes: number;
  aiAvailable: boolean;
}

async function countPartition(services: Services, pk: string, activeOnly: boolean): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await services.ddb.send(
      new QueryCommand({
        TableName: services.config.tableName,
        KeyConditionExpression: 'pk = :pk',
        Select: 'COUNT',
        ExclusiveStartKey: start,
        ...(activeOnly
          ? {
              // Soft-deleted risk entries carry active=false; entries without the flag count as active.
              FilterExpression: 'attribute_not_exists(active) OR active = :true',
              ExpressionAttributeValues: { ':pk': pk, ':true': true },
            }
          : { ExpressionAttributeValues: { ':pk': pk } }),
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

export async function readSystemInfo(services: Services, flagNames: readonly string[]): Promise<SystemInfo> {
  const [masterTables, masterTcodes, highRiskTables, highRiskTcodes] = await Promise.all([
    countPartition(services, keys.masterTable, false),
    countPartition(services, keys.masterTcode, false),
    countPartition(services, keys.riskTable, true),
    countPartition(services, keys.riskTcode, true),
  ]);
  const { config } = services;
  return {
    version: config.version,
    buildDate: config.buildDate,
    mode: config.mode,
    region: config.region,
    detectionFlags: flagNames.length,
    flagNames: [...flagNames],
    masterTables,
    masterTcodes,
    highRiskTables,
    highRiskTcodes,
    aiAvailable: Boolean(config.ai.provider),
  };
}

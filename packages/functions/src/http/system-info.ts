/** Counts for the About page, read from the running system (COUNT queries, no items read out). */
import { countMaster } from '../services/master/master-store.ts';
import { RULE_CATALOGUE } from '@app/core/rules/index.ts';
import { countAll } from '../services/db.ts';
import { keys } from '../services/keys.ts';
import type { Services } from '../services/types.ts';

export interface SystemInfo {
  version: string;
  buildDate: string;
  mode: 'aws' | 'local';
  region: string;
  flagCount: number;
  flagNames: string[];
  masterTables: number;
  masterTcodes: number;
  highRiskTables: number;
  highRiskTcodes: number;
  /** Rules of the catalogue (DETECTION.md section 5) that flag reasons and patterns come from. */
  detectionRules: number;
  aiAvailable: boolean;
}

function countPartition(services: Services, pk: string, activeOnly: boolean): Promise<number> {
  return countAll(services.ddb, {
    TableName: services.config.tableName,
    KeyConditionExpression: 'pk = :pk',
    ...(activeOnly
      ? {
          // Soft-deleted risk entries carry active=false; entries without the flag count as active.
          FilterExpression: 'attribute_not_exists(active) OR active = :true',
          ExpressionAttributeValues: { ':pk': pk, ':true': true },
        }
      : { ExpressionAttributeValues: { ':pk': pk } }),
  });
}

export async function readSystemInfo(services: Services, flagNames: readonly string[]): Promise<SystemInfo> {
  const [masterTables, masterTcodes, highRiskTables, highRiskTcodes] = await Promise.all([
    countMaster(services, 'table'),
    countMaster(services, 'tcode'),
    countPartition(services, keys.riskTable, true),
    countPartition(services, keys.riskTcode, true),
  ]);
  const { config } = services;
  return {
    version: config.version,
    buildDate: config.buildDate,
    mode: config.mode,
    region: config.region,
    flagCount: flagNames.length,
    flagNames: [...flagNames],
    masterTables,
    masterTcodes,
    highRiskTables,
    highRiskTcodes,
    detectionRules: RULE_CATALOGUE.length,
    aiAvailable: Boolean(config.ai.provider),
  };
}

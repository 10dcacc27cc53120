/**
 * Autocomplete over a master list: a Query with begins_with on the sort key in the one partition
 * of the prefix's first two characters (master-kinds.ts), so it reads only the matching entries
 * and stays fast with 400k entries in the list.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Services } from '../types.ts';
import { MASTER_KINDS, masterPk, type MasterKind } from './master-kinds.ts';

export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_RESULTS = 20;

export type MasterSearchResult = { tableId: string; description: string } | { tcodeId: string; description: string };

export async function searchMaster(services: Services, kind: MasterKind, query: string, limit?: number): Promise<MasterSearchResult[]> {
  const prefix = query.trim().toUpperCase();
  if (prefix.length < SEARCH_MIN_CHARS) return [];
  const max = Math.min(Math.max(Math.trunc(limit ?? SEARCH_MAX_RESULTS) || SEARCH_MAX_RESULTS, 1), SEARCH_MAX_RESULTS);
  const info = MASTER_KINDS[kind];
  const res = await services.ddb.send(
    new QueryCommand({
      TableName: services.config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': masterPk(kind, prefix), ':prefix': prefix },
      Limit: max,
    }),
  );
  return (res.Items ?? []).map(
    (item) => ({ [info.idField]: String(item.sk), description: String(item.description ?? '') }) as MasterSearchResult,
  );
}

/** Reads descriptions from the master lists (to fill a risk item's empty description). */
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Services } from '../types.ts';
import { masterPk, type MasterKind } from './master-kinds.ts';

export async function lookupMasterDescription(services: Services, kind: MasterKind, id: string): Promise<string> {
  const res = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: masterPk(kind, id), sk: id } }),
  );
  return typeof res.Item?.description === 'string' ? res.Item.description : '';
}

/** Descriptions of many IDs at once (BatchGet, 100 keys per call); IDs not found are absent. */
export async function lookupMasterDescriptions(services: Services, kind: MasterKind, ids: string[]): Promise<Map<string, string>> {
  const table = services.config.tableName;
  const found = new Map<string, string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 100) {
    let pending: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((sk) => ({ pk: masterPk(kind, sk), sk }));
    for (let attempt = 0; pending && pending.length > 0; attempt++) {
      if (attempt > 8) throw new Error('Master list lookup kept returning unprocessed keys');
      if (attempt > 0) await delay(25 * 2 ** attempt);
      const res = await services.ddb.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending } } }));
      for (const item of res.Responses?.[table] ?? []) {
        if (typeof item.description === 'string') found.set(String(item.sk), item.description);
      }
      pending = res.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

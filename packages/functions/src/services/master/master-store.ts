/**
 * Writing and counting master entries across their partitions (master-kinds.ts: one per list and
 * name prefix). Writes are BatchWriteItem calls of 25, many in flight; the partitions written are
 * added to the list's shard set so that a count can visit each of them.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Services } from '../types.ts';
import { batchPutItems } from './batch-write.ts';
import { masterPk, masterShard, masterShardsKey, type MasterKind } from './master-kinds.ts';

export interface MasterEntry {
  id: string;
  description: string;
}

/** Writes entries (upserts), reporting the count written as it goes, then records their partitions. */
export async function putMasterEntries(services: Services, kind: MasterKind, entries: MasterEntry[], onProgress?: (written: number) => void): Promise<void> {
  await batchPutItems(
    services,
    entries.map((e) => ({ pk: masterPk(kind, e.id), sk: e.id, description: e.description })),
    { concurrency: 32, onProgress },
  );
  const shards = [...new Set(entries.map((e) => masterShard(e.id)))];
  // A string set holds up to 400 KB: a few thousand two-character prefixes at most.
  for (let i = 0; i < shards.length; i += 1000) {
    await services.ddb.send(
      new UpdateCommand({
        TableName: services.config.tableName,
        Key: masterShardsKey(kind),
        UpdateExpression: 'ADD shards :s',
        ExpressionAttributeValues: { ':s': new Set(shards.slice(i, i + 1000)) },
      }),
    );
  }
}

/** The list's partitions, from its shard set. */
export async function masterShards(services: Services, kind: MasterKind): Promise<string[]> {
  const res = await services.ddb.send(new GetCommand({ TableName: services.config.tableName, Key: masterShardsKey(kind), ConsistentRead: true }));
  const shards = res.Item?.shards as Set<string> | string[] | undefined;
  return shards ? [...shards].sort() : [];
}

/** How many entries a master list holds: a counting Query per partition, eight at a time. */
export async function countMaster(services: Services, kind: MasterKind): Promise<number> {
  const shards = await masterShards(services, kind);
  let total = 0;
  let next = 0;
  const worker = async () => {
    while (next < shards.length) {
      const pk = masterPk(kind, shards[next++]!);
      let start: Record<string, unknown> | undefined;
      do {
        const res = await services.ddb.send(
          new QueryCommand({ TableName: services.config.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Select: 'COUNT', ExclusiveStartKey: start }),
        );
        total += res.Count ?? 0;
        start = res.LastEvaluatedKey;
      } while (start);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, shards.length) }, worker));
  return total;
}

/**
 * Writes many items fast: BatchWriteItem in chunks of 25 (the DynamoDB maximum), several chunks
 * in flight, unprocessed items retried with exponential backoff until written or out of tries.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Services } from '../types.ts';

const CHUNK = 25;
const MAX_ATTEMPTS = 10;

export async function batchPutItems(
  services: Services,
  items: object[],
  options: { concurrency?: number; onProgress?: (written: number) => void } = {},
): Promise<void> {
  const chunks: object[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  let next = 0;
  let written = 0;
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      await writeChunk(services, chunk);
      written += chunk.length;
      options.onProgress?.(written);
    }
  };
  const workers = Array.from({ length: Math.min(options.concurrency ?? 8, chunks.length) }, worker);
  await Promise.all(workers);
}

async function writeChunk(services: Services, chunk: object[]): Promise<void> {
  const table = services.config.tableName;
  let requests = chunk.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; requests.length > 0; attempt++) {
    if (attempt >= MAX_ATTEMPTS) {
      throw new Error(`BatchWrite left ${requests.length} items unprocessed after ${MAX_ATTEMPTS} attempts`);
    }
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(20 * 2 ** attempt, 2000)));
    const res = await services.ddb.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
    requests = (res.UnprocessedItems?.[table] ?? []) as typeof requests;
  }
}

/**
 * A read cache for the table client of the one-machine stack (issue 26, item 9): GET /files and
 * GET /results spent about 4 ms of the server thread per call in the SDK, SigV4, HTTP and
 * dynalite, for data that rarely changes between two calls. Queries and Gets of one partition
 * (`pk = …`) are answered from memory while the partition is unchanged. Coherent because the
 * local table store counts every write to each partition as it arrives and as it ends
 * (`PartitionVersions`, packages/local/src/dynamo.ts), whoever writes (the API, the pipeline's
 * worker threads): an answer is reused only when the partition's count is still the one read
 * before the query was sent. Not used on AWS (no such counter; each Lambda reads DynamoDB).
 */
import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface PartitionVersions {
  /** A number that changes whenever a write to the partition starts or ends. */
  of(pk: string): number;
}

/** Bounds of what is kept: entries, bytes (as JSON) in all, and of one answer. */
const MAX_ENTRIES = 4000;
const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ANSWER_BYTES = 1024 * 1024;

function partitionOf(command: unknown): string | undefined {
  if (command instanceof GetCommand) {
    const pk = command.input.Key?.pk;
    return typeof pk === 'string' ? pk : undefined;
  }
  if (command instanceof QueryCommand) {
    const input = command.input;
    if (input.IndexName) return undefined;
    const name = /^\s*pk\s*=\s*(:\w+)/.exec(input.KeyConditionExpression ?? '')?.[1];
    const pk = name ? input.ExpressionAttributeValues?.[name] : undefined;
    return typeof pk === 'string' ? pk : undefined;
  }
  return undefined;
}

/**
 * Makes `ddb` answer repeated partition reads from memory while the partition is unchanged.
 * Callers get their own copy of an answer, as from the store.
 */
export function cacheReads(ddb: DynamoDBDocumentClient, versions: PartitionVersions): DynamoDBDocumentClient {
  const cache = new Map<string, { version: number; out: unknown; bytes: number }>();
  let bytes = 0;
  const forget = (key: string) => {
    const old = cache.get(key);
    if (!old) return;
    bytes -= old.bytes;
    cache.delete(key);
  };
  const send = ddb.send.bind(ddb) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
  const cached = async (command: unknown, ...rest: unknown[]): Promise<unknown> => {
    const pk = partitionOf(command);
    if (pk === undefined || rest.length > 0) return send(command, ...rest);
    const key = `${(command as object).constructor.name}\u0000${JSON.stringify((command as { input: unknown }).input)}`;
    const version = versions.of(pk);
    const hit = cache.get(key);
    if (hit && hit.version === version) {
      cache.delete(key);
      cache.set(key, hit);
      return structuredClone(hit.out);
    }
    const out = await send(command);
    forget(key);
    const size = JSON.stringify(out).length;
    if (size <= MAX_ANSWER_BYTES) {
      cache.set(key, { version, out: structuredClone(out), bytes: size });
      bytes += size;
      while (cache.size > MAX_ENTRIES || bytes > MAX_BYTES) forget(cache.keys().next().value!);
    }
    return out;
  };
  (ddb as unknown as { send: typeof cached }).send = cached;
  return ddb;
}

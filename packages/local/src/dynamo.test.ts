import { createRequire } from 'node:module';
import { DynamoDBClient, GetItemCommand, PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableCredentials } from '@app/functions/services/db.ts';
import { ensureTable, startDynalite, type LocalDynamo } from './dynamo.ts';

const SECRET = 'test-secret-for-the-table-store';
const TABLE = 'table-store-test';
const faults: unknown[] = [];
let dynamo: LocalDynamo;

function client(credentials = localTableCredentials(SECRET)): DynamoDBClient {
  return new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials, maxAttempts: 1 });
}

beforeAll(async () => {
  dynamo = await startDynalite({ secret: SECRET, onFault: (e) => void faults.push(e) });
  await ensureTable(dynamo.endpoint, TABLE, 'us-east-1', SECRET);
});
afterAll(async () => {
  await dynamo?.stop();
});

describe('local table store', () => {
  it('refuses a Scan signed with any credentials but the ones derived from the app secret', async () => {
    const dummy = client({ accessKeyId: 'local', secretAccessKey: 'local' });
    const refused = await dummy.send(new ScanCommand({ TableName: TABLE })).catch((e: unknown) => e);
    expect((refused as Error).name).toBe('UnrecognizedClientException');
    expect((refused as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(400);
    const other = client(localTableCredentials('another-data-folder'));
    expect(((await other.send(new ScanCommand({ TableName: TABLE })).catch((e: unknown) => e)) as Error).name).toBe('UnrecognizedClientException');
    const own = await client().send(new ScanCommand({ TableName: TABLE }));
    expect(own.Count).toBe(0);
  });

  it('answers a write error of its storage with 503 and keeps serving', async () => {
    // dynalite's in-memory LevelDB, as dynalite itself loads it.
    const { MemoryLevel } = createRequire(createRequire(import.meta.url).resolve('dynalite'))('memory-level');
    const put = MemoryLevel.prototype._put;
    MemoryLevel.prototype._put = async () => {
      throw new Error('injected write failure');
    };
    let failed: unknown;
    try {
      failed = await client().send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'a' }, sk: { S: '1' } } })).catch((e: unknown) => e);
    } finally {
      MemoryLevel.prototype._put = put;
    }
    expect((failed as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(503);
    expect((failed as Error).message).toBe('The table store could not complete the request');
    expect(String(faults[0])).toContain('injected write failure');
    await client().send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'a' }, sk: { S: '1' }, v: { S: 'ok' } } }));
    const got = await client().send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: 'a' }, sk: { S: '1' } } }));
    expect(got.Item?.v?.S).toBe('ok');
  });
});

/**
 * The read cache of the app's table client (issue 26, item 9) against the real local table
 * store: a repeated read is answered from memory (bounded: 4,000 answers, 64 MB), and a write by any other client (another
 * thread's, as the pipeline's steps write) is seen by the next read, for Put, Update, Delete,
 * BatchWrite and writes in flight.
 */
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTableCredentials } from '@app/functions/services/db.ts';
import { cacheReads } from '@app/functions/services/read-cache.ts';
import { ensureTable, startDynalite, type LocalDynamo } from './dynamo.ts';

const SECRET = 'read-cache-test-secret';
const TABLE = 'read-cache-test';
let dynamo: LocalDynamo;
let cached: DynamoDBDocumentClient;
let other: DynamoDBDocumentClient;
let sent = 0;

const doc = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: localTableCredentials(SECRET) }), {
    marshallOptions: { removeUndefinedValues: true },
  });

beforeAll(async () => {
  dynamo = await startDynalite({ secret: SECRET, onFault: () => undefined });
  await ensureTable(dynamo.endpoint, TABLE, 'us-east-1', SECRET);
  const inner = doc();
  const send = inner.send.bind(inner);
  inner.send = ((command: unknown, ...rest: unknown[]) => {
    sent++;
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof inner.send;
  cached = cacheReads(inner, dynamo.versions);
  other = doc();
});
afterAll(async () => {
  await dynamo?.stop();
});

const query = (pk: string) =>
  cached.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)', ExpressionAttributeValues: { ':pk': pk, ':sk': 'FILE#' } }));
const names = async (pk: string) => ((await query(pk)).Items ?? []).map((i) => i.name).sort();

describe('the read cache of the local table client', () => {
  it('answers a repeated read from memory, with a copy the caller may change', async () => {
    await other.send(new PutCommand({ TableName: TABLE, Item: { pk: 'USER#a', sk: 'FILE#1', name: 'one' } }));
    expect(await names('USER#a')).toEqual(['one']);
    const before = sent;
    const first = await query('USER#a');
    first.Items![0]!.name = 'changed by the caller';
    expect(await names('USER#a')).toEqual(['one']);
    expect(sent).toBe(before);
  });

  it("sees every kind of write by another client at the next read, and no other partition's", async () => {
    expect(await names('USER#b')).toEqual([]);
    await other.send(new PutCommand({ TableName: TABLE, Item: { pk: 'USER#a', sk: 'FILE#2', name: 'two' } }));
    expect(await names('USER#a')).toEqual(['one', 'two']);
    await other.send(new UpdateCommand({ TableName: TABLE, Key: { pk: 'USER#a', sk: 'FILE#2' }, UpdateExpression: 'SET #n = :n', ExpressionAttributeNames: { '#n': 'name' }, ExpressionAttributeValues: { ':n': 'deux' } }));
    expect(await names('USER#a')).toEqual(['deux', 'one']);
    await other.send(new DeleteCommand({ TableName: TABLE, Key: { pk: 'USER#a', sk: 'FILE#1' } }));
    expect(await names('USER#a')).toEqual(['deux']);
    await other.send(
      new BatchWriteCommand({
        RequestItems: { [TABLE]: [{ PutRequest: { Item: { pk: 'USER#b', sk: 'FILE#1', name: 'b1' } } }, { DeleteRequest: { Key: { pk: 'USER#a', sk: 'FILE#2' } } }] },
      }),
    );
    expect(await names('USER#a')).toEqual([]);
    expect(await names('USER#b')).toEqual(['b1']);
    const get = () => cached.send(new GetCommand({ TableName: TABLE, Key: { pk: 'USER#b', sk: 'FILE#1' } }));
    expect((await get()).Item?.name).toBe('b1');
    await other.send(new PutCommand({ TableName: TABLE, Item: { pk: 'USER#b', sk: 'FILE#1', name: 'b1 again' } }));
    expect((await get()).Item?.name).toBe('b1 again');
  });

  it('never keeps an answer read while a write to its partition was in flight', async () => {
    for (let i = 0; i < 30; i++) {
      const write = other.send(new PutCommand({ TableName: TABLE, Item: { pk: 'USER#c', sk: `FILE#${i}`, name: `c${i}` } }));
      await Promise.all([query('USER#c'), write]);
      expect((await names('USER#c')).length, `round ${i}`).toBe(i + 1);
    }
  });
});

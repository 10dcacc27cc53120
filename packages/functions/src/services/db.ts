/**
 * The DynamoDB document client. The same SDK code talks to DynamoDB on AWS and to dynalite
 * locally (`config.dynamoEndpoint`), so there is no table port to keep in sync.
 */
import { createHmac } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../config/index.ts';

/**
 * The credentials of the local table store, derived from the app secret: the store refuses
 * requests signed with any other access key, so a local process without the secret cannot read
 * or write the tables through its loopback port.
 */
export function localTableCredentials(secret: string): { accessKeyId: string; secretAccessKey: string } {
  const derive = (label: string) => createHmac('sha256', secret).update(label).digest('base64url');
  return { accessKeyId: `LOCAL${derive('table-store-access-key').slice(0, 32)}`, secretAccessKey: derive('table-store-secret-key') };
}

export function createDocumentClient(config: AppConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.region,
    ...(config.dynamoEndpoint ? { endpoint: config.dynamoEndpoint, credentials: localTableCredentials(config.secret) } : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  });
}

/**
 * Every item of a Query, following LastEvaluatedKey (DynamoDB pages at 1 MB).
 * @example const files = await queryAll<FileItem>(services.ddb, { TableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } });
 */
export async function queryAll<T = Record<string, unknown>>(ddb: DynamoDBDocumentClient, input: QueryCommandInput): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...((page.Items ?? []) as T[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The number of items a Query matches (after its FilterExpression), without reading them out. */
export async function countAll(ddb: DynamoDBDocumentClient, input: Omit<QueryCommandInput, 'Select'>): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * The DynamoDB document client. The same SDK code talks to DynamoDB on AWS and to dynalite
 * locally (`config.dynamoEndpoint`), so there is no table port to keep in sync.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../config/index.ts';

export function createDocumentClient(config: AppConfig): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    region: config.region,
    ...(config.dynamoEndpoint
      ? {
          endpoint: config.dynamoEndpoint,
          // dynalite accepts any credentials; fixed ones keep the SDK from searching the machine for real ones.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
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

/**
 * The DynamoDB document client. The same SDK code talks to DynamoDB on AWS and to dynalite
 * locally (`config.dynamoEndpoint`), so there is no table port to keep in sync.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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

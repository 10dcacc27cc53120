import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../config/index.ts';
import type { BlobStore, Identity, Logger, Orchestrator } from '../ports/index.ts';

/** The one container handed to routes and step handlers; built once per process. */
export interface Services {
  config: AppConfig;
  /** DynamoDB document client; the single table is config.tableName (keys: ./keys.ts). */
  ddb: DynamoDBDocumentClient;
  blobs: BlobStore;
  identity: Identity;
  orchestrator: Orchestrator;
  log: Logger;
}

/**
 * dynalite as the local DynamoDB: on disk under the data folder for `npm start`, in memory for
 * tests. Only one process may open a folder, so callers stop one stack before starting the next.
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error dynalite ships no types
import dynalite from 'dynalite';

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

export async function startDynalite(opts: { path?: string }): Promise<LocalDynamo> {
  const server: Server = dynalite({ path: opts.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets from SDK clients would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** Creates the single pk/sk table unless it exists, and waits until it is ACTIVE. */
export async function ensureTable(endpoint: string, tableName: string, region: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    try {
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [
            { AttributeName: 'pk', AttributeType: 'S' },
            { AttributeName: 'sk', AttributeType: 'S' },
          ],
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          BillingMode: 'PAY_PER_REQUEST',
        }),
      );
    } catch (e) {
      if ((e as { name?: string }).name !== 'ResourceInUseException') throw e;
    }
    for (let i = 0; i < 100; i++) {
      const out = await client.send(new DescribeTableCommand({ TableName: tableName }));
      if (out.Table?.TableStatus === 'ACTIVE') return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`Table ${tableName} did not become ACTIVE`);
  } finally {
    client.destroy();
  }
}

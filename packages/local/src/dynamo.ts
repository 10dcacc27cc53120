/**
 * dynalite as the local DynamoDB: on disk under the data folder for `npm start`, in memory for
 * tests. Only one process may open a folder, so callers stop one stack before starting the next.
 *
 * Two guards sit in front of dynalite's request handler: a request must be signed with the
 * access key derived from the app secret (`localTableCredentials`), and a storage fault inside
 * dynalite (it throws write errors from a callback, which would end the process) answers 503
 * instead.
 */
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { timingSafeEqual } from 'node:crypto';
import domain from 'node:domain';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error dynalite ships no types
import dynalite from 'dynalite';
import { localTableCredentials } from '@app/functions/services/db.ts';

export interface LocalDynamo {
  endpoint: string;
  /** Write counts per partition, for the read cache of a table client in this thread. */
  versions: PartitionVersions;
  stop(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const AMZ_JSON = 'application/x-amz-json-1.0';

function replyError(res: ServerResponse, status: number, type: string, message: string): void {
  const body = JSON.stringify({ __type: type, message });
  res.writeHead(status, { 'content-type': AMZ_JSON, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** The access key id of a SigV4 `Authorization` header (`Credential=<id>/<date>/…`), or ''. */
function accessKeyOf(req: IncomingMessage): string {
  return /Credential=([^/,\s]+)\//.exec(req.headers.authorization ?? '')?.[1] ?? '';
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Wraps a request handler: refuses requests not signed with `accessKeyId`, and turns an error
 * thrown anywhere in the request's asynchronous work into a 503 instead of a crash.
 */
/**
 * Counts the writes to each partition, as each arrives and as it ends (the read cache of the
 * app's table client reuses an answer only while its partition's count is unchanged,
 * functions/src/services/read-cache.ts). A change to a table counts for every partition.
 */
export function createPartitionVersions() {
  const counts = new Map<string, number>();
  let epoch = 0;
  return {
    of: (pk: string) => epoch + (counts.get(pk) ?? 0),
    bump(pks: readonly string[] | 'all') {
      if (pks === 'all') epoch += 1_000_000;
      else for (const pk of pks) counts.set(pk, (counts.get(pk) ?? 0) + 1);
    },
  };
}
export type PartitionVersions = ReturnType<typeof createPartitionVersions>;

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);
const TABLE_CHANGES = new Set(['CreateTable', 'DeleteTable', 'UpdateTable']);

/** The partitions a write request names (marshalled JSON), or 'all' when it cannot tell. */
function writtenPartitions(body: string): string[] | 'all' {
  try {
    const data = JSON.parse(body) as Record<string, any>;
    const pks: string[] = [];
    const add = (item: any) => {
      if (typeof item?.pk?.S !== 'string') throw new Error('no pk');
      pks.push(item.pk.S);
    };
    if (data.Item) add(data.Item);
    if (data.Key) add(data.Key);
    for (const requests of Object.values<any[]>(data.RequestItems ?? {})) for (const r of requests) add(r.PutRequest?.Item ?? r.DeleteRequest?.Key);
    for (const t of data.TransactItems ?? []) add(t.Put?.Item ?? t.Update?.Key ?? t.Delete?.Key ?? t.ConditionCheck?.Key);
    return pks.length > 0 ? pks : 'all';
  } catch {
    return 'all';
  }
}

/** Bumps the partitions of a write when its body has arrived (before dynalite applies it) and when it is answered. */
function watchWrites(req: IncomingMessage, res: ServerResponse, versions: PartitionVersions): void {
  const op = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
  if (TABLE_CHANGES.has(op)) {
    versions.bump('all');
    res.once('close', () => versions.bump('all'));
    return;
  }
  if (!WRITES.has(op)) return;
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.once('end', () => {
    const pks = writtenPartitions(Buffer.concat(chunks).toString('utf8'));
    versions.bump(pks);
    res.once('close', () => versions.bump(pks));
  });
}

export function guardTableStore(handler: Handler, accessKeyId: string, onFault: (e: unknown) => void, versions?: PartitionVersions): Handler {
  return (req, res) => {
    if (!sameText(accessKeyOf(req), accessKeyId)) {
      req.resume();
      return replyError(res, 400, 'com.amazon.coral.service#UnrecognizedClientException', 'The security token included in the request is invalid.');
    }
    if (versions) watchWrites(req, res, versions);
    // A domain is the one hook that catches a throw from a callback that dynalite's storage
    // layer calls later (index.js: `if (err) throw err`).
    const d = domain.create();
    d.on('error', (e) => {
      onFault(e);
      if (!res.headersSent) replyError(res, 503, 'com.amazonaws.dynamodb.v20120810#ServiceUnavailableException', 'The table store could not complete the request');
      else res.destroy();
    });
    d.add(req);
    d.add(res);
    d.run(() => handler(req, res));
  };
}

export async function startDynalite(opts: { path?: string; secret: string; onFault: (e: unknown) => void }): Promise<LocalDynamo> {
  const versions = createPartitionVersions();
  const server: Server = dynalite({ path: opts.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const handlers = server.listeners('request') as Handler[];
  server.removeAllListeners('request');
  const inner: Handler = (req, res) => {
    for (const h of handlers) h.call(server, req, res);
  };
  server.on('request', guardTableStore(inner, localTableCredentials(opts.secret).accessKeyId, opts.onFault, versions));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    versions,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets from SDK clients would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
/** Creates the single pk/sk table unless it exists, and waits until it is ACTIVE. */
export async function ensureTable(endpoint: string, tableName: string, region: string, secret: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region, credentials: localTableCredentials(secret) });
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

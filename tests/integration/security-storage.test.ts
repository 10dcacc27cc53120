/**
 * Issue 13, items 4 and 7 (the table-store half): a storage fault fails the request, not the
 * server; what the stack writes under its data folder is the owner's only; the table store's
 * loopback port refuses requests without the app's credentials.
 */
import { chmod, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SM20_MINI, startTestStack, uploadFile, type TestClient, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let alice: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: false, quietErrors: true });
  alice = await stack.signIn(stack.user.email, stack.user.password);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

/** Every file and folder under `dir` with its permission bits. */
async function modes(dir: string): Promise<{ path: string; dir: boolean; mode: number }[]> {
  const out: { path: string; dir: boolean; mode: number }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name);
    const info = await stat(path).catch(() => undefined);
    if (info) out.push({ path, dir: info.isDirectory(), mode: info.mode & 0o777 });
  }
  return out;
}

describe('the table store', () => {
  it('refuses a Scan on its loopback port signed with dummy credentials', async () => {
    const client = new DynamoDBClient({ endpoint: stack.services.config.dynamoEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
    const refused = await client.send(new ScanCommand({ TableName: stack.services.config.tableName })).catch((e: unknown) => e);
    client.destroy();
    expect((refused as Error).name).toBe('UnrecognizedClientException');
    expect((refused as { Items?: unknown }).Items).toBeUndefined();
  });

  it('answers 503 to a request whose write fails, and the server keeps serving', async () => {
    // dynalite's on-disk LevelDB, as dynalite loads it; every write fails while injected.
    const { ClassicLevel } = createRequire(createRequire(createRequire(import.meta.url).resolve('dynalite')).resolve('level'))('classic-level');
    const batch = ClassicLevel.prototype._batch;
    const put = ClassicLevel.prototype._put;
    const fail = async () => {
      throw new Error('injected write failure');
    };
    ClassicLevel.prototype._batch = fail;
    ClassicLevel.prototype._put = fail;
    let res;
    try {
      res = await alice.call('POST', '/upload', { fileName: 'during-fault.csv', fileType: 'csv' });
    } finally {
      ClassicLevel.prototype._batch = batch;
      ClassicLevel.prototype._put = put;
    }
    expect(res.status).toBe(503);
    expect(res.json.error).toEqual({ code: 'UNAVAILABLE', message: 'The service is temporarily unavailable; try again in a moment' });
    expect(stack.logs.some((l) => l.msg === 'table store fault; the request was answered 503' && String(l.data?.error).includes('injected write failure'))).toBe(true);
    const after = await uploadFile(alice, 'after-fault.csv', SM20_MINI);
    expect(after.ready.status).toBe(200);
  });
});

describe('the data folder', () => {
  it('holds only owner-only files (0600) and folders (0700): tables, blobs, sign-in users', async () => {
    await uploadFile(alice, 'private.csv', SM20_MINI);
    const all = await modes(stack.dataDir);
    const named = (part: string) => all.filter((e) => e.path.includes(`${stack.dataDir}/${part}`));
    expect(named('dynamo').filter((e) => !e.dir).length).toBeGreaterThan(0);
    expect(named('blobs').filter((e) => !e.dir).length).toBeGreaterThan(0);
    expect(named('cognito').filter((e) => !e.dir).length).toBeGreaterThan(0);
    const open = all.filter((e) => (e.dir ? e.mode !== 0o700 : e.mode & 0o077)).map((e) => `${e.path} ${e.mode.toString(8)}`);
    expect(open).toEqual([]);
  });

  it('makes what an earlier version left readable owner-only on the next start', async () => {
    const folder = join(stack.dataDir, 'blobs', 'legacy');
    await mkdir(folder, { mode: 0o755 });
    await chmod(folder, 0o755);
    await writeFile(join(folder, 'old.csv'), 'a,b\n', { mode: 0o644 });
    await chmod(join(folder, 'old.csv'), 0o644);
    await stack.restart();
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, 'old.csv'))).mode & 0o777).toBe(0o600);
    expect(stack.logs.some((l) => l.msg === 'data folder entries made owner-only' && (l.data?.count as number) >= 2)).toBe(true);
  });
});

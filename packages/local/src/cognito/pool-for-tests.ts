/** The local pool of one test suite, and one Cognito action posted to its HTTP face (tests only). */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startLocalCognito, type LocalCognito, type LocalCognitoOptions } from './index.ts';

export interface PoolForTests {
  cognito: LocalCognito;
  /** The pool's temporary data folder. */
  dataDir: string;
  /** With `mount: true`: the pool's public mount as the local server serves it (`…/cognito`). */
  mount: string;
}

/**
 * Registers the suite's hooks: before its tests a pool in a new temporary folder (named after
 * `name`), with `mount` also served on a loopback port as the local server does, handed to `set`;
 * after them the server closed, the pool stopped and the folder removed.
 */
export function poolForTests(name: string, set: (p: PoolForTests) => void, opts: Omit<LocalCognitoOptions, 'dataDir'> & { mount?: boolean } = {}): void {
  let dataDir = '';
  let cognito: LocalCognito | undefined;
  let server: Server | undefined;
  beforeAll(async () => {
    const { mount: served, ...options } = opts;
    dataDir = await mkdtemp(join(tmpdir(), `cognito-${name}-`));
    const pool = await startLocalCognito({ dataDir, ...options });
    cognito = pool;
    let mount = '';
    if (served) {
      const s = createServer((req, res) => void pool.handle(req, res));
      server = s;
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', () => resolve()));
      mount = `http://127.0.0.1:${(s.address() as AddressInfo).port}/cognito`;
    }
    set({ cognito: pool, dataDir, mount });
  });
  afterAll(async () => {
    if (server) {
      const s = server;
      s.closeAllConnections();
      await new Promise((resolve) => s.close(resolve));
    }
    await cognito?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
}

/** POSTs one Cognito action (`target`, as InitiateAuth) to `url`: its status and JSON body. */
export async function callPool(url: string, target: string, body: unknown): Promise<{ status: number; json: Record<string, any> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> };
}

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIdentity } from '@app/functions/adapters/identity/index.ts';
import { localAuthConfig, signInWithAmplify, startLocalAuth, type LocalAuth } from '../support/auth.ts';

describe('local user pool across restarts', () => {
  const started: LocalAuth[] = [];
  const folders: string[] = [];

  afterAll(async () => {
    for (const auth of started) await auth.stop().catch(() => undefined);
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('keeps the pool, client, users, groups and session validity in the same data folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'auth-restart-'));
    folders.push(dataDir);
    const first = await startLocalAuth(dataDir);
    started.push(first);
    await first.cognito.ensureUser('keeper@example.com', 'Keeper-Passw0rd!', ['admins']);
    const before = await signInWithAmplify({ ...first.pool, email: 'keeper@example.com', password: 'Keeper-Passw0rd!' });
    await first.stop();

    const saved = JSON.parse(await readFile(join(dataDir, 'cognito', 'pool.json'), 'utf8'));
    expect(saved).toEqual({ userPoolId: first.cognito.userPoolId, clientId: first.cognito.clientId });

    const second = await startLocalAuth(dataDir);
    started.push(second);
    expect(second.cognito.userPoolId).toBe(first.cognito.userPoolId);
    expect(second.cognito.clientId).toBe(first.cognito.clientId);
    expect(second.cognito.issuer).toBe(first.cognito.issuer);
    expect(second.cognito.endpoint).not.toBe(first.cognito.endpoint);

    const identity = createIdentity(localAuthConfig(second.cognito), { cognitoEndpoint: second.cognito.endpoint });
    // A token from before the restart still verifies: the issuer does not depend on the port.
    expect((await identity.verifyIdToken(before.idToken)).email).toBe('keeper@example.com');
    const after = await signInWithAmplify({ ...second.pool, email: 'keeper@example.com', password: 'Keeper-Passw0rd!' });
    expect(after.groups).toEqual(['admins']);
  });

  it('runs two pools side by side in one process without sharing users', async () => {
    const [dirA, dirB] = await Promise.all([mkdtemp(join(tmpdir(), 'auth-a-')), mkdtemp(join(tmpdir(), 'auth-b-'))]);
    folders.push(dirA, dirB);
    const [a, b] = await Promise.all([startLocalAuth(dirA), startLocalAuth(dirB)]);
    started.push(a, b);
    expect(a.cognito.userPoolId).not.toBe(b.cognito.userPoolId);
    await a.cognito.ensureUser('only-in-a@example.com', 'OnlyA-Passw0rd!', []);
    const inA = await signInWithAmplify({ ...a.pool, email: 'only-in-a@example.com', password: 'OnlyA-Passw0rd!' });
    expect(inA.idToken.split('.')).toHaveLength(3);
    await expect(
      signInWithAmplify({ ...b.pool, email: 'only-in-a@example.com', password: 'OnlyA-Passw0rd!' }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });
});

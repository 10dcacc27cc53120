import { createPrivateKey, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '@app/functions/adapters/identity/index.ts';
import { ID_TOKEN_KEY_FILE } from '@app/local/cognito/id-token-signer.ts';
import { loadConfig } from '@app/functions/config/index.ts';
import { AUTH_REQUIRED } from '@app/functions/http/errors.ts';
import type { Identity } from '@app/functions/ports/index.ts';
import { localAuthConfig, signInWithPassword, startLocalAuth, type LocalAuth } from '../support/auth.ts';

/** The key cognito-local signs with; it ships in the npm package, which is why nothing may trust it. */
const publishedKey: KeyObject = createPrivateKey(
  createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json').pem,
);

describe('verifyIdToken rejects what it must', () => {
  let dataDir: string;
  let auth: LocalAuth;
  let identity: Identity;
  let sub: string;
  /** The data folder's own ID-token key (the launcher re-signs cognito-local's ID tokens with it). */
  let poolKey: KeyObject;
  let poolKid: string;

  function mint(claims: Record<string, unknown>, opts: { key?: Parameters<SignJWT['sign']>[0]; issuer?: string; audience?: string; exp?: number } = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ token_use: 'id', email: 'minted@example.com', 'cognito:groups': ['admins'], ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: poolKid })
      .setSubject(sub)
      .setIssuer(opts.issuer ?? auth.cognito.issuer)
      .setAudience(opts.audience ?? auth.cognito.clientId)
      .setIssuedAt(now - 60)
      .setExpirationTime(opts.exp ?? now + 600)
      .sign(opts.key ?? poolKey);
  }

  async function expectRejected(token: string, verifier: Identity = identity) {
    await expect(verifier.verifyIdToken(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: AUTH_REQUIRED, status: 401 });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'auth-reject-'));
    auth = await startLocalAuth(dataDir);
    await auth.cognito.ensureUser('real@example.com', 'Real-Passw0rd!', []);
    identity = createIdentity(localAuthConfig(auth.cognito));
    sub = '0b5c3b9e-4f43-4a57-9d3c-6f0c8d1c1e11';
    poolKey = createPrivateKey(await readFile(join(dataDir, 'cognito', ID_TOKEN_KEY_FILE), 'utf8'));
    poolKid = ((await (await fetch(auth.cognito.jwksUrl)).json()) as { keys: { kid: string }[] }).keys[0]!.kid;
  });

  afterAll(async () => {
    await auth?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('accepts a well-formed token signed by the pool key (control for the cases below)', async () => {
    expect(await identity.verifyIdToken(await mint({}))).toEqual({ sub, email: 'minted@example.com', groups: ['admins'] });
  });

  it("rejects a token signed with the key published in cognito-local's package", async () => {
    await expectRejected(await mint({}, { key: publishedKey }));
  });

  it('rejects a token signed by another key with the same kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    await expectRejected(await mint({}, { key: privateKey }));
  });

  it('rejects a token from another issuer', async () => {
    await expectRejected(await mint({}, { issuer: 'http://localhost:9229/local_someOtherPool' }));
  });

  it('rejects an expired token', async () => {
    await expectRejected(await mint({}, { exp: Math.floor(Date.now() / 1000) - 10 }));
  });

  it('rejects a token for another app client', async () => {
    await expectRejected(await mint({}, { audience: 'another-client' }));
  });

  it('rejects an access token where an ID token is required', async () => {
    const session = await signInWithPassword({ ...auth.pool, email: 'real@example.com', password: 'Real-Passw0rd!' });
    expect((await identity.verifyIdToken(session.idToken)).email).toBe('real@example.com');
    await expectRejected(session.accessToken);
    await expectRejected(await mint({ token_use: 'access' }));
  });

  it('rejects garbage, an unsigned token and a token with the signature cut off', async () => {
    const good = await mint({});
    const [header, payload] = good.split('.');
    await expectRejected('not-a-token');
    await expectRejected('');
    await expectRejected(`${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`);
    await expectRejected(`${header}.${payload}.`);
  });

  it('is never satisfied by local tokens when configured for a deployed pool', async () => {
    const deployed = createIdentity(
      loadConfig({
        USER_POOL_ID: 'eu-central-1_AbCdEfGhI',
        USER_POOL_CLIENT_ID: auth.cognito.clientId,
        // Even pointed at the local JWKS, the AWS issuer derived from the pool id does not match.
        JWKS_URL: auth.cognito.jwksUrl,
        AWS_REGION: 'eu-central-1',
        TABLE_NAME: 't',
        APP_SECRET: 's',
        API_URL: 'https://example.execute-api.eu-central-1.amazonaws.com/prod',
      }),
    );
    const session = await signInWithPassword({ ...auth.pool, email: 'real@example.com', password: 'Real-Passw0rd!' });
    await expectRejected(session.idToken, deployed);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentity } from '@app/functions/adapters/identity/index.ts';
import type { Identity } from '@app/functions/ports/index.ts';
import {
  localAuthConfig,
  refreshWithAmplify,
  signInWithAmplify,
  signInWithPassword,
  startLocalAuth,
  type LocalAuth,
} from '../support/auth.ts';

const ADMIN = { email: 'admin@example.com', password: 'Adm1n-Passw0rd!' };
const USER = { email: 'user@example.com', password: 'Us3r-Passw0rd!' };

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

describe('local sign-in through the launcher', () => {
  let dataDir: string;
  let auth: LocalAuth;
  let identity: Identity;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'auth-sign-in-'));
    auth = await startLocalAuth(dataDir);
    await auth.cognito.ensureUser(ADMIN.email, ADMIN.password, ['admins']);
    await auth.cognito.ensureUser(USER.email, USER.password, []);
    identity = createIdentity(localAuthConfig(auth.cognito), { cognitoEndpoint: auth.cognito.endpoint });
  });

  afterAll(async () => {
    await auth?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('signs an admin in with Amplify SRP; the ID token verifies and carries email and groups', async () => {
    const session = await signInWithAmplify({ ...auth.pool, ...ADMIN });
    expect(session.groups).toEqual(['admins']);
    expect(session.refreshToken).toMatch(/^ey/);
    const idClaims = claims(session.idToken);
    expect(idClaims.iss).toBe(auth.cognito.issuer);
    expect(idClaims.aud).toBe(auth.cognito.clientId);
    expect(idClaims.email).toBe(ADMIN.email);

    const caller = await identity.verifyIdToken(session.idToken);
    expect(caller).toEqual({ sub: idClaims.sub, email: ADMIN.email, groups: ['admins'] });
    expect(caller.sub).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives a user without groups an empty group list', async () => {
    const session = await signInWithAmplify({ ...auth.pool, ...USER });
    const caller = await identity.verifyIdToken(session.idToken);
    expect(caller.email).toBe(USER.email);
    expect(caller.groups).toEqual([]);
  });

  it('accepts the e-mail in any letter case, as Cognito does', async () => {
    const session = await signInWithAmplify({ ...auth.pool, email: 'Admin@Example.COM', password: ADMIN.password });
    expect((await identity.verifyIdToken(session.idToken)).email).toBe(ADMIN.email);
  });

  it('rejects a wrong password with NotAuthorizedException "Incorrect username or password."', async () => {
    const attempt = signInWithAmplify({ ...auth.pool, email: ADMIN.email, password: 'Wrong-Passw0rd!' });
    await expect(attempt).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('rejects an unknown user as a wrong password, not saying whether the account exists (issue 26)', async () => {
    const attempt = signInWithAmplify({ ...auth.pool, email: 'nobody@example.com', password: ADMIN.password });
    await expect(attempt).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('refreshes tokens through GetTokensFromRefreshToken with fetchAuthSession({ forceRefresh: true })', async () => {
    const { before, after } = await refreshWithAmplify({ ...auth.pool, ...ADMIN });
    expect(after.idToken).not.toBe(before.idToken);
    expect(Number(claims(after.idToken).iat)).toBeGreaterThan(Number(claims(before.idToken).iat));
    expect(after.groups).toEqual(['admins']);
    expect((await identity.verifyIdToken(after.idToken)).email).toBe(ADMIN.email);
  });

  it('mints tokens quickly through USER_PASSWORD_AUTH, with the same error wording', async () => {
    const session = await signInWithPassword({ ...auth.pool, ...ADMIN });
    expect(session.groups).toEqual(['admins']);
    expect((await identity.verifyIdToken(session.idToken)).groups).toEqual(['admins']);
    await expect(signInWithPassword({ ...auth.pool, email: ADMIN.email, password: 'nope' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('lists the groups of a user addressed by e-mail (cognito-local alone returns none)', async () => {
    const res = await fetch(auth.cognito.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminListGroupsForUser',
      },
      body: JSON.stringify({ UserPoolId: auth.cognito.userPoolId, Username: ADMIN.email }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { Groups: { GroupName: string; UserPoolId: string }[] };
    expect(body.Groups.map((g) => [g.GroupName, g.UserPoolId])).toEqual([['admins', auth.cognito.userPoolId]]);
  });

  it('keeps ensureUser idempotent: a second call changes nothing but the password it enforces', async () => {
    await auth.cognito.ensureUser(ADMIN.email, ADMIN.password, ['admins']);
    const session = await signInWithPassword({ ...auth.pool, ...ADMIN });
    expect(session.groups).toEqual(['admins']);
  });

  it('refuses a disabled user with "User is disabled."', async () => {
    await auth.cognito.ensureUser('disabled@example.com', 'Disabled-Passw0rd!', []);
    const res = await fetch(auth.cognito.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminDisableUser' },
      body: JSON.stringify({ UserPoolId: auth.cognito.userPoolId, Username: 'disabled@example.com' }),
    });
    expect(res.status).toBe(200);
    await expect(
      signInWithAmplify({ ...auth.pool, email: 'disabled@example.com', password: 'Disabled-Passw0rd!' }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
  });
});

/**
 * Every access token the local pool is handed is verified with the data folder's key, on both
 * doors, before cognito-local (which only decodes them) sees it. Forged tokens of every kind are
 * refused with Cognito's NotAuthorizedException, and nothing changes.
 */
import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ID_TOKEN_KEY_FILE } from './id-token-signer.ts';
import type { LocalCognito } from './index.ts';
import { callPool, poolForTests } from './pool-for-tests.ts';

const VICTIM = { email: 'victim@example.com', password: 'Victim-Passw0rd!' };
const OTHER = { email: 'other@example.com', password: 'Other-Passw0rd!' };

describe('access tokens of the local pool', () => {
  let dataDir: string;
  let cognito: LocalCognito;
  let mount: string;
  poolForTests('access', (p) => ({ cognito, dataDir, mount } = p), { mount: true });

  beforeAll(async () => {
    await cognito.ensureUser(VICTIM.email, VICTIM.password, ['admins']);
    await cognito.ensureUser(OTHER.email, OTHER.password, []);
  });

  const call = callPool;

  async function signIn(who: { email: string; password: string }) {
    const res = await call(mount, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cognito.clientId,
      AuthParameters: { USERNAME: who.email, PASSWORD: who.password },
    });
    expect(res.status).toBe(200);
    return res.json.AuthenticationResult as { AccessToken: string; IdToken: string; RefreshToken: string };
  }

  const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const publishedKey = createPrivateKey(createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json').pem);

  /** A token with `claims` over a real access token's claims, signed with the pool key unless told otherwise. */
  async function mint(base: Record<string, unknown>, claims: Record<string, unknown>, opts: { published?: boolean } = {}) {
    const poolKey = createPrivateKey(await readFile(join(dataDir, 'cognito', ID_TOKEN_KEY_FILE), 'utf8'));
    const kid = ((await (await fetch(cognito.jwksUrl)).json()) as { keys: { kid: string }[] }).keys[0]!.kid;
    return new SignJWT({ ...base, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: opts.published ? 'CognitoLocal' : kid })
      .sign(opts.published ? publishedKey : poolKey);
  }

  it('accepts a real access token on the loopback door (control), signed with the pool key, not the published one', async () => {
    const tokens = await signIn(VICTIM);
    const header = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[0]!, 'base64url').toString('utf8'));
    expect(header.kid).not.toBe('CognitoLocal');
    expect(claimsOf(tokens.AccessToken)).toMatchObject({ token_use: 'access', client_id: cognito.clientId, origin_jti: expect.any(String) });
    const res = await call(cognito.endpoint, 'GetUser', { AccessToken: tokens.AccessToken });
    expect(res.status).toBe(200);
    expect(res.json.UserAttributes).toContainEqual({ Name: 'email', Value: VICTIM.email });
  });

  it('refuses forged, foreign, expired and ID tokens for every token-taking call, and changes nothing', async () => {
    const tokens = await signIn(VICTIM);
    const real = claimsOf(tokens.AccessToken);
    const other = claimsOf((await signIn(OTHER)).AccessToken);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string, string][] = [
      ['alg none with the victim as username', `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...real, exp: now + 600 })}.`, 'Invalid Access Token'],
      ['alg none, real signature kept', `${b64({ alg: 'none' })}.${tokens.AccessToken.split('.')[1]}.${tokens.AccessToken.split('.')[2]}`, 'Invalid Access Token'],
      ["signed with cognito-local's published key", await mint(real, {}, { published: true }), 'Invalid Access Token'],
      ['another client id', await mint(real, { client_id: 'some-other-client' }), 'Invalid Access Token'],
      ['another issuer', await mint(real, { iss: 'http://localhost:9229/eu-west-1_other' }), 'Invalid Access Token'],
      ['expired', await mint(real, { exp: now - 5 }), 'Access Token has expired'],
      ['an ID token', tokens.IdToken, 'Invalid Access Token'],
      ['token_use id', await mint(real, { token_use: 'id' }), 'Invalid Access Token'],
      ['a sub that is no user', await mint(real, { sub: '00000000-0000-4000-8000-000000000000' }), 'Invalid Access Token'],
      ['no origin (not issued by a sign-in)', await mint(real, { origin_jti: undefined }), 'Access Token has been revoked'],
      ["another user's sub and name on this session", await mint(real, { sub: other.sub, username: other.username }), 'Access Token has been revoked'],
      ["another user's sub, this user's name", await mint(real, { sub: other.sub }), 'Invalid Access Token'],
      ['garbage', 'not.a.token', 'Invalid Access Token'],
    ];
    const targets: [string, Record<string, unknown>][] = [
      ['ChangePassword', { PreviousPassword: VICTIM.password, ProposedPassword: 'Taken-Over-123!' }],
      ['GetUser', {}],
      ['GlobalSignOut', {}],
      ['AssociateSoftwareToken', {}],
      ['VerifySoftwareToken', { UserCode: '123456' }],
      ['SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }],
      ['UpdateUserAttributes', { UserAttributes: [{ Name: 'email', Value: OTHER.email }] }],
      ['DeleteUser', {}],
    ];
    for (const [what, token, message] of cases) {
      for (const [target, body] of targets) {
        const res = await call(cognito.endpoint, target, { ...body, AccessToken: token });
        expect(res, `${target}: ${what}`).toEqual({ status: 400, json: { __type: 'NotAuthorizedException', message } });
      }
    }
    // The victim still signs in with the old password and is still in the pool.
    expect(claimsOf((await signIn(VICTIM)).IdToken)['cognito:groups']).toEqual(['admins']);
  });

  it('refuses the calls the app does not make on the public mount, even with a valid token', async () => {
    const tokens = await signIn(OTHER);
    for (const target of ['ChangePassword', 'DeleteUser', 'UpdateUserAttributes', 'AdminGetUser', 'AdminSetUserMFAPreference']) {
      const res = await call(mount, target, { AccessToken: tokens.AccessToken, PreviousPassword: OTHER.password, ProposedPassword: 'Changed-Passw0rd!' });
      expect(res.status, target).toBe(403);
      expect(res.json.__type, target).toBe('AccessDeniedException');
    }
    expect((await signIn(OTHER)).AccessToken).toBeTruthy();
  });

  it('answers the two-factor screen\'s calls (GetUser and the TOTP calls) on the public mount, for the token\'s own user only', async () => {
    const tokens = await signIn(OTHER);
    const me = await call(mount, 'GetUser', { AccessToken: tokens.AccessToken });
    expect(me.status).toBe(200);
    expect(me.json.UserAttributes.find((a: { Name: string }) => a.Name === 'email').Value).toBe(OTHER.email);
    const associated = await call(mount, 'AssociateSoftwareToken', { AccessToken: tokens.AccessToken });
    expect(associated.json.SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    const forged = await mint(claimsOf(tokens.AccessToken), {}, { published: true });
    expect((await call(mount, 'SetUserMFAPreference', { AccessToken: forged, SoftwareTokenMfaSettings: { Enabled: false } })).json.__type).toBe('NotAuthorizedException');
  });

  it("refuses a forged GlobalSignOut of another user through the public mount; the victim's session survives", async () => {
    const victim = await signIn(VICTIM);
    const forged = await mint(claimsOf(victim.AccessToken), {}, { published: true });
    const res = await call(mount, 'GlobalSignOut', { AccessToken: forged });
    expect(res).toEqual({ status: 400, json: { __type: 'NotAuthorizedException', message: 'Invalid Access Token' } });
    const refresh = await call(mount, 'GetTokensFromRefreshToken', { ClientId: cognito.clientId, RefreshToken: victim.RefreshToken });
    expect(refresh.status).toBe(200);
  });

  it('revokes the access tokens of a user who signed out everywhere, and only theirs', async () => {
    const leaver = await signIn(OTHER);
    const stayer = await signIn(VICTIM);
    const refreshed = await call(mount, 'GetTokensFromRefreshToken', { ClientId: cognito.clientId, RefreshToken: leaver.RefreshToken });
    expect((await call(cognito.endpoint, 'GetUser', { AccessToken: refreshed.json.AuthenticationResult.AccessToken })).status).toBe(200);

    expect((await call(mount, 'GlobalSignOut', { AccessToken: leaver.AccessToken })).status).toBe(200);
    for (const token of [leaver.AccessToken, refreshed.json.AuthenticationResult.AccessToken]) {
      expect(await call(cognito.endpoint, 'GetUser', { AccessToken: token })).toEqual({
        status: 400,
        json: { __type: 'NotAuthorizedException', message: 'Access Token has been revoked' },
      });
      expect((await call(mount, 'GlobalSignOut', { AccessToken: token })).json.__type).toBe('NotAuthorizedException');
    }
    // The other user's token, and the leaver's next sign-in, work as before.
    expect((await call(cognito.endpoint, 'GetUser', { AccessToken: stayer.AccessToken })).status).toBe(200);
    expect((await call(cognito.endpoint, 'GetUser', { AccessToken: (await signIn(OTHER)).AccessToken })).status).toBe(200);
  });
});

/**
 * The local sign-in attacked through the public `/cognito` mount of a running stack, as in
 * issue 13: forged access tokens, password guessing around the lockout, foreign origins,
 * sign-in floods and the internal port. See docs/security.md "Local sign-in".
 */
import { createPrivateKey } from 'node:crypto';
import { createRequire } from 'node:module';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../support/auth.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

const pool = () => ({ userPoolId: stack.local.config.userPoolId, clientId: stack.local.config.userPoolClientId, endpoint: `${stack.url}/cognito` });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

async function cognitoCall(target: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.url}/cognito`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as { __type?: string; message?: string; [k: string]: any } };
}

describe('forged access tokens on the public mount (issue 13, item 1)', () => {
  it("cannot change the administrator's password with an unsigned token naming them", async () => {
    const admin = await signInWithPassword({ ...pool(), ...stack.admin });
    const now = Math.floor(Date.now() / 1000);
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claimsOf(admin.accessToken), exp: now + 600 })}.`;
    for (const target of ['ChangePassword', 'GetUser', 'SetUserMFAPreference', 'AssociateSoftwareToken']) {
      const res = await cognitoCall(target, { AccessToken: forged, PreviousPassword: stack.admin.password, ProposedPassword: 'x' });
      expect(res.status, target).toBe(403);
    }
    expect((await cognitoCall('GlobalSignOut', { AccessToken: forged })).json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
    expect((await stack.signIn(stack.admin.email, stack.admin.password)).email).toBe(stack.admin.email);
    await expect(stack.signIn(stack.admin.email, 'x')).rejects.toThrow();
  });

  it("cannot sign another user out with a token signed by cognito-local's published key", async () => {
    const victim = await signInWithPassword({ ...pool(), ...stack.user });
    const publishedKey = createPrivateKey(createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json').pem);
    const forged = await new SignJWT(claimsOf(victim.accessToken)).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(publishedKey);
    expect((await cognitoCall('GlobalSignOut', { AccessToken: forged })).json).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
    const refresh = await cognitoCall('GetTokensFromRefreshToken', { ClientId: pool().clientId, RefreshToken: victim.refreshToken });
    expect(refresh.status).toBe(200);
    // The victim's own token signs them out, and then their tokens are dead.
    expect((await cognitoCall('GlobalSignOut', { AccessToken: victim.accessToken })).status).toBe(200);
    expect((await cognitoCall('GlobalSignOut', { AccessToken: victim.accessToken })).json.message).toBe('Access Token has been revoked');
    expect((await cognitoCall('GetTokensFromRefreshToken', { ClientId: pool().clientId, RefreshToken: victim.refreshToken })).json.__type).toBe('NotAuthorizedException');
  });
});

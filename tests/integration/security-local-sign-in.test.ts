/**
 * The local sign-in attacked through the public `/cognito` mount of a running stack, as in
 * issue 13: forged access tokens, password guessing around the lockout, foreign origins,
 * sign-in floods and the internal port. See docs/security.md "Local sign-in".
 */
import { createPrivateKey } from 'node:crypto';
import { createRequire } from 'node:module';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_LIMIT } from '@app/local/cognito/attempt-limit.ts';
import { SIGN_IN_RATE_LIMIT } from '@app/local/cognito/rate-limit.ts';
import { signInWithPassword } from '../support/auth.ts';
import { answerSrp, startSrp } from '../support/srp-client.ts';
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
    expect((await cognitoCall('ChangePassword', { AccessToken: forged, PreviousPassword: stack.admin.password, ProposedPassword: 'x' })).status).toBe(403);
    // The two-factor screen's calls are open on the public mount, and check the token's signature.
    for (const target of ['GetUser', 'SetUserMFAPreference', 'AssociateSoftwareToken']) {
      const res = await cognitoCall(target, { AccessToken: forged, SoftwareTokenMfaSettings: { Enabled: false } });
      expect(res.json, target).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
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

describe('the lockout counts SRP guesses for the user in SECRET_BLOCK (issue 13, item 2)', () => {
  /** One SRP sign-in attempt whose answer names `echoedUsername` (or none) instead of the real user. */
  async function srpAttempt(email: string, password: string, echoedUsername: string | undefined) {
    const start = startSrp();
    const ClientId = pool().clientId;
    const challenge = await cognitoCall('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId, AuthParameters: { USERNAME: email, SRP_A: start.srpA } });
    expect(challenge.json.ChallengeName).toBe('PASSWORD_VERIFIER');
    const answer = answerSrp(start, pool().userPoolId.split('_')[1]!, challenge.json.ChallengeParameters, password);
    return cognitoCall('RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId,
      ChallengeResponses: { ...answer, ...(echoedUsername === undefined ? {} : { USERNAME: echoedUsername }) },
    });
  }

  it('locks after 5 wrong SRP passwords sent without USERNAME or with random ones; the right one then gets no tokens', async () => {
    await stack.createUser('srp-victim@test.local', 'Srp-Victim-123!');
    // Control: the raw client signs in with the right password and no USERNAME.
    expect((await srpAttempt('srp-victim@test.local', 'Srp-Victim-123!', undefined)).json.AuthenticationResult?.IdToken).toBeTruthy();
    for (let i = 0; i < ATTEMPT_LIMIT.maxFailures; i++) {
      const res = await srpAttempt('srp-victim@test.local', `Wrong-Guess-${i}!`, i % 2 ? `random-${i}@nowhere.test` : undefined);
      expect(res.json, `guess ${i}`).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
    for (const echoed of [undefined, 'someone-else@nowhere.test', 'srp-victim@test.local']) {
      const res = await srpAttempt('srp-victim@test.local', 'Srp-Victim-123!', echoed);
      expect(res.json, String(echoed)).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    }
    await expect(signInWithPassword({ ...pool(), email: 'srp-victim@test.local', password: 'Srp-Victim-123!' })).rejects.toThrow('Password attempts exceeded');
    // Another account is not affected by the random names.
    expect((await stack.signIn(stack.user.email, stack.user.password)).email).toBe(stack.user.email);
  });
});

describe('CORS of /cognito (issue 13, item 3)', () => {
  it("answers only the app's own origin; a page elsewhere gets no CORS and its calls are refused", async () => {
    const app = new URL(stack.url).origin;
    const own = await fetch(`${stack.url}/cognito/`, {
      method: 'OPTIONS',
      headers: { origin: app, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target,x-anything' },
    });
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(app);
    expect(own.headers.get('access-control-allow-headers')).not.toContain('x-anything');

    const evil = await fetch(`${stack.url}/cognito/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const call = await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().clientId, AuthParameters: { USERNAME: stack.admin.email, PASSWORD: 'Guess-123!' } }, { origin: 'https://attacker.example' });
    expect(call.status).toBe(403);
    expect(call.headers.get('access-control-allow-origin')).toBeNull();
    // Same-origin calls from the app work.
    const same = await cognitoCall('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().clientId, AuthParameters: { USERNAME: stack.user.email, PASSWORD: stack.user.password } }, { origin: app });
    expect(same.status).toBe(200);
  });
});

describe('the internal cognito port (issue 13, item 7 of the report)', () => {
  it('does not let another local program add a user to admins', async () => {
    const base = new URL(stack.local.config.jwksUrl).origin;
    for (const path of ['/', '/cognito', '/internal']) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminAddUserToGroup' },
        body: JSON.stringify({ UserPoolId: stack.local.config.userPoolId, Username: stack.user.email, GroupName: 'admins' }),
      });
      expect(res.status, path).toBe(403);
    }
    const bob = await signInWithPassword({ ...pool(), ...stack.user });
    expect(bob.groups).toEqual([]);
  });
});

describe('security events (issue 13, item 6)', () => {
  const securityEvents = () => stack.logs.filter((l) => l.msg === 'security event').map((l) => ({ level: l.level, ...l.data }) as Record<string, any>);

  it('logs failed sign-ins, lockouts, resets, password changes and sign-outs as structured lines, without secrets', async () => {
    await stack.createUser('events@test.local', 'Events-Pass-123!');
    const before = securityEvents().length;
    for (let i = 0; i < ATTEMPT_LIMIT.maxFailures; i++) {
      await expect(signInWithPassword({ ...pool(), email: 'EVENTS@test.local', password: `Wrong-Secret-${i}!` })).rejects.toThrow();
    }
    await expect(signInWithPassword({ ...pool(), email: 'events@test.local', password: 'Events-Pass-123!' })).rejects.toThrow('Password attempts exceeded');
    expect((await cognitoCall('ForgotPassword', { ClientId: pool().clientId, Username: 'events@test.local' })).status).toBe(200);
    const user = await signInWithPassword({ ...pool(), ...stack.user });
    expect((await cognitoCall('GlobalSignOut', { AccessToken: user.accessToken })).status).toBe(200);

    const events = securityEvents().slice(before);
    const sub = (await stack.local.services.identity.verifyIdToken(user.idToken)).sub;
    expect(events.map((e) => [e.level, e.event, e.email])).toEqual([
      ...Array.from({ length: ATTEMPT_LIMIT.maxFailures }, () => ['warn', 'sign-in-failed', 'events@test.local']),
      ['warn', 'account-locked', 'events@test.local'],
      ['warn', 'sign-in-refused-locked', 'events@test.local'],
      ['info', 'forgot-password-requested', 'events@test.local'],
      ['info', 'signed-out', stack.user.email],
    ]);
    expect(events.at(-1)).toMatchObject({ sub, admin: false, via: 'GlobalSignOut', exposure: 'public', address: expect.stringMatching(/127\.0\.0\.1/), detail: { scope: 'global' } });
    const text = JSON.stringify(events);
    for (const secret of ['Wrong-Secret-0!', 'Events-Pass-123!', user.accessToken, user.idToken]) expect(text).not.toContain(secret);
  });

  it("puts an administrator's security events in the audit log Risk Management shows", async () => {
    await expect(signInWithPassword({ ...pool(), email: stack.admin.email, password: 'Not-The-Admin-1!' })).rejects.toThrow();
    const admin = await stack.signIn(stack.admin.email, stack.admin.password);
    const res = await admin.call('GET', '/risk-audit-log');
    expect(res.status).toBe(200);
    const entries = res.json.auditLog as Record<string, any>[];
    const entry = entries.find((e) => e.action === 'SECURITY');
    expect(entry).toMatchObject({
      action: 'SECURITY',
      itemType: 'account',
      itemId: stack.admin.email,
      userId: admin.sub,
      previousValue: null,
      newValue: { event: 'sign-in-failed', via: 'InitiateAuth', address: expect.any(String) },
    });
    expect(JSON.stringify(entries)).not.toContain('Not-The-Admin-1!');
    // A plain user's events stay in the server log only.
    expect(entries.filter((e) => e.action === 'SECURITY').every((e) => e.itemId === stack.admin.email)).toBe(true);
  });
});

// Last in this file: it empties 127.0.0.1's sign-in bucket for about half a minute.
describe('an anonymous SRP start flood (issue 13, item 4)', () => {
  it('is cut to the bucket per address with TooManyRequestsException; signed-in users carry on', async () => {
    const alice = await stack.signIn(stack.user.email, stack.user.password);
    const start = startSrp();
    const body = { AuthFlow: 'USER_SRP_AUTH', ClientId: pool().clientId, AuthParameters: { USERNAME: stack.user.email, SRP_A: start.srpA } };
    const answers = await Promise.all(Array.from({ length: 100 }, () => cognitoCall('InitiateAuth', body)));
    const ok = answers.filter((a) => a.status === 200).length;
    const limited = answers.filter((a) => a.status === 429);
    // The bucket holds `capacity` (earlier tests here took some) and refills slowly: the rest is refused.
    expect(ok).toBeLessThanOrEqual(SIGN_IN_RATE_LIMIT.capacity + 5);
    expect(limited.length).toBe(100 - ok);
    expect(limited.length).toBeGreaterThanOrEqual(100 - SIGN_IN_RATE_LIMIT.capacity - 5);
    expect(limited[0]!.json.__type).toBe('TooManyRequestsException');
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    const forgot = await cognitoCall('ForgotPassword', { ClientId: pool().clientId, Username: stack.user.email });
    expect(forgot.json.__type).toBe('TooManyRequestsException');
    // Signed-in users are not affected: the API and token refresh keep working.
    expect((await alice.call('GET', '/files')).status).toBe(200);
  });
});

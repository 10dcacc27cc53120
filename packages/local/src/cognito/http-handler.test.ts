import { describe, expect, it } from 'vitest';
import { appOriginsFor } from './cors.ts';
import type { LocalCognito } from './index.ts';
import { poolForTests } from './pool-for-tests.ts';

describe('local user pool over HTTP', () => {
  let cognito: LocalCognito;
  let mount: string;
  poolForTests('http', (p) => ({ cognito, mount } = p), { mount: true });

  const post = (url: string, body: string, target?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', ...(target ? { 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` } : {}) },
      body,
    });

  it("answers CORS only for the app's own origin, with a fixed header list", async () => {
    cognito.setAppOrigins(appOriginsFor('http://localhost:5173'));
    const preflight = (origin: string) =>
      fetch(`${mount}/`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target,x-evil-header' },
      });
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173']) {
      const res = await preflight(origin);
      expect(res.status, origin).toBe(204);
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type, x-amz-target, x-amz-user-agent, cache-control');
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('vary')).toBe('Origin');
    }
    for (const origin of ['https://evil.example', 'http://localhost:5174', 'null']) {
      const res = await preflight(origin);
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(res.headers.get('access-control-allow-headers'), origin).toBeNull();
      // A request sent anyway (no preflight honoured) is refused before it runs.
      const post = await fetch(mount, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword' },
        body: JSON.stringify({ ClientId: cognito.clientId, Username: 'someone@example.com' }),
      });
      expect(post.status, origin).toBe(403);
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
      expect(await post.json()).toEqual({ __type: 'AccessDeniedException', message: 'Requests from this origin are not allowed' });
    }
    // The public keys stay readable, without CORS for a foreign page.
    const jwks = await fetch(`${mount}/${cognito.userPoolId}/.well-known/jwks.json`, { headers: { origin: 'https://evil.example' } });
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the JWKS and OpenID configuration under the mount and on the loopback endpoint', async () => {
    const viaMount = (await (await fetch(`${mount}/${cognito.userPoolId}/.well-known/jwks.json`)).json()) as { keys: { kid: string; alg: string }[] };
    // The data folder's own ID-token key, never cognito-local's published one ('CognitoLocal').
    expect(viaMount.keys.map((k) => [k.kid, k.alg])).toEqual([[expect.stringMatching(/^[A-Za-z0-9_-]{16}$/), 'RS256']]);
    const viaLoopback = await (await fetch(cognito.jwksUrl)).json();
    expect(viaLoopback).toEqual(viaMount);
    const oidc = (await (await fetch(`${cognito.endpoint}/${cognito.userPoolId}/.well-known/openid-configuration`)).json()) as Record<string, string>;
    expect(oidc.issuer).toBe(cognito.issuer);
    expect(oidc.jwks_uri).toBe(cognito.jwksUrl);
    expect(cognito.issuer).toBe(`http://localhost:9229/${cognito.userPoolId}`);
  });

  it('explains malformed requests with 4xx errors in the AWS JSON shape', async () => {
    const badJson = await post(mount, '{"ClientId":', 'InitiateAuth');
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ __type: 'SerializationException', message: 'Request body is not valid JSON' });

    const noTarget = await post(mount, '{}');
    expect(noTarget.status).toBe(400);
    expect(((await noTarget.json()) as { __type: string }).__type).toBe('UnknownOperationException');

    const notObject = await post(mount, '[1,2]', 'InitiateAuth');
    expect(await notObject.json()).toEqual({ __type: 'SerializationException', message: 'The request body must be a JSON object' });

    const tooLarge = await post(mount, JSON.stringify({ pad: 'x'.repeat(1_100_000) }), 'InitiateAuth');
    expect(tooLarge.status).toBe(413);

    const wrongMethod = await fetch(mount, { method: 'PUT' });
    expect(wrongMethod.status).toBe(405);
  });

  it('names the missing or unsupported parameters of InitiateAuth', async () => {
    const wrongClient = await post(mount, JSON.stringify({ AuthFlow: 'USER_SRP_AUTH', ClientId: 'nope', AuthParameters: {} }), 'InitiateAuth');
    expect(await wrongClient.json()).toEqual({ __type: 'ResourceNotFoundException', message: 'User pool client nope does not exist.' });

    const noUser = await post(mount, JSON.stringify({ AuthFlow: 'USER_SRP_AUTH', ClientId: cognito.clientId, AuthParameters: { SRP_A: 'ab' } }), 'InitiateAuth');
    expect(await noUser.json()).toEqual({ __type: 'InvalidParameterException', message: 'Missing required parameter USERNAME' });

    const flow = await post(mount, JSON.stringify({ AuthFlow: 'CUSTOM_AUTH', ClientId: cognito.clientId }), 'InitiateAuth');
    expect(((await flow.json()) as { message: string }).message).toContain('Unsupported AuthFlow CUSTOM_AUTH');

    const refresh = await post(mount, JSON.stringify({ ClientId: cognito.clientId, RefreshToken: 'forged' }), 'GetTokensFromRefreshToken');
    expect(await refresh.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });

  it('takes no call on the loopback port without the per-process secret path (other local programs)', async () => {
    await cognito.ensureUser('bob@example.com', 'Bob-Passw0rd!', []);
    const base = new URL(cognito.endpoint).origin;
    expect(new URL(cognito.endpoint).pathname).toMatch(/^\/[A-Za-z0-9_-]{43}$/);
    const join = { UserPoolId: cognito.userPoolId, Username: 'bob@example.com', GroupName: 'admins' };
    await post(cognito.endpoint, JSON.stringify({ UserPoolId: cognito.userPoolId, GroupName: 'admins' }), 'CreateGroup');
    for (const url of [base, `${base}/`, `${base}/cognito`, `${base}${new URL(cognito.endpoint).pathname.slice(0, -1)}`]) {
      const res = await post(url, JSON.stringify(join), 'AdminAddUserToGroup');
      expect(res.status, url).toBe(403);
      expect(await res.json()).toEqual({ __type: 'AccessDeniedException', message: 'Forbidden' });
    }
    const groups = async () => ((await (await post(cognito.endpoint, JSON.stringify({ UserPoolId: cognito.userPoolId, Username: 'bob@example.com' }), 'AdminListGroupsForUser')).json()) as { Groups: unknown[] }).Groups;
    expect(await groups()).toEqual([]);
    // The public keys need no secret (the API's verifier fetches them).
    expect(cognito.jwksUrl.startsWith(`${base}/${cognito.userPoolId}/`)).toBe(true);
    expect((await fetch(cognito.jwksUrl)).status).toBe(200);
  });

  it('reports targets cognito-local does not know as a client error', async () => {
    const res = await post(cognito.endpoint, '{}', 'DescribeRiskConfiguration');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { __type: string }).__type).toBe('UnsupportedOperationException');
  });

  it('signs a user out everywhere: GlobalSignOut invalidates the refresh tokens', async () => {
    await cognito.ensureUser('leaver@example.com', 'Leaver-Passw0rd!', []);
    const signIn = await post(
      mount,
      JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cognito.clientId, AuthParameters: { USERNAME: 'leaver@example.com', PASSWORD: 'Leaver-Passw0rd!' } }),
      'InitiateAuth',
    );
    const { AuthenticationResult: tokens } = (await signIn.json()) as { AuthenticationResult: Record<string, string> };
    const refresh = () => post(mount, JSON.stringify({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken }), 'GetTokensFromRefreshToken');
    expect((await refresh()).status).toBe(200);

    const forged = await post(mount, JSON.stringify({ AccessToken: tokens.IdToken }), 'GlobalSignOut');
    expect(await forged.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Access Token' });
    expect((await refresh()).status).toBe(200);

    const out = await post(mount, JSON.stringify({ AccessToken: tokens.AccessToken }), 'GlobalSignOut');
    expect(out.status).toBe(200);
    const after = await refresh();
    expect(after.status).toBe(400);
    expect(await after.json()).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });
});

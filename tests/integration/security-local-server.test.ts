/**
 * The one-machine server as an attacker on the network sees it: security headers, what
 * /config.json gives away, static files that cannot reach outside web/dist, the sign-in
 * stand-in's public mount, tokens the API must refuse, and the data folder's permissions.
 */
import { createPrivateKey } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_REQUIRED } from '@app/functions/http/errors.ts';
import { ID_TOKEN_KEY_FILE } from '@app/local/cognito/id-token-signer.ts';
import { SECURITY_HEADERS } from '@app/local/server.ts';
import { serveStatic } from '@app/local/static-site.ts';
import { ATTEMPT_LIMIT } from '@app/local/cognito/attempt-limit.ts';
import { signInWithAmplify, signInWithPassword } from '../support/auth.ts';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';

let stack: TestStack;
let alice: TestClient;
let secret: string;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
  alice = await stack.signIn(stack.user.email, stack.user.password);
  secret = (await readFile(join(stack.dataDir, 'secret'), 'utf8')).trim();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

function rawGet(base: string, path: string, method = 'GET'): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('security headers', () => {
  it('are sent on the config, the API (also on errors) and the web app', async () => {
    const responses = await Promise.all([
      fetch(`${stack.url}/config.json`),
      fetch(`${stack.apiUrl}/files`),
      fetch(`${stack.apiUrl}/files`, { headers: { authorization: `Bearer ${alice.idToken}` } }),
      fetch(`${stack.url}/`),
      fetch(`${stack.url}/some/spa/route`),
    ]);
    for (const res of responses) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), `${res.url} ${name}`).toBe(value);
    }
    expect(SECURITY_HEADERS['x-content-type-options']).toBe('nosniff');
    expect(SECURITY_HEADERS['x-frame-options']).toBe('DENY');
    expect(SECURITY_HEADERS['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(SECURITY_HEADERS['content-security-policy']).toContain("script-src 'self'");
    // API answers are JSON, never cached, and never sniffed into HTML.
    const api = responses[2]!;
    expect(api.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(api.headers.get('cache-control')).toBe('no-store');
  });
});

describe('/config.json', () => {
  it('holds only the public sign-in settings, nothing secret', async () => {
    const res = await fetch(`${stack.url}/config.json`);
    const text = await res.text();
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['apiUrl', 'region', 'userPoolClientId', 'userPoolEndpoint', 'userPoolId']);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(stack.admin.password);
    expect(text).not.toMatch(/secret|password|private/i);
  });
});

describe('files outside the web app', () => {
  it('are never served by the real server: data folder, repository files, traversal in any encoding', async () => {
    const packageJson = await readFile(new URL('../../package.json', import.meta.url), 'utf8');
    const paths = [
      '/.data/secret',
      '/secret',
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/assets/..%2f..%2f..%2fpackage.json',
      '/..%5c..%5cpackage.json',
      '/%2e%2e%2f%2e%2e%2fpackage.json',
      '/prod/../../package.json',
      '/blobs/..%2f..%2fsecret',
      `/${encodeURIComponent(join(stack.dataDir, 'secret'))}`,
    ];
    for (const path of paths) {
      const res = await rawGet(stack.url, path);
      expect(res.text, path).not.toContain(secret);
      expect(res.text, path).not.toContain(packageJson.slice(0, 60));
    }
  });

  describe('serveStatic on its own web folder', () => {
    let dir: string;
    let server: Server;
    let base: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'static-sec-'));
      await mkdir(join(dir, 'web', 'assets'), { recursive: true });
      await writeFile(join(dir, 'web', 'index.html'), '<!doctype html><title>app</title>');
      await writeFile(join(dir, 'web', 'assets', 'app.js'), 'console.log(1)');
      await writeFile(join(dir, 'outside.txt'), 'TOP-SECRET-OUTSIDE');
      await writeFile(join(dir, 'web-private.txt'), 'TOP-SECRET-SIBLING');
      server = createServer((req, res) => void serveStatic(join(dir, 'web'), req, res, SECURITY_HEADERS));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
      await rm(dir, { recursive: true, force: true });
    });

    it('cannot be made to read a file next to or above the folder', async () => {
      for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/..%2foutside.txt', '/assets/..%2f..%2foutside.txt', '/..%5coutside.txt', '/../web-private.txt', '/%2e%2e%2fweb-private.txt', '//outside.txt']) {
        const res = await rawGet(base, path);
        expect(res.text, path).not.toContain('TOP-SECRET');
      }
    });

    it('lists no directory and refuses writes', async () => {
      for (const path of ['/assets/', '/assets', '/']) {
        const res = await rawGet(base, path);
        expect(res.text, path).not.toContain('app.js');
        expect(res.text, path).toContain('<title>app</title>');
      }
      expect((await rawGet(base, '/index.html', 'PUT')).status).toBe(405);
      expect((await rawGet(base, '/assets/missing.js')).status).toBe(404);
    });
  });
});

describe('the sign-in stand-in on the public mount', () => {
  async function cognitoCall(target: string, body: unknown) {
    const res = await fetch(`${stack.url}/cognito`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { __type?: string } };
  }

  it('refuses administrator calls, so nobody joins the admins group or creates users from outside', async () => {
    const UserPoolId = stack.local.config.userPoolId;
    for (const [target, body] of [
      ['AdminAddUserToGroup', { UserPoolId, Username: stack.user.email, GroupName: 'admins' }],
      ['AdminCreateUser', { UserPoolId, Username: 'intruder@example.com' }],
      ['AdminSetUserPassword', { UserPoolId, Username: stack.admin.email, Password: 'Taken-Over-123!', Permanent: true }],
      ['AdminGetUser', { UserPoolId, Username: stack.admin.email }],
      ['ListUsers', { UserPoolId }],
    ] as const) {
      const res = await cognitoCall(target, body);
      expect(res.status, target).toBe(403);
      expect(res.json.__type, target).toBe('AccessDeniedException');
    }
    // Self-service sign-up answers as Cognito does for an invitation-only pool.
    const signUp = await cognitoCall('SignUp', { ClientId: stack.local.config.userPoolClientId, Username: 'self@example.com', Password: 'Self-Signed-123!' });
    expect(signUp).toEqual({ status: 400, json: expect.objectContaining({ __type: 'NotAuthorizedException' }) });
    await expect(stack.signIn('self@example.com', 'Self-Signed-123!')).rejects.toThrow();
    await expect(stack.signIn('intruder@example.com', 'Whatever-123!')).rejects.toThrow();
    const again = await stack.signIn(stack.user.email, stack.user.password);
    expect(JSON.parse(Buffer.from(again.idToken.split('.')[1]!, 'base64url').toString())['cognito:groups']).toBeUndefined();
    await expect(stack.signIn(stack.admin.email, 'Taken-Over-123!')).rejects.toThrow();
  });

  it("refuses attribute updates, so a user cannot take another user's e-mail (sign-in name)", async () => {
    await stack.createUser('mallory@test.local', 'Mallory-Pass-123!');
    const pool = { userPoolId: stack.local.config.userPoolId, clientId: stack.local.config.userPoolClientId, endpoint: `${stack.url}/cognito` };
    const tokens = await signInWithPassword({ ...pool, email: 'mallory@test.local', password: 'Mallory-Pass-123!' });
    const res = await cognitoCall('UpdateUserAttributes', { AccessToken: tokens.accessToken, UserAttributes: [{ Name: 'email', Value: stack.user.email }] });
    expect(res.status).toBe(403);
    expect((await stack.signIn('mallory@test.local', 'Mallory-Pass-123!')).email).toBe('mallory@test.local');
    expect((await stack.signIn(stack.user.email, stack.user.password)).sub).toBe(alice.sub);
  });
});

describe('guessing passwords and reset codes', () => {
  const pool = () => ({ userPoolId: stack.local.config.userPoolId, clientId: stack.local.config.userPoolClientId, endpoint: `${stack.url}/cognito` });
  const cognitoCall = async (target: string, body: unknown) => {
    const res = await fetch(`${stack.url}/cognito`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as { __type?: string; message?: string } };
  };

  it(`locks an account after ${ATTEMPT_LIMIT.maxFailures} wrong passwords (SRP and password flows share the count)`, async () => {
    await stack.createUser('victim@test.local', 'Victim-Pass-123!');
    for (let i = 0; i < ATTEMPT_LIMIT.maxFailures; i++) {
      await expect(signInWithAmplify({ ...pool(), email: i % 2 ? 'VICTIM@test.local' : 'victim@test.local', password: `Wrong-Pass-${i}!` })).rejects.toThrow(/Incorrect username or password/);
    }
    await expect(signInWithPassword({ ...pool(), email: 'victim@test.local', password: 'Victim-Pass-123!' })).rejects.toThrow('Password attempts exceeded');
    // Other accounts sign in as usual.
    expect((await stack.signIn(stack.user.email, stack.user.password)).sub).toBe(alice.sub);
  });

  it(`refuses reset codes after ${ATTEMPT_LIMIT.maxFailures} wrong guesses, even the right one`, async () => {
    await stack.createUser('forgetful@test.local', 'Forgetful-Pass-123!');
    const ClientId = stack.local.config.userPoolClientId;
    expect((await cognitoCall('ForgotPassword', { ClientId, Username: 'forgetful@test.local' })).status).toBe(200);
    const answers: (string | undefined)[] = [];
    for (let i = 0; i <= ATTEMPT_LIMIT.maxFailures; i++) {
      const res = await cognitoCall('ConfirmForgotPassword', { ClientId, Username: 'forgetful@test.local', ConfirmationCode: String(100000 + i), Password: 'Taken-Over-123!' });
      answers.push(res.json.__type);
    }
    expect(answers.slice(0, ATTEMPT_LIMIT.maxFailures).every((t) => t === 'CodeMismatchException' || t === 'ExpiredCodeException')).toBe(true);
    expect(answers.at(-1)).toBe('LimitExceededException');
    await expect(stack.signIn('forgetful@test.local', 'Taken-Over-123!')).rejects.toThrow();
  });
});

describe('tokens the API refuses', () => {
  // cognito-local's key ships in its npm package: a token it signs must never pass.
  const publishedKey = createPrivateKey(createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json').pem);
  // Minting with the data folder's own key shows which claim each check rejects.
  const poolKey = async () => createPrivateKey(await readFile(join(stack.dataDir, 'cognito', ID_TOKEN_KEY_FILE), 'utf8'));
  const poolKid = async () => ((await (await fetch(stack.local.config.jwksUrl)).json()) as { keys: { kid: string }[] }).keys[0]!.kid;

  async function mint(claims: Record<string, unknown> = {}, opts: { issuer?: string; audience?: string; exp?: number; published?: boolean } = {}) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ token_use: 'id', email: alice.email, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: opts.published ? 'CognitoLocal' : await poolKid() })
      .setSubject(alice.sub)
      .setIssuer(opts.issuer ?? stack.local.config.issuer)
      .setAudience(opts.audience ?? stack.local.config.userPoolClientId)
      .setIssuedAt(now - 60)
      .setExpirationTime(opts.exp ?? now + 600)
      .sign(opts.published ? publishedKey : await poolKey());
  }

  const callWith = (token: string) => alice.call('GET', '/files', undefined, { authorization: `Bearer ${token}` }, { auth: false });

  it('accepts a correctly minted ID token (control for the cases below)', async () => {
    expect((await callWith(await mint())).status).toBe(200);
  });

  it('answers 401 for another issuer or audience, expiry, alg none, HS256 confusion, access tokens and missing claims', async () => {
    const now = Math.floor(Date.now() / 1000);
    const [h, p] = alice.idToken.split('.') as [string, string];
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const jwks = await (await fetch(stack.local.config.jwksUrl)).text();
    const { createHmac } = await import('node:crypto');
    const hs256 = (() => {
      const head = b64({ alg: 'HS256', typ: 'JWT', kid: 'CognitoLocal' });
      const body = b64(claims);
      return `${head}.${body}.${createHmac('sha256', jwks).update(`${head}.${body}`).digest('base64url')}`;
    })();
    const access = await signInWithPassword({
      userPoolId: stack.local.config.userPoolId,
      clientId: stack.local.config.userPoolClientId,
      endpoint: `${stack.url}/cognito`,
      email: stack.user.email,
      password: stack.user.password,
    });
    const cases: [string, string][] = [
      ["signed with cognito-local's published key (admin claim)", await mint({ 'cognito:groups': ['admins'] }, { published: true })],
      ['another issuer', await mint({}, { issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_other' })],
      ['another audience', await mint({}, { audience: 'some-other-client' })],
      ['expired', await mint({}, { exp: now - 10 })],
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`],
      ['alg none, header only changed', `${b64({ alg: 'none' })}.${p}.${alice.idToken.split('.')[2]}`],
      ['HS256 signed with the public key', hs256],
      ['an access token', access.accessToken],
      ['token_use access', await mint({ token_use: 'access' })],
      ['no email claim', await mint({ email: undefined })],
      ['header re-encoded, signature kept', `${h}=.${p}.${alice.idToken.split('.')[2]}`],
    ];
    for (const [what, token] of cases) {
      const res = await callWith(token);
      expect(res.status, what).toBe(401);
      expect(res.json, what).toEqual({ error: { code: 'UNAUTHENTICATED', message: AUTH_REQUIRED } });
    }
  });
});

describe('the data folder', () => {
  it('is private to its owner, and the secret and admin credentials are 0600', async () => {
    expect((await stat(stack.dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(stack.dataDir, 'secret'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(stack.dataDir, 'cognito', ID_TOKEN_KEY_FILE))).mode & 0o777).toBe(0o600);
    expect(secret.length).toBeGreaterThanOrEqual(43);
  });

  it('is created private by a fresh start', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'sec-data-'));
    const dataDir = join(parent, 'nested', 'data');
    const fresh = await startTestStack({ inMemory: true, dataDir });
    try {
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dataDir, 'secret'))).mode & 0o777).toBe(0o600);
      // A second stack has its own secret: URLs and CSRF tokens of one never verify on another.
      expect((await readFile(join(dataDir, 'secret'), 'utf8')).trim()).not.toBe(secret);
    } finally {
      await fresh.stop();
      await rm(parent, { recursive: true, force: true });
    }
  });
});

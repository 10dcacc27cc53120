import { describe, expect, it } from 'vitest';
import { createRateLimiter, TooManyRequestsError } from './rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows a burst of `capacity`, then refuses with a Retry-After until the bucket refills', () => {
    const limiter = createRateLimiter({ capacity: 3, refillPerSecond: 0.5 });
    for (let i = 0; i < 3; i++) limiter.take('10.0.0.1', 0);
    let refused: unknown;
    try {
      limiter.take('10.0.0.1', 100);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect(refused).toMatchObject({ type: 'TooManyRequestsException', status: 429, retryAfterSeconds: 2 });
    // Another address has its own bucket; after 2 s one more call fits.
    expect(() => limiter.take('10.0.0.2', 100)).not.toThrow();
    expect(() => limiter.take('10.0.0.1', 2000)).not.toThrow();
    expect(() => limiter.take('10.0.0.1', 2100)).toThrow(TooManyRequestsError);
  });

  it('keeps at most maxAddresses buckets, forgetting the least recently used', () => {
    const limiter = createRateLimiter({ capacity: 1, refillPerSecond: 0.001, maxAddresses: 2 });
    limiter.take('a', 0);
    limiter.take('b', 0);
    limiter.take('c', 0); // 'a' is forgotten: it starts with a full bucket again
    expect(() => limiter.take('a', 0)).not.toThrow();
    expect(() => limiter.take('c', 0)).toThrow(TooManyRequestsError);
  });
});

describe('the public mount under a sign-in flood', () => {
  it('answers TooManyRequestsException (429, Retry-After) per address for InitiateAuth and ForgotPassword only', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { createServer } = await import('node:http');
    const { startLocalCognito } = await import('./index.ts');
    const dataDir = await mkdtemp(join(tmpdir(), 'cognito-flood-'));
    const cognito = await startLocalCognito({ dataDir, rateLimit: { capacity: 3, refillPerSecond: 0.01 } });
    const server = createServer((req, res) => void cognito.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const mount = `http://127.0.0.1:${(server.address() as { port: number }).port}/cognito`;
    try {
      await cognito.ensureUser('flooded@example.com', 'Flooded-Passw0rd!', []);
      const call = async (url: string, target: string, body: unknown) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
          body: JSON.stringify(body),
        });
        return { status: res.status, retryAfter: res.headers.get('retry-after'), json: (await res.json()) as Record<string, any> };
      };
      const srpStart = { AuthFlow: 'USER_SRP_AUTH', ClientId: cognito.clientId, AuthParameters: { USERNAME: 'flooded@example.com', SRP_A: 'ab12' } };
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await call(mount, 'InitiateAuth', srpStart));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
      expect(answers[3]!.json).toEqual({ __type: 'TooManyRequestsException', message: 'Too many requests from this address, try again in a moment.' });
      expect(Number(answers[3]!.retryAfter)).toBeGreaterThan(0);
      expect((await call(mount, 'ForgotPassword', { ClientId: cognito.clientId, Username: 'flooded@example.com' })).status).toBe(429);
      // Calls that need a secret already, and the server's own door, are not limited by it.
      expect((await call(mount, 'GetTokensFromRefreshToken', { ClientId: cognito.clientId, RefreshToken: 'x' })).json.__type).toBe('NotAuthorizedException');
      expect((await call(cognito.endpoint, 'InitiateAuth', srpStart)).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await cognito.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

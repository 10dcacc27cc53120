import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setConfig } from '../config.ts';
import { api, ApiError, clearCsrfToken, setTokenProvider } from './client.ts';

// A stand-in API at the process edge: records what the client sent and answers like the router.
let server: Server;
const seen: { method: string; url: string; auth?: string; csrf?: string; body: string }[] = [];
let csrfIssued = 0;
let rejectNextCsrf = false;

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readAll(req);
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, csrf: req.headers['x-csrf-token'] as string, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.url === '/prod/csrf-token') return json(200, { token: `t${++csrfIssued}`, expires_in: 3600 });
    if (req.url === '/prod/files' && req.method === 'GET') return json(200, { files: [{ fileId: 'f1' }] });
    if (req.url === '/prod/files' && req.method === 'DELETE') {
      if (rejectNextCsrf) {
        rejectNextCsrf = false;
        return json(403, { error: { code: 'CSRF', message: 'Invalid CSRF token' } });
      }
      return json(200, { deleted: JSON.parse(body).fileId });
    }
    if (req.url === '/prod/plain-error') return json(400, { error: 'Plain error text' });
    if (req.url === '/prod/message-error') return json(500, { message: 'Top-level message' });
    if (req.url === '/prod/empty-error') return json(500, {});
    json(404, { error: { code: 'NOT_FOUND', message: 'Analysis not found' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  setConfig({ apiUrl: `http://127.0.0.1:${port}/prod`, region: 'us-east-1', userPoolId: 'p', userPoolClientId: 'c' });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  csrfIssued = 0;
  clearCsrfToken();
  setTokenProvider(async () => 'id-token-1');
});

describe('api client', () => {
  it('sends the Bearer ID token and parses JSON', async () => {
    const out = await api.get<{ files: { fileId: string }[] }>('/files');
    expect(out.files[0].fileId).toBe('f1');
    expect(seen).toHaveLength(1);
    expect(seen[0].auth).toBe('Bearer id-token-1');
    expect(seen[0].csrf).toBeUndefined();
  });

  it('adds X-CSRF-Token to mutating calls and caches it', async () => {
    await api.del('/files', { fileId: 'a' });
    await api.del('/files', { fileId: 'b' });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /prod/csrf-token', 'DELETE /prod/files', 'DELETE /prod/files']);
    expect(seen[1].csrf).toBe('t1');
    expect(seen[2].csrf).toBe('t1');
    expect(JSON.parse(seen[2].body)).toEqual({ fileId: 'b' });
  });

  it('refetches the CSRF token once after a CSRF 403 and retries', async () => {
    await api.get('/files');
    rejectNextCsrf = true;
    const out = await api.del<{ deleted: string }>('/files', { fileId: 'x' });
    expect(out.deleted).toBe('x');
    const deletes = seen.filter((s) => s.method === 'DELETE');
    expect(deletes.map((d) => d.csrf)).toEqual(['t1', 't2']);
  });

  it('takes the message from error.message, error, message, then the fallback', async () => {
    await expect(api.get('/missing')).rejects.toMatchObject({ status: 404, message: 'Analysis not found', code: 'NOT_FOUND' });
    await expect(api.get('/plain-error')).rejects.toMatchObject({ status: 400, message: 'Plain error text' });
    await expect(api.get('/message-error')).rejects.toMatchObject({ status: 500, message: 'Top-level message' });
    await expect(api.get('/empty-error', { fallback: 'Failed to list files' })).rejects.toMatchObject({
      status: 500,
      message: 'Failed to list files',
    });
  });

  it('refuses to call without a token', async () => {
    setTokenProvider(async () => undefined);
    const err = (await api.get('/files').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('No authentication token found');
    expect(seen).toHaveLength(0);
  });
});

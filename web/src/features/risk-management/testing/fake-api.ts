/**
 * A loopback HTTP server standing in for the API in component tests: the components run their
 * real React Query hooks and the real api client over real HTTP; only the server is scripted.
 * Every request is recorded so tests can assert what was sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  params: Record<string, string>;
  body: unknown;
  headers: IncomingMessage['headers'];
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;

export interface FakeApi {
  /** Base URL to use as the app's apiUrl. */
  url: string;
  /** Requests received, oldest first (the CSRF token fetch excluded). */
  requests: FakeRequest[];
  /** Registers or replaces the handler for `METHOD /path/:param`. */
  on(method: string, pattern: string, handler: FakeHandler): void;
  /** Requests received for one method and path pattern. */
  calls(method: string, pattern: string): FakeRequest[];
  close(): Promise<void>;
}

export const FAKE_CSRF_TOKEN = 'csrf-test-token';

function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

export async function startFakeApi(): Promise<FakeApi> {
  const routes: { method: string; pattern: string; handler: FakeHandler }[] = [];
  const requests: FakeRequest[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/csrf-token') return send(res, 200, { token: FAKE_CSRF_TOKEN, expires_in: 3600 });
    const method = req.method ?? 'GET';
    // Like the real router: a mutating call without the CSRF token is refused.
    if (method !== 'GET' && req.headers['x-csrf-token'] !== FAKE_CSRF_TOKEN) {
      return send(res, 403, { error: { code: 'CSRF', message: 'Invalid CSRF token' } });
    }
    const body = await readJson(req).catch(() => undefined);
    for (const route of [...routes].reverse()) {
      if (route.method !== method) continue;
      const params = matchPattern(route.pattern, url.pathname);
      if (!params) continue;
      const request: FakeRequest = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), params, body, headers: req.headers };
      requests.push(request);
      try {
        const answer = await route.handler(request);
        return send(res, answer.status ?? 200, answer.body);
      } catch (err) {
        return send(res, 500, { error: { code: 'INTERNAL', message: (err as Error).message } });
      }
    }
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), params: {}, body, headers: req.headers });
    send(res, 404, { error: { code: 'NOT_FOUND', message: `No route ${method} ${url.pathname}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (method, pattern, handler) => {
      routes.push({ method, pattern, handler });
    },
    calls: (method, pattern) => requests.filter((r) => r.method === method && matchPattern(pattern, r.path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

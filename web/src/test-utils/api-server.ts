import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setConfig } from '../config.ts';
import { clearCsrfToken, setTokenProvider } from '../api/client.ts';

export type Handler = (body: unknown, req: IncomingMessage) => { status: number; body: unknown };

/**
 * A stand-in API on loopback (the process edge): answers `METHOD /path` from the handler map,
 * issues CSRF tokens, and points the app's config and token provider at itself.
 */
export async function startApiServer(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/prod/, '');
      // jsdom's XMLHttpRequest (presigned PUTs) enforces CORS, so answer like the local server does.
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-methods': 'GET,POST,PUT,DELETE', 'access-control-allow-headers': '*' });
        res.end();
        return;
      }
      const body = raw ? parseBody(raw) : undefined;
      calls.push({ method: req.method!, path, body });
      const answer =
        path === '/csrf-token'
          ? { status: 200, body: { token: 'csrf-1', expires_in: 3600 } }
          : (handlers[`${req.method} ${path}`]?.(body, req) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such route' } } });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  setConfig({ apiUrl: `http://127.0.0.1:${port}/prod`, region: 'us-east-1', userPoolId: 'pool', userPoolClientId: 'client' });
  setTokenProvider(async () => 'test-id-token');
  clearCsrfToken();
  return { calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** JSON bodies are parsed; anything else (an uploaded file's bytes) is kept as text. */
function parseBody(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

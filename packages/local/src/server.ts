/**
 * The one local HTTP server: /config.json, the API under /prod, signed blob URLs under /blobs,
 * the sign-in stand-in under /cognito, and the web app for everything else. It listens before
 * the stack is assembled (the public URL needs the port), so it answers 503 until `mount`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from '@app/functions/http/router.ts';
import { handleApiRequest, STAGE_PREFIX } from './api-bridge.ts';
import { serveStatic } from './static-site.ts';

export interface BrowserConfig {
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  userPoolEndpoint?: string;
}

export interface LocalApp {
  api: Api;
  browserConfig: BrowserConfig;
  handleBlob(req: IncomingMessage, res: ServerResponse): Promise<void>;
  handleCognito(req: IncomingMessage, res: ServerResponse): Promise<void>;
  webDir: string;
  onError(e: unknown): void;
}

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  // Scripts only from this origin (the build has no inline script or eval): an injected <script>
  // or handler attribute does not run. Styles are left to the app (Mantine injects them).
  'content-security-policy': "script-src 'self'; frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix + '/');
}

async function route(app: LocalApp, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://local').pathname;
  if (pathname === '/config.json') {
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(JSON.stringify(app.browserConfig));
  }
  if (isUnder(pathname, STAGE_PREFIX)) return handleApiRequest(app.api, req, res, SECURITY_HEADERS);
  if (pathname.startsWith('/blobs/')) return app.handleBlob(req, res);
  if (pathname.startsWith('/cognito')) return app.handleCognito(req, res);
  return serveStatic(app.webDir, req, res, SECURITY_HEADERS);
}

export interface LocalServer {
  server: Server;
  port: number;
  mount(app: LocalApp): void;
  close(): Promise<void>;
}

export async function listenLocalServer(port: number, host: string): Promise<LocalServer> {
  let app: LocalApp | undefined;
  const server = createServer((req, res) => {
    if (!app) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
      return void res.end('Starting up, try again in a moment');
    }
    const current = app;
    route(current, req, res).catch((e) => {
      current.onError(e);
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error' } }));
      } else {
        res.destroy();
      }
    });
  });
  // Large uploads over slow links must not be cut off by Node's default 5-minute request timeout.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    mount(a) {
      app = a;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

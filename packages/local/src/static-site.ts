/**
 * Serves the built web app (web/dist) with an SPA fallback to index.html. Hashed assets are
 * cached for a year; index.html never, so a rebuild shows at once.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SAP Security Analyzer: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app has not been built yet</h1>
<p>The API is running at <code>/prod</code>, but there is no <code>web/dist</code> folder to serve.</p>
<p>Build it with <code>npm run build:web</code> (or start with <code>npm start</code>, which builds it first), then reload this page.</p>
</body></html>
`;

async function fileAt(path: string): Promise<{ path: string; size: number } | undefined> {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? { path, size: info.size } : undefined;
}

export async function serveStatic(webDir: string, req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('Method not allowed');
  }
  const root = resolve(webDir);
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
  } catch {
    res.writeHead(400, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('Bad request');
  }
  const candidate = resolve(root, '.' + pathname);
  const inside = candidate === root || candidate.startsWith(root + sep);
  let file = inside && !pathname.endsWith('/') ? await fileAt(candidate) : undefined;
  const isAsset = Boolean(extname(pathname)) && !pathname.endsWith('.html');
  if (!file && isAsset) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('Not found');
  }
  file ??= await fileAt(join(root, 'index.html'));
  if (!file) {
    res.writeHead(503, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(method === 'HEAD' ? undefined : NOT_BUILT_PAGE);
  }
  const cache = /\/assets\//.test(file.path) ? 'public, max-age=31536000, immutable' : 'no-cache';
  res.writeHead(200, {
    ...headers,
    'content-type': TYPES[extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(file.size),
    'cache-control': cache,
  });
  if (method === 'HEAD') return void res.end();
  await pipeline(createReadStream(file.path), res);
}

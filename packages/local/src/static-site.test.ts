import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './static-site.ts';

let root: string;
let webDir: string;
let server: Server;
let base: string;
let currentDir: () => string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-site-'));
  webDir = join(root, 'dist');
  await mkdir(join(webDir, 'assets'), { recursive: true });
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(join(webDir, 'assets', 'app-123.js'), 'console.log(1)');
  await writeFile(join(root, 'secret.txt'), 'do not serve');
  currentDir = () => webDir;
  server = createServer((req, res) => void serveStatic(currentDir(), req, res, { 'x-test': 'yes' }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await rm(root, { recursive: true, force: true });
});

describe('serveStatic', () => {
  it('serves index.html at / and for client-side routes', async () => {
    for (const path of ['/', '/results/abc-123', '/risk-management']) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('x-test')).toBe('yes');
      expect(await res.text()).toBe('<!doctype html><title>app</title>');
    }
  });

  it('serves hashed assets with a long cache and 404s missing ones', async () => {
    const res = await fetch(`${base}/assets/app-123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log(1)');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('never serves files outside the web folder', async () => {
    const res = await fetch(`${base}/..%2Fsecret.txt`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('do not serve');
  });

  it('explains how to build the app when web/dist is missing', async () => {
    currentDir = () => join(root, 'nothing-here');
    try {
      const res = await fetch(`${base}/`);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).toContain('The web app has not been built yet');
      expect(text).toContain('npm run build:web');
    } finally {
      currentDir = () => webDir;
    }
  });
});

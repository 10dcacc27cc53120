import { describe, expect, it } from 'vitest';
import type { Services } from '../services/types.ts';
import { buildOpenApi, listRoutes } from './openapi.ts';
import { RouteTable } from './route-table.ts';
import { createApi } from './router.ts';
import { registerAllRoutes } from './routes/index.ts';

const doc = buildOpenApi(registerAllRoutes);
const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as any })));

/** A concrete path for a pattern: every `{param}` replaced by a sample value. */
const samplePath = (pattern: string) => pattern.replace(/\{[^}]+\}/g, 'sample-1');

describe('OpenAPI description', () => {
  it('describes exactly the routes the router registers', () => {
    const routes = listRoutes(registerAllRoutes);
    expect(routes.length).toBeGreaterThan(20);
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(routes.map((r) => `${r.method} ${r.pattern}`).sort());
  });

  it('names paths the router matches to the same route, with their path parameters', () => {
    const table = new RouteTable();
    for (const r of listRoutes(registerAllRoutes)) table.add(r.method, r.pattern, r.options, async () => ({ status: 200 }));
    for (const { path, method, op } of operations) {
      const match = table.match(method, samplePath(path));
      expect(match.kind === 'found' && match.entry.pattern, `${method} ${path}`).toBe(path);
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(op.parameters.filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name)).toEqual(names);
    }
  });

  it('states who may call each route and where the CSRF token is required', () => {
    const upload = doc.paths['/upload']!.post as any;
    expect(upload['x-access']).toBe('user');
    expect(upload.security).toEqual([{ idToken: [] }]);
    expect(upload.parameters.map((p: { name: string }) => p.name)).toContain('x-csrf-token');
    expect(upload.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['fileName', 'fileType'],
      properties: { fileType: { enum: ['csv', 'excel'] } },
    });
    const files = doc.paths['/files']!.get as any;
    expect(files.parameters.map((p: { name: string }) => p.name)).not.toContain('x-csrf-token');
    const own = doc.paths['/openapi.json']!.get as any;
    expect(own.security).toEqual([]);
    const admin = operations.filter((o) => o.op['x-access'] === 'admin');
    expect(admin.length).toBeGreaterThan(0);
    for (const o of admin) expect(o.op.responses['403']).toBeDefined();
  });

  it('is served by the API without signing in', async () => {
    const services = { config: { apiUrl: 'https://api.example.com/prod', version: '9.9.9' }, log: { info() {}, warn() {}, error() {} } } as unknown as Services;
    const res = await createApi(services).handle({ method: 'GET', path: '/openapi.json', headers: {}, query: {} });
    expect(res.status).toBe(200);
    const served = res.body as ReturnType<typeof buildOpenApi>;
    expect(served.servers).toEqual([{ url: 'https://api.example.com/prod' }]);
    expect(served.info.version).toBe('9.9.9');
    expect(Object.keys(served.paths).sort()).toEqual(Object.keys(doc.paths).sort());
  });
});

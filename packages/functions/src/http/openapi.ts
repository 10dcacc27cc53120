/**
 * The OpenAPI 3.1 description of the HTTP API, generated from the route table itself (every
 * registered method and path, who may call it, whether it needs the CSRF token) and the zod
 * schemas routes declare for their bodies, so the description cannot drift from the router.
 * Served at GET /prod/openapi.json (routes/openapi.ts).
 */
import { z } from 'zod';
import { needsCsrf, splitPath } from './route-table.ts';
import type { RouteOptions, RouteRegistrar } from './types.ts';

export interface DescribedRoute {
  method: string;
  pattern: string;
  options: RouteOptions;
}

/** Every route `register` registers (the API's: routes/index.ts registerAllRoutes), in registration order. */
export function listRoutes(register: (r: RouteRegistrar) => void): DescribedRoute[] {
  const routes: DescribedRoute[] = [];
  register({ route: (method, pattern, options) => routes.push({ method: method.toUpperCase(), pattern, options }) });
  return routes;
}

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} } } },
};

function operation(route: DescribedRoute) {
  const params = splitPath(route.pattern)
    .filter((s) => s.startsWith('{') && s.endsWith('}'))
    .map((s) => ({ name: s.slice(1, -1), in: 'path', required: true, schema: { type: 'string' } }));
  const isPublic = route.options.access === 'public';
  const csrf = !isPublic && needsCsrf(route.method, route.options);
  return {
    operationId: `${route.method.toLowerCase()}${route.pattern.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    ...(route.options.summary ? { summary: route.options.summary } : {}),
    'x-access': route.options.access,
    security: isPublic ? [] : [{ idToken: [] }],
    parameters: [...params, ...(csrf ? [{ name: 'x-csrf-token', in: 'header', required: true, description: 'From GET /csrf-token, bound to the caller', schema: { type: 'string' } }] : [])],
    ...(route.options.body ? { requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(route.options.body, { io: 'input', unrepresentable: 'any' }) } } } } : {}),
    responses: {
      '200': { description: 'Success (JSON)' },
      ...(isPublic ? {} : { '401': { description: 'Missing or invalid ID token', content: { 'application/json': { schema: errorSchema } } } }),
      ...(route.options.access === 'admin' ? { '403': { description: 'Caller is not in the admins group (FORBIDDEN), or is an administrator without TOTP MFA (MFA_REQUIRED)', content: { 'application/json': { schema: errorSchema } } } } : {}),
      '400': { description: 'Invalid input', content: { 'application/json': { schema: errorSchema } } },
    },
  };
}

export function buildOpenApi(register: (r: RouteRegistrar) => void, options: { serverUrl?: string; version?: string } = {}) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of listRoutes(register)) {
    (paths[route.pattern] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'SAP Security Analyzer API', version: options.version ?? '2.0.0' },
    servers: [{ url: options.serverUrl ?? '/prod' }],
    components: { securitySchemes: { idToken: { type: 'http', scheme: 'bearer', bearerFormat: 'Cognito ID token (JWT)' } } },
    paths,
  };
}

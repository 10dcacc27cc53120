/** GET /openapi.json: the API's description, generated from this route table (http/openapi.ts). */
import { buildOpenApi } from '../openapi.ts';
import type { RouteRegistrar } from '../types.ts';

export function registerOpenApiRoutes(r: RouteRegistrar): void {
  r.route('GET', '/openapi.json', { access: 'public', summary: 'This description' }, async ({ services }) => ({
    status: 200,
    body: buildOpenApi({ serverUrl: services.config.apiUrl || '/prod', version: services.config.version }),
  }));
}

/** GET /openapi.json: the API's description, generated from this route table (http/openapi.ts). */
import { buildOpenApi } from '../openapi.ts';
import type { RouteRegistrar } from '../types.ts';

/** `registerAll` registers every route of the API, this one included (routes/index.ts hands itself over). */
export function registerOpenApiRoutes(r: RouteRegistrar, registerAll: (r: RouteRegistrar) => void): void {
  r.route('GET', '/openapi.json', { access: 'public', summary: 'This description' }, async ({ services }) => ({
    status: 200,
    body: buildOpenApi(registerAll, { serverUrl: services.config.apiUrl || '/prod', version: services.config.version }),
  }));
}

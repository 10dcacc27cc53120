import { modelCatalog } from '../../services/ai/catalog.ts';
import type { RouteRegistrar } from '../types.ts';

/** GET /ai/models: whether AI is available here, and the models with their estimated cost per 1000 records. */
export function registerAiRoutes(r: RouteRegistrar): void {
  r.route('GET', '/ai/models', { access: 'user' }, async ({ services }) => ({ status: 200, body: modelCatalog(services.config) }));
}

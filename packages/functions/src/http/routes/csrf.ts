import { issueCsrfToken } from '../../services/csrf.ts';
import type { RouteRegistrar } from '../types.ts';

export function registerCsrfRoutes(r: RouteRegistrar): void {
  r.route('GET', '/csrf-token', { access: 'user' }, async ({ caller, services }) => ({
    status: 200,
    body: issueCsrfToken(services.config.secret, caller.sub),
  }));
}

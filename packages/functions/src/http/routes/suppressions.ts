/** Suppressions (issue 17): the caller's own, in the caller's partition; another user's id is a 404. */
import {
  addSuppression,
  createSuppressionSchema,
  deleteSuppression,
  editSuppression,
  listSuppressionViews,
  suppressionListQuerySchema,
  updateSuppressionSchema,
} from '../../services/review/index.ts';
import type { RouteRegistrar } from '../types.ts';

export function registerSuppressionRoutes(r: RouteRegistrar): void {
  r.route('GET', '/suppressions', { access: 'user' }, async ({ caller, req, services }) => {
    const { state } = suppressionListQuerySchema.parse(req.query);
    return { status: 200, body: await listSuppressionViews(services, caller.sub, state) };
  });

  r.route('POST', '/suppressions', { access: 'user' }, async ({ caller, body, services }) => {
    const input = createSuppressionSchema.parse(body ?? {});
    return { status: 201, body: { suppression: await addSuppression(services, caller, input) } };
  });

  r.route('PUT', '/suppressions/{id}', { access: 'user' }, async ({ caller, params, body, services }) => {
    const input = updateSuppressionSchema.parse(body ?? {});
    return { status: 200, body: { suppression: await editSuppression(services, caller, params.id!, input) } };
  });

  r.route('DELETE', '/suppressions/{id}', { access: 'user' }, async ({ caller, params, services }) => {
    return { status: 200, body: { suppression: await deleteSuppression(services, caller, params.id!) } };
  });
}

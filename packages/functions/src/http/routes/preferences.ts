/** GET /preferences, GET /preferences/{type}, PUT /preferences/{type}: the caller's own settings. */
import { z } from 'zod';
import { VisibleError } from '../errors.ts';
import { assertPreferenceType, getAllPreferences, getPreference, putPreference } from '../../services/preferences/preference-store.ts';
import type { RouteRegistrar } from '../types.ts';

const putBody = z.object({ preferenceType: z.string().optional(), preferences: z.record(z.string(), z.unknown()) });

export function registerPreferenceRoutes(r: RouteRegistrar): void {
  r.route('GET', '/preferences', { access: 'user' }, async ({ caller, services }) => ({
    status: 200,
    body: { preferences: await getAllPreferences(services, caller.sub) },
  }));

  r.route('GET', '/preferences/{type}', { access: 'user' }, async ({ caller, params, services }) => {
    const type = assertPreferenceType(params.type!);
    return { status: 200, body: { preferenceType: type, preferences: await getPreference(services, caller.sub, type) } };
  });

  r.route('PUT', '/preferences/{type}', { access: 'user', body: putBody, summary: "Replaces one of the caller's settings" }, async ({ caller, params, body, services }) => {
    const type = assertPreferenceType(params.type!);
    const input = putBody.parse(body ?? {});
    if (input.preferenceType !== undefined && input.preferenceType !== type) {
      throw new VisibleError('BAD_REQUEST', `preferenceType "${input.preferenceType}" does not match the path's type "${type}"`);
    }
    const preferences = await putPreference(services, caller.sub, type, input.preferences);
    return { status: 200, body: { preferenceType: type, preferences } };
  });
}

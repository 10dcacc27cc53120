/** GET /system-info: facts for the About page, read from the running system (DECISIONS.md 2). */
import { FLAG_KEYS } from '@app/core';
import { readSystemInfo } from '../system-info.ts';
import type { RouteRegistrar } from '../types.ts';

export function registerSystemRoutes(r: RouteRegistrar): void {
  r.route('GET', '/system-info', { access: 'user' }, async ({ services }) => ({
    status: 200,
    body: await readSystemInfo(services, FLAG_KEYS),
  }));
}

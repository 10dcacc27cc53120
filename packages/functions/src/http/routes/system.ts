import type { RouteRegistrar } from '../types.ts';

// Placeholder until its owner fills it in (see docs/architecture.md for ownership).
export function registerSystemRoutes(_r: RouteRegistrar): void {}

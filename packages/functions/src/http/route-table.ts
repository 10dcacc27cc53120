/**
 * Route patterns with `{name}` path parameters, matched segment by segment. Kept apart from the
 * router so matching stays a pure function that is easy to test.
 */
import type { RouteHandler, RouteOptions } from './types.ts';

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

// Public routes have no caller to bind a token to, so only signed-in routes are checked (router.ts).
/** Whether a call must carry X-CSRF-Token (also what the OpenAPI description states, http/openapi.ts). */
export function needsCsrf(method: string, options: RouteOptions): boolean {
  return options.csrf ?? MUTATING.has(method);
}

export interface RouteEntry {
  method: string;
  pattern: string;
  segments: string[];
  options: RouteOptions;
  handler: RouteHandler;
}

export type RouteMatch =
  | { kind: 'found'; entry: RouteEntry; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'not-found' };

export function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

function matchSegments(patternSegments: string[], pathSegments: string[]): Record<string, string> | undefined {
  if (patternSegments.length !== pathSegments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternSegments.length; i++) {
    const p = patternSegments[i]!;
    const s = pathSegments[i]!;
    if (isParam(p)) {
      let value: string;
      try {
        value = decodeURIComponent(s);
      } catch {
        return undefined;
      }
      params[p.slice(1, -1)] = value;
    } else if (p !== s) {
      return undefined;
    }
  }
  return params;
}

export class RouteTable {
  private readonly entries: RouteEntry[] = [];

  add(method: string, pattern: string, options: RouteOptions, handler: RouteHandler): void {
    const m = method.toUpperCase();
    if (this.entries.some((e) => e.method === m && e.pattern === pattern)) {
      throw new Error(`Route ${m} ${pattern} is registered twice`);
    }
    this.entries.push({ method: m, pattern, segments: splitPath(pattern), options, handler });
  }

  /** Literal segments win over parameters, so `/risk-tables/export` beats `/risk-tables/{id}`. */
  match(method: string, path: string): RouteMatch {
    const pathSegments = splitPath(path);
    const candidates: { entry: RouteEntry; params: Record<string, string>; literals: number }[] = [];
    for (const entry of this.entries) {
      const params = matchSegments(entry.segments, pathSegments);
      if (params) candidates.push({ entry, params, literals: entry.segments.filter((s) => !isParam(s)).length });
    }
    if (candidates.length === 0) return { kind: 'not-found' };
    const m = method.toUpperCase();
    const forMethod = candidates.filter((c) => c.entry.method === m).sort((a, b) => b.literals - a.literals);
    const best = forMethod[0];
    if (best) return { kind: 'found', entry: best.entry, params: best.params };
    return { kind: 'wrong-method', allowed: [...new Set(candidates.map((c) => c.entry.method))].sort() };
  }
}

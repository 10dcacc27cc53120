/** Shapes of the answers the router builds itself: errors, CORS, common headers. */
import type { ApiErrorCode } from './errors.ts';
import type { ApiResponse } from './types.ts';

/**
 * CORS for the web app's own origin only (on AWS its CloudFront URL, locally the server's URL).
 * Without a configured origin no CORS header is sent, so no other page's script can read an answer.
 */
export function corsHeaders(webOrigin: string | undefined): Record<string, string> {
  if (!webOrigin) return {};
  return {
    'access-control-allow-origin': webOrigin,
    'access-control-allow-headers': 'Authorization, Content-Type, X-CSRF-Token',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-max-age': '600',
  };
}

export function errorResponse(status: number, code: ApiErrorCode | 'INTERNAL' | 'METHOD_NOT_ALLOWED', message: string, details?: unknown): ApiResponse {
  const error: Record<string, unknown> = { code, message };
  if (details !== undefined) error.details = details;
  return { status, body: { error } };
}

/**
 * Adds CORS, JSON, no-store and nosniff headers without overriding what a route set itself.
 * nosniff here (not only in the local server) so API Gateway answers carry it too: user text
 * in a JSON answer must never be sniffed into HTML.
 */
export function withStandardHeaders(res: ApiResponse, webOrigin?: string): ApiResponse {
  const headers: Record<string, string> = { ...corsHeaders(webOrigin), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
  if (res.rawBody === undefined && res.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
  for (const [k, v] of Object.entries(res.headers ?? {})) headers[k.toLowerCase()] = v;
  return { ...res, headers };
}

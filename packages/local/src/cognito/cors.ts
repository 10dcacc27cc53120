/**
 * CORS of the public `/cognito` mount: only the app's own origin(s). Tokens travel in bodies, not
 * cookies, yet a page on another origin could otherwise drive the sign-in API from a victim's
 * browser (password guesses, resets, sign-outs) and read the answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What Amplify sends (never echoed from the request). */
const ALLOWED_HEADERS = 'content-type, x-amz-target, x-amz-user-agent, cache-control';
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the app is served from: the public URL's, plus the other loopback spellings of the
 * same port when it is a loopback address (a browser on http://127.0.0.1:3000 is the same app).
 *
 * @example appOriginsFor('http://localhost:3000') // ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']
 */
export function appOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_NAMES.includes(url.hostname)) {
    for (const name of LOOPBACK_NAMES) origins.add(`${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
  }
  return [...origins];
}

/**
 * Sets CORS headers for an allowed origin. Returns false when the request comes from a browser page
 * on another origin (it then gets no CORS headers and should be refused).
 */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  // No Origin header: not a cross-origin browser request (SDKs, curl, same-origin GET).
  if (origin === undefined) return true;
  if (!allowed.includes(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
  res.setHeader('Access-Control-Expose-Headers', 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage');
  return true;
}

/**
 * HTTP face of the local user pool: the AWS JSON protocol (POST with X-Amz-Target) plus the
 * pool's JWKS and OpenID configuration. CORS only for the app's own origins (`cors.ts`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toApiError } from './cognito-errors.ts';
import { applyCors } from './cors.ts';
import type { Launcher } from './launcher.ts';
import { RATE_LIMITED_TARGETS, TooManyRequestsError, type RateLimiter } from './rate-limit.ts';

const MAX_BODY_BYTES = 1024 * 1024;


export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export function createCognitoHttpHandler(
  launcher: Launcher,
  opts: {
    exposure: 'public' | 'internal';
    issuer: () => string;
    jwksUrl: () => string;
    jwks: () => unknown;
    /** Browser origins allowed to call (the app's own); none on the internal door. */
    allowedOrigins?: () => readonly string[];
    /** Per-address limit of the anonymous calls that cost work (InitiateAuth, ForgotPassword). */
    rateLimit?: RateLimiter;
    /** Calls (POST) only on this path: the internal door's per-process secret. */
    secretPath?: string;
  },
): RequestHandler {
  return async (req, res) => {
    const originAllowed = applyCors(req, res, opts.allowedOrigins?.() ?? []);
    if (req.method === 'OPTIONS') {
      if (originAllowed) res.writeHead(204, { 'Access-Control-Max-Age': '600' }).end();
      else res.writeHead(403).end();
      return;
    }
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    if (req.method === 'GET' && path.endsWith('/.well-known/jwks.json')) {
      sendJson(res, 200, opts.jwks(), 'application/json');
      return;
    }
    if (req.method === 'GET' && path.endsWith('/.well-known/openid-configuration')) {
      sendJson(res, 200, { issuer: opts.issuer(), jwks_uri: opts.jwksUrl(), id_token_signing_alg_values_supported: ['RS256'] }, 'application/json');
      return;
    }
    if (!originAllowed) {
      sendError(res, 403, 'AccessDeniedException', 'Requests from this origin are not allowed');
      return;
    }
    if (req.method !== 'POST') {
      sendError(res, 405, 'MethodNotAllowedException', 'Use POST with an X-Amz-Target header');
      return;
    }
    if (opts.secretPath !== undefined && !isSamePath(path.replace(/\/+$/, ''), opts.secretPath)) {
      sendError(res, 403, 'AccessDeniedException', 'Forbidden');
      return;
    }
    const target = String(req.headers['x-amz-target'] ?? '').split('.')[1];
    if (!target) {
      sendError(res, 400, 'UnknownOperationException', 'Missing or invalid X-Amz-Target header, expected AWSCognitoIdentityProviderService.<Operation>');
      return;
    }
    if (opts.rateLimit && RATE_LIMITED_TARGETS.has(target)) {
      try {
        opts.rateLimit.take(req.socket.remoteAddress ?? 'unknown');
      } catch (e) {
        if (!(e instanceof TooManyRequestsError)) throw e;
        res.setHeader('Retry-After', String(e.retryAfterSeconds));
        sendError(res, e.status, e.type, e.message);
        return;
      }
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req)) || '{}');
    } catch (e) {
      const tooLarge = (e as Error).message === 'too large';
      sendError(res, tooLarge ? 413 : 400, 'SerializationException', tooLarge ? 'Request body exceeds 1 MB' : 'Request body is not valid JSON');
      return;
    }
    try {
      const result = await launcher.dispatch(target, body, { exposure: opts.exposure, address: req.socket.remoteAddress });
      sendJson(res, 200, result ?? {}, 'application/x-amz-json-1.1');
    } catch (e) {
      const err = toApiError(e);
      sendError(res, err.status, err.type, err.message);
    }
  };
}

function isSamePath(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('too large'));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Dates as epoch seconds, as the AWS JSON protocol (and cognito-local) sends them. */
function replacer(this: any, key: string, value: unknown) {
  return this[key] instanceof Date ? Math.floor(this[key].getTime() / 1000) : value;
}

function sendJson(res: ServerResponse, status: number, body: unknown, contentType: string) {
  res.writeHead(status, { 'Content-Type': contentType }).end(JSON.stringify(body, replacer));
}

function sendError(res: ServerResponse, status: number, type: string, message: string) {
  res.setHeader('x-amzn-errortype', type);
  sendJson(res, status, { __type: type, message }, 'application/x-amz-json-1.1');
}

/**
 * The one API router behind both the Lambda handler and the local server. It owns everything a
 * route should not repeat: authentication, the admin check, CSRF, JSON parsing, body size, CORS
 * and turning errors into `{ error: { code, message } }` without leaking internals.
 */
import { isTransient } from '../pipeline/errors.ts';
import type { Services } from '../services/types.ts';
import { checkCsrfToken } from '../services/csrf.ts';
import { ADMIN_REQUIRED, AUTH_REQUIRED, MFA_REQUIRED, VisibleError } from './errors.ts';
import { checkPathParams } from './path-ids.ts';
import { errorResponse, withStandardHeaders } from './responses.ts';
import { needsCsrf, RouteTable } from './route-table.ts';
import { registerAllRoutes } from './routes/index.ts';
import type { ApiRequest, ApiResponse, Caller, RouteHandler, RouteOptions, RouteRegistrar } from './types.ts';
import { describeZodError, isZodError } from './zod-errors.ts';

/** API Gateway and Lambda refuse payloads above ~6 MB; the local server matches that. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

const CSRF_MESSAGES = {
  missing: 'CSRF token is missing: send the X-CSRF-Token header from GET /csrf-token',
  malformed: 'CSRF token is invalid: fetch a new one from GET /csrf-token',
  invalid: 'CSRF token is invalid: fetch a new one from GET /csrf-token',
  expired: 'CSRF token has expired: fetch a new one from GET /csrf-token',
} as const;

export interface Api extends RouteRegistrar {
  handle(req: ApiRequest): Promise<ApiResponse>;
}

function bearerToken(req: ApiRequest): string | undefined {
  const header = req.headers['authorization'];
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

async function authenticate(services: Services, req: ApiRequest): Promise<Caller> {
  const token = bearerToken(req);
  if (!token) throw new VisibleError('UNAUTHENTICATED', AUTH_REQUIRED);
  try {
    return await services.identity.verifyIdToken(token);
  } catch (e) {
    if (e instanceof VisibleError && e.code === 'UNAUTHENTICATED') throw e;
    // A verifier failure (bad signature, JWKS unreachable) must still read as 401, but is worth a log line.
    services.log.warn('token verification failed', { error: String(e) });
    throw new VisibleError('UNAUTHENTICATED', AUTH_REQUIRED);
  }
}

function parseBody(req: ApiRequest): unknown {
  const text = req.body;
  if (text === undefined || text.trim() === '') return undefined;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) {
    throw new VisibleError('TOO_LARGE', `Request body is too large (max ${MAX_BODY_BYTES / 1024 / 1024} MB)`);
  }
  const type = req.headers['content-type'];
  if (type && !/json/i.test(type) && !/^text\/plain/i.test(type)) {
    throw new VisibleError('UNSUPPORTED_MEDIA', 'Request body must be JSON (Content-Type: application/json)');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new VisibleError('BAD_REQUEST', 'Request body must be valid JSON');
  }
}

function toErrorResponse(services: Services, req: ApiRequest, e: unknown): ApiResponse {
  if (e instanceof VisibleError) return errorResponse(e.status, e.code, e.message, e.details);
  if (isZodError(e)) {
    const { message, fields } = describeZodError(e);
    return errorResponse(400, 'BAD_REQUEST', message, { fields });
  }
  if (e instanceof Error && e.name === 'InvalidBlobKeyError') {
    // A key that slipped past a route's own check still never reaches storage: the caller's input is at fault.
    return errorResponse(400, 'BAD_REQUEST', 'Invalid request: the key is not one this service issues');
  }
  if (isTransient(e)) {
    // A storage fault or throttling fails this request only; the client may try again.
    services.log.error('storage unavailable in route', { method: req.method, path: req.path, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) });
    return errorResponse(503, 'UNAVAILABLE', 'The service is temporarily unavailable; try again in a moment');
  }
  services.log.error('unhandled error in route', {
    method: req.method,
    path: req.path,
    error: e instanceof Error ? e.message : String(e),
    stack: e instanceof Error ? e.stack : undefined,
  });
  return errorResponse(500, 'INTERNAL', 'Internal error');
}

/**
 * Builds the API with every route module registered.
 * @example const api = createApi(services); await api.handle({ method: 'GET', path: '/files', headers, query: {} });
 */
export function createApi(services: Services, register: (r: RouteRegistrar) => void = registerAllRoutes): Api {
  const table = new RouteTable();

  async function dispatch(req: ApiRequest): Promise<ApiResponse> {
    const method = req.method.toUpperCase();
    if (method === 'OPTIONS') return { status: 204 };
    const found = table.match(method, req.path);
    const shownPath = req.path.slice(0, 200);
    if (found.kind === 'not-found') return errorResponse(404, 'NOT_FOUND', `No such API route: ${method} ${shownPath}`);
    if (found.kind === 'wrong-method') {
      const res = errorResponse(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed on ${shownPath}; use ${found.allowed.join(', ')}`);
      return { ...res, headers: { allow: found.allowed.join(', ') } };
    }
    const { entry, params } = found;
    let caller: Caller | undefined;
    if (entry.options.access !== 'public') {
      caller = await authenticate(services, req);
      if (entry.options.access === 'admin') {
        if (!caller.groups.includes('admins')) throw new VisibleError('FORBIDDEN', ADMIN_REQUIRED);
        // Cognito has no MFA per group: an administrator's account must have TOTP turned on.
        if (!(await services.identity.hasTotpMfa(caller))) throw new VisibleError('MFA_REQUIRED', MFA_REQUIRED);
      }
      if (needsCsrf(method, entry.options)) {
        const verdict = checkCsrfToken(services.config.secret, caller.sub, req.headers['x-csrf-token']);
        if (verdict !== 'ok') throw new VisibleError('CSRF', CSRF_MESSAGES[verdict]);
      }
    }
    checkPathParams(entry.pattern, entry.options.params, params);
    const body = parseBody(req);
    return entry.handler({ req, caller: caller as Caller, params, body, services });
  }

  const api: Api = {
    route(method: string, pattern: string, options: RouteOptions, handler: RouteHandler) {
      table.add(method, pattern, options, handler);
    },
    async handle(req: ApiRequest): Promise<ApiResponse> {
      let res: ApiResponse;
      try {
        res = await dispatch(req);
      } catch (e) {
        res = toErrorResponse(services, req, e);
      }
      return withStandardHeaders(res, services.config.webOrigin);
    },
  };
  register(api);
  return api;
}

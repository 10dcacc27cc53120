/**
 * The one HTTP client of the web app. Every call carries the Bearer ID token; mutating calls
 * carry X-CSRF-Token (cached until expires_in − 60 s, refetched once on a CSRF 403).
 * Failures are thrown as ApiError with the message the spec's error catalogue prescribes.
 *
 * @example
 *   const { files } = await api.get<{ files: FileItem[] }>('/files', { fallback: 'Failed to list files' });
 *   await api.del('/files', { fileId }, { fallback: 'Failed to delete file' });
 */
import { fetchAuthSession } from 'aws-amplify/auth';
import { getConfig } from '../config.ts';
import { ApiError, toApiError } from './api-error.ts';

export { ApiError } from './api-error.ts';

export interface RequestOptions {
  /** Message used when the server gives none (spec section 8 fallbacks). */
  fallback?: string;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type TokenProvider = () => Promise<string | undefined>;

const CSRF_MARGIN_MS = 60_000;
export const UNREACHABLE = 'the server could not be reached (network down, or the server stopped)';
const DEFAULT_FALLBACK = 'Request failed';

let tokenProvider: TokenProvider = async () => {
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
};
let csrf: { token: string; expiresAt: number } | undefined;
let csrfInFlight: Promise<string> | undefined;

/** Replaces where the ID token comes from (tests; Amplify by default). */
export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

/** Forgets the cached CSRF token (sign-out, user switch). */
export function clearCsrfToken(): void {
  csrf = undefined;
  csrfInFlight = undefined;
}

async function idToken(): Promise<string> {
  let token: string | undefined;
  try {
    token = await tokenProvider();
  } catch {
    throw new ApiError(401, 'Failed to refresh authentication token');
  }
  if (!token) throw new ApiError(401, 'No authentication token found');
  return token;
}

function url(path: string): string {
  return `${getConfig().apiUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function fetchCsrfToken(bearer: string): Promise<string> {
  let res: Response;
  try {
    res = await fetch(url('/csrf-token'), { headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'Failed to get CSRF token');
  }
  const body = (await readBody(res)) as { token?: unknown; expires_in?: unknown } | undefined;
  if (!res.ok || typeof body?.token !== 'string') throw toApiError(res.status || 500, body, 'Failed to get CSRF token');
  const ttlMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
  csrf = { token: body.token, expiresAt: Date.now() + Math.max(0, ttlMs - CSRF_MARGIN_MS) };
  return body.token;
}

async function csrfToken(bearer: string): Promise<string> {
  if (csrf && Date.now() < csrf.expiresAt) return csrf.token;
  csrfInFlight ??= fetchCsrfToken(bearer).finally(() => {
    csrfInFlight = undefined;
  });
  return csrfInFlight;
}

function isCsrfRejection(err: ApiError): boolean {
  return err.status === 403 && (err.code === 'CSRF' || /csrf/i.test(err.message));
}

async function send<T>(method: Method, path: string, body: unknown, options: RequestOptions, retried = false): Promise<T> {
  const fallback = options.fallback ?? DEFAULT_FALLBACK;
  const bearer = await idToken();
  const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = await csrfToken(bearer);

  let res: Response;
  try {
    res = await fetch(url(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    // The browser's own text ("Failed to fetch") says nothing; the cause is that the server was not reached.
    throw new ApiError(0, `${options.fallback ?? DEFAULT_FALLBACK}: ${UNREACHABLE}`);
  }
  const parsed = await readBody(res);
  if (res.ok) return parsed as T;

  const error = toApiError(res.status, parsed, fallback);
  if (method !== 'GET' && !retried && isCsrfRejection(error)) {
    clearCsrfToken();
    return send<T>(method, path, body, options, true);
  }
  throw error;
}

export const api = {
  get: <T>(path: string, options: RequestOptions = {}) => send<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) => send<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) => send<T>('PUT', path, body, options),
  del: <T>(path: string, body?: unknown, options: RequestOptions = {}) => send<T>('DELETE', path, body, options),
};

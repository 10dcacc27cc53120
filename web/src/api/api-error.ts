/** An API failure with the HTTP status and the message to show (spec section 8). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    public readonly status: number,
    message: string,
    /** Server error code, e.g. "CSRF", "NOT_FOUND" (from `error.code`). */
    public readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Picks the message to show from an error body: `error.message`, else `error` (a string),
 * else `message`, else the fallback.
 */
export function extractErrorMessage(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    const err = b.error;
    if (err && typeof err === 'object') {
      const m = (err as Record<string, unknown>).message;
      if (typeof m === 'string' && m.trim()) return m;
    }
    if (typeof err === 'string' && err.trim()) return err;
    if (typeof b.message === 'string' && b.message.trim()) return b.message;
  }
  return fallback;
}

function extractErrorCode(body: unknown): string | undefined {
  const err = body && typeof body === 'object' ? (body as Record<string, unknown>).error : undefined;
  const code = err && typeof err === 'object' ? (err as Record<string, unknown>).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** Builds an ApiError from a failed response body. */
export function toApiError(status: number, body: unknown, fallback: string): ApiError {
  return new ApiError(status, extractErrorMessage(body, fallback), extractErrorCode(body));
}

/** The message of any thrown value: ApiError/Error message, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}

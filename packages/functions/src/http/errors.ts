/** Errors safe to show to a user, mapped to an HTTP status at the edge (never a catch-all 500). */
export type ApiErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'MFA_REQUIRED'
  | 'CSRF'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_MEDIA'
  | 'NOT_CONFIGURED'
  | 'UNAVAILABLE'
  /** Something the request needs is being computed once (the cases of an older analysis): ask again shortly. */
  | 'PREPARING'
  | 'RESULT_DAMAGED';

const STATUS: Record<ApiErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  MFA_REQUIRED: 403,
  CSRF: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  NOT_CONFIGURED: 503,
  UNAVAILABLE: 503,
  PREPARING: 503,
  // Stored data that cannot be read back: a server fault, but a known one with a message.
  RESULT_DAMAGED: 500,
};

export class VisibleError extends Error {
  override name = 'VisibleError';
  constructor(
    public readonly code: ApiErrorCode,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const ADMIN_REQUIRED = 'You need administrator privileges to access this feature';
export const MFA_REQUIRED =
  'Administrators must turn on two-factor authentication before using administrator features: open Account Security and set up an authenticator app';
export const AUTH_REQUIRED = 'Authentication required';

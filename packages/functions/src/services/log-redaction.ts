/**
 * No secret in a log line (issue 26, item 7): whatever a caller hands the logger, values under
 * secret-sounding names (passwords, tokens, codes, secrets, signatures, cookies) are replaced, and
 * token- or signature-shaped text inside any string (JWTs, `sig=`/`X-Amz-Signature=` of presigned
 * URLs, Bearer credentials) is cut out. Applied by every logger the app makes (createJsonLogger,
 * the local stack's), so one forgotten field cannot leak a temporary password again.
 */
import type { Logger } from '../ports/index.ts';

export const REDACTED = '[redacted]';

/** Field names whose values are secrets whatever they hold (a bare `code` is an error code, kept). */
const SECRET_NAME = /pass(word|wd|phrase)|secret|token|authorization|cookie|session|credential|private_?key|otp|^sig$|signature|(confirmation|verification|reset|mfa|totp|user|auth|access)_?code|srp_?a$|challenge_?responses/i;

const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
const URL_SIGNATURE = /([?&](?:sig|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token|Signature)=)[^&\s"']+/gi;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi;
/** The TOTP secret inside an otpauth:// URI (the enrolment QR code's text). */
const OTPAUTH_SECRET = /(otpauth:\/\/[^\s"']*?[?&]secret=)[A-Za-z2-7=]+/gi;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

export function redactText(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(URL_SIGNATURE, `$1${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(OTPAUTH_SECRET, `$1${REDACTED}`);
}

/** A copy of `value` with secrets taken out (depth-limited; cycles and deep nests become a mark). */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[nested]';
  if (value instanceof Error) return redactText(value.stack ?? `${value.name}: ${value.message}`);
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecretName(k) && v !== undefined && v !== null && v !== '' ? REDACTED : redactSecrets(v, depth + 1);
  }
  return out;
}

/** The same logger with every message and field redacted before it is written. */
export function redactingLogger(log: Logger): Logger {
  const clean = (data?: Record<string, unknown>) => (data === undefined ? undefined : (redactSecrets(data) as Record<string, unknown>));
  return {
    info: (msg, data) => log.info(redactText(msg), clean(data)),
    warn: (msg, data) => log.warn(redactText(msg), clean(data)),
    error: (msg, data) => log.error(redactText(msg), clean(data)),
  };
}

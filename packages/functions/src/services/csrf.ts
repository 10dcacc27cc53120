/**
 * Stateless CSRF tokens: `<expiry>.<hmac(secret, sub|expiry)>`. A token is bound to one user
 * (`sub`) and expires after an hour, so nothing needs storing and any Lambda instance can check it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const CSRF_TTL_SECONDS = 3600;

function sign(secret: string, sub: string, expires: number): string {
  return createHmac('sha256', secret).update(`csrf|${sub}|${expires}`).digest('base64url');
}

/** @example issueCsrfToken(secret, 'abc-sub') // → { token: '1767..._x3f…', expires_in: 3600 } */
export function issueCsrfToken(secret: string, sub: string, nowMs = Date.now()): { token: string; expires_in: number } {
  const expires = Math.floor(nowMs / 1000) + CSRF_TTL_SECONDS;
  return { token: `${expires}.${sign(secret, sub, expires)}`, expires_in: CSRF_TTL_SECONDS };
}

export type CsrfCheck = 'ok' | 'missing' | 'malformed' | 'expired' | 'invalid';

export function checkCsrfToken(secret: string, sub: string, token: string | undefined, nowMs = Date.now()): CsrfCheck {
  if (!token) return 'missing';
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'malformed';
  const expires = Number(match[1]);
  const expected = Buffer.from(sign(secret, sub, expires));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  if (expires * 1000 < nowMs) return 'expired';
  return 'ok';
}

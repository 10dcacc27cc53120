import { describe, expect, it } from 'vitest';
import { checkCsrfToken, CSRF_TTL_SECONDS, issueCsrfToken } from './csrf.ts';

const secret = 'test-secret-that-is-long-enough-0123456789';

describe('CSRF tokens', () => {
  it('accepts a fresh token for the same user and reports a one-hour lifetime', () => {
    const { token, expires_in } = issueCsrfToken(secret, 'sub-a');
    expect(expires_in).toBe(3600);
    expect(checkCsrfToken(secret, 'sub-a', token)).toBe('ok');
  });

  it('rejects the token for another user, another secret, or when altered', () => {
    const { token } = issueCsrfToken(secret, 'sub-a');
    expect(checkCsrfToken(secret, 'sub-b', token)).toBe('invalid');
    expect(checkCsrfToken('another-secret-0123456789-0123456789', 'sub-a', token)).toBe('invalid');
    const [exp, sig] = token.split('.');
    expect(checkCsrfToken(secret, 'sub-a', `${Number(exp) + 1000}.${sig}`)).toBe('invalid');
    const flipped = sig!.slice(0, -1) + (sig!.endsWith('A') ? 'B' : 'A');
    expect(checkCsrfToken(secret, 'sub-a', `${exp}.${flipped}`)).toBe('invalid');
  });

  it('rejects missing, malformed and expired tokens with distinct verdicts', () => {
    expect(checkCsrfToken(secret, 'sub-a', undefined)).toBe('missing');
    expect(checkCsrfToken(secret, 'sub-a', '')).toBe('missing');
    expect(checkCsrfToken(secret, 'sub-a', 'not-a-token')).toBe('malformed');
    const now = Date.UTC(2026, 0, 1);
    const { token } = issueCsrfToken(secret, 'sub-a', now);
    expect(checkCsrfToken(secret, 'sub-a', token, now + (CSRF_TTL_SECONDS - 1) * 1000)).toBe('ok');
    expect(checkCsrfToken(secret, 'sub-a', token, now + (CSRF_TTL_SECONDS + 1) * 1000)).toBe('expired');
  });
});

/**
 * Failed sign-ins and reset-code answers per user name, as Cognito limits them: cognito-local has
 * no lockout, so over the network a password or a 6-digit reset code could be guessed at
 * leisure. After `maxFailures` within `windowMs` further attempts are refused until the oldest
 * failure ages out (Cognito's own lockout is temporary too).
 */
import { CognitoApiError, toApiError } from './cognito-errors.ts';

export const ATTEMPT_LIMIT = { maxFailures: 5, windowMs: 15 * 60_000 };

/** Errors that mean "wrong secret" (and so count as a failed attempt). */
const FAILURES = new Set(['NotAuthorizedException', 'CodeMismatchException']);

export interface AttemptLimiter {
  /** Runs `attempt` unless `key` is locked; counts it when it fails with a wrong password or code. */
  guard<T>(key: string, kind: 'sign-in' | 'code', attempt: () => Promise<T>, now?: number): Promise<T>;
}

export function createAttemptLimiter(options = ATTEMPT_LIMIT): AttemptLimiter {
  const failures = new Map<string, number[]>();
  return {
    async guard(key, kind, attempt, now = Date.now()) {
      const id = `${kind}:${key.trim().toLowerCase()}`;
      const recent = (failures.get(id) ?? []).filter((t) => now - t < options.windowMs);
      if (recent.length >= options.maxFailures) {
        throw kind === 'sign-in'
          ? new CognitoApiError('NotAuthorizedException', 'Password attempts exceeded')
          : new CognitoApiError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
      }
      try {
        const out = await attempt();
        failures.delete(id);
        return out;
      } catch (e) {
        if (FAILURES.has(toApiError(e).type)) failures.set(id, [...recent, now]);
        throw e;
      }
    },
  };
}

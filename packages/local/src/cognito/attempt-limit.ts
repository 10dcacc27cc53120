/**
 * Failed sign-ins and reset-code answers per user name, as Cognito limits them: cognito-local has
 * no lockout, so over the network a password or a 6-digit reset code could be guessed at
 * leisure. After `maxFailures` within `windowMs` further attempts are refused until the oldest
 * failure ages out (Cognito's own lockout is temporary too).
 */
import { CognitoApiError, toApiError } from './cognito-errors.ts';

export const ATTEMPT_LIMIT = { maxFailures: 5, windowMs: 15 * 60_000 };

/** Accounts (or unknown names) remembered at most; the oldest is forgotten first. */
const MAX_TRACKED = 10_000;

/** Errors that mean "wrong secret" (and so count as a failed attempt). */
const FAILURES = new Set(['NotAuthorizedException', 'CodeMismatchException', 'EnableSoftwareTokenMFAException']);

export interface AttemptLimiter {
  /** Runs `attempt` unless `key` is locked; counts it when it fails with a wrong password or code. */
  guard<T>(key: string, kind: 'sign-in' | 'code', attempt: () => Promise<T>, now?: number): Promise<T>;
  /** True while `key` is refused. */
  isLocked(key: string, kind: 'sign-in' | 'code', now?: number): boolean;
}

export function createAttemptLimiter(options = ATTEMPT_LIMIT): AttemptLimiter {
  const failures = new Map<string, number[]>();
  const recentOf = (id: string, now: number) => (failures.get(id) ?? []).filter((t) => now - t < options.windowMs);
  const idOf = (key: string, kind: string) => `${kind}:${key.trim().toLowerCase()}`;
  return {
    isLocked(key, kind, now = Date.now()) {
      return recentOf(idOf(key, kind), now).length >= options.maxFailures;
    },
    async guard(key, kind, attempt, now = Date.now()) {
      const id = idOf(key, kind);
      const recent = recentOf(id, now);
      if (recent.length >= options.maxFailures) {
        throw kind === 'sign-in'
          ? new CognitoApiError('NotAuthorizedException', 'Password attempts exceeded')
          : new CognitoApiError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
      }
      // Each attempt holds its slot while it runs, so parallel guesses cannot all pass the check above.
      failures.set(id, [...recent, now]);
      if (failures.size > MAX_TRACKED) failures.delete(failures.keys().next().value!);
      const release = () => {
        const held = failures.get(id) ?? [];
        const at = held.indexOf(now);
        if (at >= 0) held.splice(at, 1);
        if (held.length === 0) failures.delete(id);
      };
      try {
        const out = await attempt();
        // A right password that leads on to a TOTP challenge is not a sign-in yet: the failures
        // (wrong codes included) stay, or password + 3 codes, again and again, would guess codes freely.
        if (isChallenge(out)) release();
        else failures.delete(id);
        return out;
      } catch (e) {
        if (!FAILURES.has(toApiError(e).type)) release();
        throw e;
      }
    },
  };
}

function isChallenge(out: unknown): boolean {
  return !!out && typeof out === 'object' && typeof (out as { ChallengeName?: unknown }).ChallengeName === 'string';
}

/**
 * Per-address token buckets for the public calls anyone may make without a password: each
 * `InitiateAuth USER_SRP_AUTH` costs about 29 ms of main-thread CPU (the SRP maths), so an
 * anonymous flood (38 per second) slowed every API call from 7 ms to 1.5 s. A bucket holds
 * `capacity` calls and refills `refillPerSecond`; an empty one answers Cognito's
 * TooManyRequestsException (HTTP 429, Retry-After).
 */
import { CognitoApiError } from './cognito-errors.ts';

/** 60 at once, then 2 per second: a person never notices, a flood costs at most ~60 ms of CPU per second. */
export const SIGN_IN_RATE_LIMIT = { capacity: 60, refillPerSecond: 2, maxAddresses: 10_000 };

/** The public targets that cost work or send messages without any secret. */
export const RATE_LIMITED_TARGETS = new Set(['InitiateAuth', 'ForgotPassword']);

export class TooManyRequestsError extends CognitoApiError {
  constructor(public readonly retryAfterSeconds: number) {
    super('TooManyRequestsException', 'Too many requests from this address, try again in a moment.', 429);
  }
}

export interface RateLimiter {
  /** Takes one call from `address`'s bucket; throws TooManyRequestsError when it is empty. */
  take(address: string, now?: number): void;
}

export function createRateLimiter(options: Partial<typeof SIGN_IN_RATE_LIMIT> = {}): RateLimiter {
  const { capacity, refillPerSecond, maxAddresses } = { ...SIGN_IN_RATE_LIMIT, ...options };
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(address, now = Date.now()) {
      const bucket = buckets.get(address);
      const tokens = bucket ? Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * refillPerSecond) : capacity;
      if (tokens < 1) throw new TooManyRequestsError(Math.ceil((1 - tokens) / refillPerSecond));
      // Re-inserting keeps the map in last-use order, so a many-address flood forgets the oldest first.
      buckets.delete(address);
      buckets.set(address, { tokens: tokens - 1, at: now });
      if (buckets.size > maxAddresses) buckets.delete(buckets.keys().next().value!);
    },
  };
}

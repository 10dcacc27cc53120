/**
 * A fixed-window counter per client address for the public request-access form. In memory, so
 * per process: on Lambda each warm instance counts on its own, which is a speed bump against a
 * script, not a quota (API Gateway throttling is the real guard there).
 */
export interface RateLimiter {
  /** Counts one attempt; false when the address is over the limit in the current window. */
  tryAcquire(key: string, now?: number): boolean;
}

export function createRateLimiter(options: { limit: number; windowMs: number; maxKeys?: number }): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const maxKeys = options.maxKeys ?? 10_000;
  return {
    tryAcquire(key, now = Date.now()) {
      const current = windows.get(key);
      if (!current || now - current.start >= options.windowMs) {
        windows.delete(key);
        if (windows.size >= maxKeys) pruneExpired(windows, now, options.windowMs);
        // Many addresses inside one window (a spread-out flood) must not grow memory without
        // bound: forget the oldest windows (a Map iterates in insertion order).
        for (const oldest of windows.keys()) {
          if (windows.size < maxKeys) break;
          windows.delete(oldest);
        }
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count++;
      return current.count <= options.limit;
    },
  };
}

function pruneExpired(windows: Map<string, { start: number }>, now: number, windowMs: number): void {
  for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
}

/** One interface for every model provider (Bedrock in AWS, an OpenAI-compatible endpoint on premises). */
export interface CompletionRequest {
  model: string;
  system: string;
  user: string;
  maxTokens: number;
}

export interface Completion {
  text: string;
  inputTokens: number;
  outputTokens: number;
}

export interface AiProvider {
  readonly name: 'bedrock' | 'openai';
  complete(request: CompletionRequest): Promise<Completion>;
}

/** A provider failure; `retryable` for throttling, timeouts and server errors. */
export class AiProviderError extends Error {
  override name = 'AiProviderError';
  constructor(
    message: string,
    public readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
  /** Longest single wait. */
  maxDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Bedrock throttles by the minute (tokens and requests per minute): 9 waits doubling from 2 s to
 * at most 60 s, each drawn between half and all of it ("equal jitter", so callers throttled
 * together do not return together), give a busy model about 4 to 8 minutes before a batch goes
 * without annotations; the AnnotateBatch step has 15 minutes.
 */
export const DEFAULT_RETRY = { attempts: 10, baseDelayMs: 2000, maxDelayMs: 60_000 };

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The wait before try `attempt + 1`: exponential, capped, with equal jitter. */
export function retryDelay(attempt: number, options: RetryOptions = {}, random = Math.random): number {
  const base = options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs;
  const cap = options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const full = Math.min(cap, base * 2 ** (attempt - 1));
  return full / 2 + random() * (full / 2);
}

/** Retries retryable failures with exponential backoff and jitter; others fail at once. */
export async function withRetries<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_RETRY.attempts;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      const retryable = e instanceof AiProviderError && e.retryable;
      if (!retryable) throw e;
      if (attempt >= attempts) throw new AiProviderError(`${(e as Error).message} (still refused after ${attempts} tries)`, true);
      await sleep(retryDelay(attempt, options, options.random));
    }
  }
}

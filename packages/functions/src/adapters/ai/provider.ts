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
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Retries retryable failures with exponential backoff and jitter; others fail at once. */
export async function withRetries<T>(fn: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 4;
  const base = options.baseDelayMs ?? 500;
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      const retryable = e instanceof AiProviderError && e.retryable;
      if (!retryable || attempt >= attempts) throw e;
      await sleep(base * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
    }
  }
}

/**
 * Error names the state machine's Retry/Catch match on. A step throws `TransientError` for
 * anything worth retrying (throttling, network, a 5xx from a store); everything else is fatal
 * and goes straight to MarkFailed.
 */
import { EngineError } from '@app/core/errors/index.ts';

export class TransientError extends Error {
  override name = 'TransientError';
}

/** A file the pipeline could not read for a reason other than its content (e.g. it vanished). */
export class FileUnreadableError extends Error {
  override name = 'FileUnreadable';
  constructor(public readonly fileName: string, reason: string) {
    super(`${fileName}: the file could not be read (${reason}). Upload it again and start a new analysis.`);
  }
}

const TRANSIENT_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'EMFILE', 'EBUSY',
]);
const TRANSIENT_NAMES = new Set([
  'ThrottlingException', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded',
  'InternalServerError', 'InternalError', 'ServiceUnavailable', 'SlowDown', 'TimeoutError',
  'RequestTimeout', 'RequestTimeoutException', 'TransactionConflictException',
]);

/** True for errors a retry may cure: SDK throttling/5xx, dropped connections. */
export function isTransient(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e instanceof TransientError) return true;
  const err = e as Error & { code?: string; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
  if (err.$retryable) return true;
  if (TRANSIENT_NAMES.has(err.name)) return true;
  if (err.code && TRANSIENT_CODES.has(err.code)) return true;
  const status = err.$metadata?.httpStatusCode;
  return typeof status === 'number' && status >= 500;
}

/** Re-throws `e` as TransientError when a retry may help; leaves fatal errors as they are. */
export function classifyStepError(e: unknown): Error {
  if (e instanceof EngineError || e instanceof FileUnreadableError) return e;
  if (isTransient(e)) {
    const t = new TransientError((e as Error).message);
    (t as Error & { cause?: unknown }).cause = e;
    return t;
  }
  return e instanceof Error ? e : new Error(String(e));
}

/** The JSON a failed step carries across a thread or process boundary (name drives Retry/Catch). */
export interface SerializedError {
  name: string;
  message: string;
}

export function serializeError(e: unknown): SerializedError {
  if (e instanceof Error) return { name: e.name, message: e.message };
  return { name: 'Error', message: String(e) };
}

/** Rebuilds an Error whose `name` is the original one, which is what ErrorEquals compares. */
export function deserializeError(s: SerializedError): Error {
  const e = new Error(s.message);
  e.name = s.name;
  return e;
}

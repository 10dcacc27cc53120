/** Errors whose message is safe to show to the user; `code` is a closed set. */
export type EngineErrorCode =
  | 'EMPTY_FILE'
  | 'UNRECOGNISED_FILE'
  | 'UNSUPPORTED_FORMAT'
  | 'DECODE_ERROR'
  | 'MALFORMED_FILE'
  | 'BAD_LIST'
  /** The file expands past a read limit (formats/read-limits.ts). */
  | 'LIMIT_EXCEEDED';

export class EngineError extends Error {
  override name = 'EngineError';
  constructor(
    public readonly code: EngineErrorCode,
    message: string,
    public readonly fileName?: string,
  ) {
    super(fileName ? `${fileName}: ${message}` : message);
  }
}

export function isEngineError(e: unknown): e is EngineError {
  return e instanceof EngineError;
}

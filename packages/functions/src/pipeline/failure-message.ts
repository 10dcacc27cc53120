/**
 * Turns the `{Error, Cause}` a Catch hands to MarkFailed into a message a user understands.
 * Locally Cause is the error message; on AWS a Lambda error's Cause is the JSON
 * `{"errorType","errorMessage","trace"}`.
 */
const SAFE_ERRORS = new Set(['EngineError', 'FileUnreadable']);

export interface CaughtError {
  Error?: string;
  Cause?: string;
}

function causeMessage(cause: string | undefined): string | undefined {
  if (!cause) return undefined;
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (parsed && typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    // a plain message, not JSON
  }
  return cause;
}

export function toUserMessage(caught: CaughtError | undefined): string {
  const name = caught?.Error ?? 'Error';
  const message = causeMessage(caught?.Cause);
  if (SAFE_ERRORS.has(name) && message) return message;
  if (name === 'States.Timeout') {
    return 'The analysis took longer than allowed and was stopped. Your uploaded files are unchanged; try again with smaller files.';
  }
  if (name === 'States.Aborted') {
    return 'The analysis was stopped before it finished. Your uploaded files are unchanged; please start the analysis again.';
  }
  if (name === 'TransientError' || name.startsWith('Lambda.')) {
    return 'The analysis failed after several retries because a service was unavailable. Your uploaded files are unchanged; please start the analysis again.';
  }
  return 'The analysis failed unexpectedly. Your uploaded files are unchanged; please start the analysis again.';
}

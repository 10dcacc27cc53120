/** Errors in the shape the AWS JSON protocol (and so Amplify and the SDK) reads: `__type` + `message`. */
export class CognitoApiError extends Error {
  constructor(
    public readonly type: string,
    message: string,
    public readonly status = 400,
  ) {
    super(message);
  }
}

/** Cognito's own wording, which the web maps to the spec's login messages. */
export const incorrectCredentials = () =>
  new CognitoApiError('NotAuthorizedException', 'Incorrect username or password.');
export const userNotFound = () => new CognitoApiError('UserNotFoundException', 'User does not exist.');
export const userDisabled = () => new CognitoApiError('NotAuthorizedException', 'User is disabled.');
export const invalidParameter = (message: string) => new CognitoApiError('InvalidParameterException', message);

/** Turns anything thrown by the launcher or cognito-local into `{ status, type, message }`. */
export function toApiError(e: unknown): CognitoApiError {
  if (e instanceof CognitoApiError) return e;
  const err = e as { code?: unknown; message?: unknown; constructor?: { name?: string } };
  if (err && typeof err.code === 'string' && typeof err.message === 'string') {
    return new CognitoApiError(err.code, err.message);
  }
  if (err?.constructor?.name === 'UnsupportedError') {
    return new CognitoApiError('UnsupportedOperationException', `Not supported by the local user pool: ${String(err.message)}`);
  }
  return new CognitoApiError('InternalErrorException', 'Internal error in the local user pool', 500);
}

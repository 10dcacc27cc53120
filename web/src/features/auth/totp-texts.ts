/**
 * Texts and small helpers of the two-factor (TOTP) steps: the sign-in code, enrolment at sign-in
 * and on the Account Security page. Errors come from the identity library by name.
 */

export const APP_NAME_FOR_AUTHENTICATOR = 'SAP Security Analyzer';

export const TOTP_CODE_WRONG = 'That code is not right or has expired. Enter the 6-digit code your authenticator app shows now.';
export const TOTP_SESSION_EXPIRED = 'The sign-in took too long (more than 3 minutes). Sign in again.';
export const TOTP_TOO_MANY = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

/** The words for an error of a TOTP step; `sessionExpired` is true when the user must start the sign-in again. */
export function totpErrorMessage(err: unknown): { message: string; sessionExpired: boolean } {
  const name = (err as { name?: string })?.name;
  const text = (err as { message?: string })?.message ?? '';
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException' || name === 'InvalidParameterException') {
    return { message: TOTP_CODE_WRONG, sessionExpired: false };
  }
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(text)) return { message: TOTP_TOO_MANY, sessionExpired: true };
  if (name === 'NotAuthorizedException' && /session/i.test(text)) return { message: TOTP_SESSION_EXPIRED, sessionExpired: true };
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException') {
    return { message: 'Too many attempts. Wait a few minutes, then try again.', sessionExpired: false };
  }
  return { message: text || 'Two-factor authentication failed. Try again.', sessionExpired: false };
}

/** An authenticator code is 6 digits; spaces (as some apps show "123 456") are ignored. */
export function normaliseTotpCode(value: string): string {
  return value.replace(/\s+/g, '');
}

export function totpCodeError(code: string): string | undefined {
  return /^\d{6}$/.test(normaliseTotpCode(code)) ? undefined : 'Enter the 6-digit code your authenticator app shows.';
}

/** "JBSWY3DPEHPK3PXP…" → "JBSW Y3DP EHPK 3PXP …", easier to type into an app by hand. */
export function groupSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(' ');
}

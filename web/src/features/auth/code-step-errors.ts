/** Texts for the e-mail code steps (confirm sign-up, reset password), from the identity library's error names. */
export function codeStepErrorMessage(err: unknown, fallback: string): string {
  const name = (err as { name?: string })?.name;
  switch (name) {
    case 'CodeMismatchException':
      return 'The code is incorrect. Check the code in the e-mail and try again.';
    case 'ExpiredCodeException':
      return 'The code has expired. Send a new code and use that one.';
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
    case 'TooManyRequestsException':
      return 'Too many attempts. Wait a few minutes, then try again.';
    case 'InvalidPasswordException':
      return (err as Error).message || 'The new password does not meet the password rules.';
    case 'UserNotFoundException':
      return 'No account found with this email.';
    case 'NotAuthorizedException':
      return (err as Error).message || 'This account cannot do that now. Sign in again.';
    default:
      return (err as { message?: string })?.message || fallback;
  }
}

/** Verification codes are the six digits the identity service e-mails. */
export function codeError(code: string): string | undefined {
  return /^\d{6}$/.test(code.trim()) ? undefined : 'Enter the 6-digit code from the e-mail.';
}

/** Where a code went, for "We sent a code to …". */
export function describeDestination(details: { destination?: string } | undefined, email: string): string {
  return details?.destination || email;
}

/** Login error texts (spec section 8) from the identity library's error names. */
export function signInErrorMessage(err: unknown): string {
  const name = (err as { name?: string })?.name;
  switch (name) {
    case 'UserNotFoundException':
      return 'No account found with this email.';
    case 'NotAuthorizedException':
      // Cognito (and the local stand-in) lock an account for a while after repeated failures.
      if (/attempts exceeded/i.test((err as { message?: string })?.message ?? '')) {
        return 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
      }
      return 'Incorrect email or password.';
    case 'UserNotConfirmedException':
      return 'Please verify your email before signing in.';
    case 'UserAlreadyAuthenticatedException':
      return 'There is already a signed in user';
    default: {
      const message = (err as { message?: string })?.message;
      return message || 'Failed to sign in';
    }
  }
}

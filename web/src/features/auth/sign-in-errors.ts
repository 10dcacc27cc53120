/** Login error texts (spec section 8) from the identity library's error names. */
export function signInErrorMessage(err: unknown): string {
  const name = (err as { name?: string })?.name;
  switch (name) {
    case 'UserNotFoundException':
      return 'No account found with this email.';
    case 'NotAuthorizedException':
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

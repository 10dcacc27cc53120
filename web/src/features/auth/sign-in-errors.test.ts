import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from './sign-in-errors.ts';

function named(name: string, message = 'lib text') {
  return Object.assign(new Error(message), { name });
}

describe('signInErrorMessage', () => {
  it('maps identity error names to the spec texts', () => {
    expect(signInErrorMessage(named('UserNotFoundException'))).toBe('No account found with this email.');
    expect(signInErrorMessage(named('NotAuthorizedException'))).toBe('Incorrect email or password.');
    expect(signInErrorMessage(named('UserNotConfirmedException'))).toBe('Please verify your email before signing in.');
    expect(signInErrorMessage(named('UserAlreadyAuthenticatedException'))).toBe('There is already a signed in user');
  });
  it('says when the account is locked after repeated failures', () => {
    expect(signInErrorMessage(named('NotAuthorizedException', 'Password attempts exceeded'))).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  });
  it('falls back to the error message, then to Failed to sign in', () => {
    expect(signInErrorMessage(named('LimitExceededException', 'Attempt limit exceeded'))).toBe('Attempt limit exceeded');
    expect(signInErrorMessage({})).toBe('Failed to sign in');
  });
});

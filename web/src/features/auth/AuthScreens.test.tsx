import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../test-utils/render.tsx';
import { AuthScreens } from './AuthScreens.tsx';

// Cognito e-mails the codes, which cannot be received locally: the library is stubbed at its module boundary.
const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  confirmSignUp: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const named = (name: string, message = 'library text') => Object.assign(new Error(message), { name });
const step = (signInStep: string) => ({ isSignedIn: signInStep === 'DONE', nextStep: { signInStep } });

beforeEach(() => {
  for (const fn of Object.values(amplify)) fn.mockReset();
});

async function signInAs(email: string, password = 'Secret-Pass-1') {
  await userEvent.type(screen.getByLabelText(/Email/), email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in steps of the identity library (spec section 8)', () => {
  it('a user not confirmed enters the e-mailed code, can have it resent, and then signs in', async () => {
    const onSignedIn = vi.fn();
    amplify.signIn.mockResolvedValueOnce(step('CONFIRM_SIGN_UP')).mockResolvedValueOnce(step('DONE'));
    amplify.confirmSignUp.mockRejectedValueOnce(named('CodeMismatchException')).mockResolvedValueOnce({ isSignUpComplete: true });
    amplify.resendSignUpCode.mockResolvedValueOnce({ destination: 'a***@e***.com', deliveryMedium: 'EMAIL' });
    render(<AuthScreens onSignedIn={onSignedIn} />);

    await signInAs('ana@example.com');
    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();

    const code = screen.getByLabelText(/Verification code/);
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from the e-mail.');
    expect(amplify.confirmSignUp).not.toHaveBeenCalled();

    await userEvent.type(code, '3456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect. Check the code in the e-mail and try again.');
    expect(amplify.confirmSignUp).toHaveBeenLastCalledWith({ username: 'ana@example.com', confirmationCode: '123456' });

    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new code was sent to a***@e***.com.');
    expect(amplify.resendSignUpCode).toHaveBeenCalledWith({ username: 'ana@example.com' });

    await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Email verified. Sign in to continue.');
    expect(screen.getByLabelText(/Email/)).toHaveValue('ana@example.com');

    await userEvent.type(screen.getByLabelText(/Password/), 'Secret-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(amplify.signIn).toHaveBeenLastCalledWith({ username: 'ana@example.com', password: 'Secret-Pass-1' });
  });

  it('a required password reset sends a code, checks the new password twice and returns to sign-in', async () => {
    amplify.signIn.mockResolvedValueOnce(step('RESET_PASSWORD'));
    amplify.resetPassword.mockResolvedValueOnce({
      isPasswordReset: false,
      nextStep: { resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', codeDeliveryDetails: { destination: 'b***@e***.com' } },
    });
    amplify.confirmResetPassword
      .mockRejectedValueOnce(named('ExpiredCodeException'))
      .mockRejectedValueOnce(named('InvalidPasswordException', 'Password did not conform with policy: Password not long enough'))
      .mockResolvedValueOnce(undefined);
    render(<AuthScreens onSignedIn={() => {}} />);

    await signInAs('bo@example.com');
    expect(await screen.findByRole('heading', { name: 'Reset Your Password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    expect(await screen.findByText('We sent a reset code to b***@e***.com.')).toBeInTheDocument();
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'bo@example.com' });

    await userEvent.type(screen.getByLabelText(/Reset code/), '654321');
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-Pass-123');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'New-Pass-124');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The passwords do not match.');
    expect(amplify.confirmResetPassword).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/Confirm new password/), '{Backspace}3');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code has expired. Send a new code and use that one.');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Password did not conform with policy: Password not long enough'));

    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Password changed. Sign in with your new password.');
    expect(amplify.confirmResetPassword).toHaveBeenLastCalledWith({
      username: 'bo@example.com',
      confirmationCode: '654321',
      newPassword: 'New-Pass-123',
    });
  });

  it('says so when there is already a signed in user', async () => {
    amplify.signIn.mockRejectedValueOnce(named('UserAlreadyAuthenticatedException', 'There is already a signed in user.'));
    render(<AuthScreens onSignedIn={() => {}} />);
    await signInAs('cy@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is already a signed in user');
  });
});

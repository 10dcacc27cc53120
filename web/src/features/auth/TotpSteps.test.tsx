import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '../../test-utils/render.tsx';
import { AuthScreens } from './AuthScreens.tsx';
import { groupSecret, TOTP_CODE_WRONG, TOTP_SESSION_EXPIRED, totpErrorMessage } from './totp-texts.ts';

// The identity library is stubbed at its module boundary to reach each of its answers; the real
// flows against the local pool are in tests/browser/mfa.spec.ts and tests/integration.
const amplify = vi.hoisted(() => ({ signIn: vi.fn(), confirmSignIn: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const named = (name: string, message = 'library text') => Object.assign(new Error(message), { name });
const step = (signInStep: string, extra: object = {}) => ({ isSignedIn: signInStep === 'DONE', nextStep: { signInStep, ...extra } });
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

beforeEach(() => {
  for (const fn of Object.values(amplify)) fn.mockReset();
});

async function signInAs(email: string) {
  await userEvent.type(screen.getByLabelText(/Email/), email);
  await userEvent.type(screen.getByLabelText(/Password/), 'Secret-Pass-1');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('two-factor steps of the sign-in', () => {
  it('CONFIRM_SIGN_IN_WITH_TOTP_CODE: a 6-digit field for the app code; a wrong code is refused in words, the right one signs in', async () => {
    const onSignedIn = vi.fn();
    amplify.signIn.mockResolvedValueOnce(step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    amplify.confirmSignIn.mockRejectedValueOnce(named('CodeMismatchException', 'Invalid code received for user')).mockResolvedValueOnce(step('DONE'));
    render(<AuthScreens onSignedIn={onSignedIn} />);
    await signInAs('ada@example.com');

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: /Authentication code/ });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(field, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code your authenticator app shows.')).toBeInTheDocument();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_CODE_WRONG);
    expect(amplify.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '123456' });

    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
  });

  it('an expired sign-in at the code step goes back to the password, saying why', async () => {
    amplify.signIn.mockResolvedValueOnce(step('CONFIRM_SIGN_IN_WITH_TOTP_CODE'));
    amplify.confirmSignIn.mockRejectedValueOnce(named('NotAuthorizedException', 'Invalid session for the user, session is expired.'));
    render(<AuthScreens onSignedIn={() => {}} />);
    await signInAs('bo@example.com');
    await userEvent.type(await screen.findByRole('textbox', { name: /Authentication code/ }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TOTP_SESSION_EXPIRED);
    expect(screen.getByLabelText(/Email/)).toHaveValue('bo@example.com');
  });

  it('CONTINUE_SIGN_IN_WITH_TOTP_SETUP: the QR code and the key, then the first code finishes the sign-in', async () => {
    const onSignedIn = vi.fn();
    const getSetupUri = vi.fn((app: string, account: string) => new URL(`otpauth://totp/${app}:${account}?secret=${SECRET}&issuer=${app}`));
    amplify.signIn.mockResolvedValueOnce(step('CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { totpSetupDetails: { sharedSecret: SECRET, getSetupUri } }));
    amplify.confirmSignIn.mockRejectedValueOnce(named('EnableSoftwareTokenMFAException', 'Code mismatch')).mockResolvedValueOnce(step('DONE'));
    render(<AuthScreens onSignedIn={onSignedIn} />);
    await signInAs('cy@example.com');

    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(getSetupUri).toHaveBeenCalledWith('SAP Security Analyzer', 'cy@example.com');
    expect(screen.getByRole('img', { name: /QR code to add SAP Security Analyzer/ })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent(groupSecret(SECRET));
    const field = screen.getByRole('textbox', { name: /Authentication code/ });
    await userEvent.type(field, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TOTP_CODE_WRONG);
    await userEvent.type(field, '222222');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(amplify.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '222222', options: { friendlyDeviceName: 'Authenticator app' } });
  });
});

describe('totp texts', () => {
  it('groups the key by four and names each identity-library error in words', () => {
    expect(groupSecret(SECRET)).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(totpErrorMessage(named('CodeMismatchException'))).toEqual({ message: TOTP_CODE_WRONG, sessionExpired: false });
    expect(totpErrorMessage(named('NotAuthorizedException', 'Password attempts exceeded')).message).toContain('Too many failed sign-in attempts');
    expect(totpErrorMessage(named('NotAuthorizedException', 'Invalid session for the user, session is expired.'))).toEqual({ message: TOTP_SESSION_EXPIRED, sessionExpired: true });
  });
});

import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { signIn } from 'aws-amplify/auth';
import { AuthCard } from './AuthCard.tsx';
import { signInErrorMessage } from './sign-in-errors.ts';
import { APP_NAME_FOR_AUTHENTICATOR } from './totp-texts.ts';

export type SignInOutcome = 'done' | 'newPassword' | 'confirmSignUp' | 'resetPassword' | 'totpCode' | 'totpSetup';

/** What the TOTP setup step shows: the key and its otpauth:// URI (for the QR code). */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/**
 * Welcome Back: e-mail and password, both required. `onOutcome` gets the e-mail for the next step;
 * `notice` (e.g. "Email verified") and `initialEmail` come back from a finished confirm/reset step.
 */
export function LoginView({
  onOutcome,
  onGetAccess,
  notice,
  initialError,
  initialEmail = '',
}: {
  onOutcome: (o: SignInOutcome, email: string, totpSetup?: TotpSetup) => void;
  onGetAccess: () => void;
  notice?: string;
  /** Why the user is back here (e.g. the two-factor step took too long), shown as a failure. */
  initialError?: string;
  initialEmail?: string;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const username = email.trim();
      const { nextStep } = await signIn({ username, password });
      if (nextStep.signInStep === 'DONE') onOutcome('done', username);
      else if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') onOutcome('newPassword', username);
      else if (nextStep.signInStep === 'CONFIRM_SIGN_UP') onOutcome('confirmSignUp', username);
      else if (nextStep.signInStep === 'RESET_PASSWORD') onOutcome('resetPassword', username);
      else if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') onOutcome('totpCode', username);
      else if (nextStep.signInStep === 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') {
        const details = nextStep.totpSetupDetails;
        onOutcome('totpSetup', username, { secret: details.sharedSecret, uri: details.getSetupUri(APP_NAME_FOR_AUTHENTICATOR, username).toString() });
      }
      else setError(`Sign-in needs a step this app does not support (${nextStep.signInStep})`);
    } catch (err) {
      setError(signInErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to analyze your SAP audit logs">
      <form onSubmit={submit} noValidate={false}>
        <Stack gap="sm">
          {notice && !error && (
            <Alert color="green" role="status">
              {notice}
            </Alert>
          )}
          {error && (
            <Alert color="red" title="Sign in failed" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>
            Sign In
          </Button>
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor component="button" type="button" onClick={onGetAccess}>
              Get Access
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

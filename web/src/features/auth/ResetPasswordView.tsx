import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { confirmResetPassword, resetPassword } from 'aws-amplify/auth';
import { AuthCard } from './AuthCard.tsx';
import { CodeInput } from './CodeInput.tsx';
import { codeError, codeStepErrorMessage, describeDestination } from './code-step-errors.ts';

/**
 * The reset-password step (spec 8: password reset required): send a code to the e-mail, then
 * enter it with a new password. `onDone` returns to sign-in with the new password.
 */
export function ResetPasswordView({ email, onDone, onBack }: { email: string; onDone: () => void; onBack: () => void }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sendCode = async () => {
    setError(null);
    setBusy(true);
    try {
      const { nextStep } = await resetPassword({ username: email });
      if (nextStep.resetPasswordStep === 'DONE') onDone();
      else setSentTo(describeDestination(nextStep.codeDeliveryDetails, email));
    } catch (err) {
      setError(codeStepErrorMessage(err, 'Failed to send the reset code'));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = codeError(code) ?? (password.length === 0 ? 'Enter a new password.' : undefined);
    if (invalid) {
      setError(invalid);
      return;
    }
    if (password !== confirm) {
      setError('The passwords do not match.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword: password });
      onDone();
    } catch (err) {
      setError(codeStepErrorMessage(err, 'Failed to reset the password'));
    } finally {
      setBusy(false);
    }
  };

  const errorAlert = error && (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  );
  const back = (
    <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
      Back to Sign In
    </Anchor>
  );

  if (sentTo === null) {
    return (
      <AuthCard title="Reset Your Password" subtitle="Your password must be reset before you can sign in.">
        <Stack gap="sm">
          <Text size="sm">
            We will e-mail a reset code to <strong>{email}</strong>.
          </Text>
          {errorAlert}
          <Button onClick={() => void sendCode()} loading={busy} fullWidth>
            Send Reset Code
          </Button>
          {back}
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset Your Password" subtitle={`We sent a reset code to ${sentTo}.`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {errorAlert}
          <CodeInput label="Reset code" value={code} onChange={setCode} />
          <PasswordInput label="New password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <PasswordInput label="Confirm new password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          <Button type="submit" loading={busy} fullWidth>
            Reset Password
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => void sendCode()} disabled={busy}>
            Send a new code
          </Anchor>
          {back}
        </Stack>
      </form>
    </AuthCard>
  );
}

import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { AuthCard } from './AuthCard.tsx';
import { CodeInput } from './CodeInput.tsx';
import { codeError, codeStepErrorMessage, describeDestination } from './code-step-errors.ts';

/**
 * The confirm-sign-up step (spec 8: a not-confirmed user): the code from the verification e-mail,
 * with a way to have it sent again. `onConfirmed` returns to sign-in, which then succeeds.
 */
export function ConfirmSignUpView({ email, onConfirmed, onBack }: { email: string; onConfirmed: () => void; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = codeError(code);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setInfo(null);
    setBusy('confirm');
    try {
      await confirmSignUp({ username: email, confirmationCode: code.trim() });
      onConfirmed();
    } catch (err) {
      setError(codeStepErrorMessage(err, 'Failed to verify the email'));
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setError(null);
    setInfo(null);
    setBusy('resend');
    try {
      const details = await resendSignUpCode({ username: email });
      setInfo(`A new code was sent to ${describeDestination(details, email)}.`);
    } catch (err) {
      setError(codeStepErrorMessage(err, 'Failed to send a new code'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <AuthCard title="Verify Your Email" subtitle="Please verify your email before signing in.">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Enter the verification code we e-mailed to <strong>{email}</strong>.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {info && (
            <Alert color="blue" role="status">
              {info}
            </Alert>
          )}
          <CodeInput label="Verification code" value={code} onChange={setCode} />
          <Button type="submit" loading={busy === 'confirm'} disabled={busy !== null} fullWidth>
            Verify Email
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => void resend()} disabled={busy !== null}>
              Send a new code
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              Back to Sign In
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

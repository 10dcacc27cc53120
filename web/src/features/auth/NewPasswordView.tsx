import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { confirmSignIn } from 'aws-amplify/auth';
import { AuthCard } from './AuthCard.tsx';

/** Invited users set their own password on first sign-in. */
export function NewPasswordView({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) {
      setError('The passwords do not match.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { nextStep } = await confirmSignIn({ challengeResponse: password });
      if (nextStep.signInStep === 'DONE') onDone();
      else setError(`Sign-in needs a step this app does not support (${nextStep.signInStep})`);
    } catch (err) {
      setError((err as Error).message || 'Failed to set the new password');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Set a New Password">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Your account was created with a temporary password. Choose a new one to continue.
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <PasswordInput label="New password" required autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <PasswordInput label="Confirm new password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          <Button type="submit" loading={busy}>
            Set Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

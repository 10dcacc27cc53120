import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { signIn } from 'aws-amplify/auth';
import { AuthCard } from './AuthCard.tsx';
import { signInErrorMessage } from './sign-in-errors.ts';

export type SignInOutcome = 'done' | 'newPassword' | 'confirmSignUp' | 'resetPassword';

/** Welcome Back: e-mail and password, both required. */
export function LoginView({ onOutcome, onGetAccess }: { onOutcome: (o: SignInOutcome) => void; onGetAccess: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const { nextStep } = await signIn({ username: email.trim(), password });
      if (nextStep.signInStep === 'DONE') onOutcome('done');
      else if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') onOutcome('newPassword');
      else if (nextStep.signInStep === 'CONFIRM_SIGN_UP') onOutcome('confirmSignUp');
      else if (nextStep.signInStep === 'RESET_PASSWORD') onOutcome('resetPassword');
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

import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { confirmSignIn } from 'aws-amplify/auth';
import { AuthCard } from './AuthCard.tsx';
import { TotpCodeInput } from './TotpCodeInput.tsx';
import { normaliseTotpCode, totpCodeError, totpErrorMessage } from './totp-texts.ts';

/** Sign-in, second step: the code of the user's authenticator app (Amplify's CONFIRM_SIGN_IN_WITH_TOTP_CODE). */
export function TotpCodeView({ onDone, onRestart }: { onDone: () => void; onRestart: (error?: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = totpCodeError(code);
    setFieldError(invalid);
    if (invalid) return;
    setError(null);
    setBusy(true);
    try {
      const { nextStep } = await confirmSignIn({ challengeResponse: normaliseTotpCode(code) });
      if (nextStep.signInStep === 'DONE') onDone();
      else setError(`Sign-in needs a step this app does not support (${nextStep.signInStep})`);
    } catch (err) {
      const { message, sessionExpired } = totpErrorMessage(err);
      if (sessionExpired) onRestart(message);
      else {
        setError(message);
        setCode('');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Two-factor authentication" subtitle="Open your authenticator app and enter the code it shows for SAP Security Analyzer">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" title="Sign in failed" role="alert">
              {error}
            </Alert>
          )}
          <TotpCodeInput value={code} onChange={setCode} error={fieldError} />
          <Button type="submit" loading={busy} fullWidth>
            Verify
          </Button>
          <Text size="sm" ta="center">
            <Anchor component="button" type="button" onClick={() => onRestart()}>
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}

import { Alert, Button, Stack } from '@mantine/core';
import { AuthCard } from './AuthCard.tsx';
import { BackToSignIn } from './BackToSignIn.tsx';
import { confirmTotpSignIn } from './confirm-totp-sign-in.ts';
import { TotpCodeInput } from './TotpCodeInput.tsx';
import { useTotpCodeForm } from './use-totp-code-form.ts';

/** Sign-in, second step: the code of the user's authenticator app (Amplify's CONFIRM_SIGN_IN_WITH_TOTP_CODE). */
export function TotpCodeView({ onDone, onRestart }: { onDone: () => void; onRestart: (error?: string) => void }) {
  const { code, setCode, error, fieldError, busy, submit } = useTotpCodeForm((challengeResponse) => confirmTotpSignIn({ challengeResponse }, onDone, onRestart));

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
          <BackToSignIn onRestart={onRestart} />
        </Stack>
      </form>
    </AuthCard>
  );
}

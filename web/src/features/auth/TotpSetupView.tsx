import { Alert, Stack } from '@mantine/core';
import { AuthCard } from './AuthCard.tsx';
import { BackToSignIn } from './BackToSignIn.tsx';
import { confirmTotpSignIn } from './confirm-totp-sign-in.ts';
import { TotpEnrolment } from './TotpEnrolment.tsx';

/**
 * Sign-in when the user pool requires MFA and the user has none yet (Amplify's
 * CONTINUE_SIGN_IN_WITH_TOTP_SETUP): add the authenticator app, then the first code signs in.
 */
export function TotpSetupView({
  secret,
  uri,
  onDone,
  onRestart,
}: {
  secret: string;
  uri: string;
  onDone: () => void;
  onRestart: (error?: string) => void;
}) {
  const verify = (code: string) => confirmTotpSignIn({ challengeResponse: code, options: { friendlyDeviceName: 'Authenticator app' } }, onDone, onRestart);
  return (
    <AuthCard title="Set up two-factor authentication" width={480}>
      <Stack gap="sm">
        <Alert color="blue" role="status">
          Your account needs two-factor authentication. Add SAP Security Analyzer to an authenticator app to finish signing in.
        </Alert>
        <TotpEnrolment secret={secret} uri={uri} onVerify={verify} submitLabel="Verify and sign in" />
        <BackToSignIn onRestart={onRestart} />
      </Stack>
    </AuthCard>
  );
}

import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { confirmSignIn } from 'aws-amplify/auth';
import { AuthCard } from './AuthCard.tsx';
import { TotpEnrolment } from './TotpEnrolment.tsx';
import { totpErrorMessage } from './totp-texts.ts';

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
  const verify = async (code: string) => {
    try {
      const { nextStep } = await confirmSignIn({ challengeResponse: code, options: { friendlyDeviceName: 'Authenticator app' } });
      if (nextStep.signInStep === 'DONE') onDone();
      else throw new Error(`Sign-in needs a step this app does not support (${nextStep.signInStep})`);
    } catch (err) {
      const { message, sessionExpired } = totpErrorMessage(err);
      if (sessionExpired) onRestart(message);
      throw new Error(message);
    }
  };
  return (
    <AuthCard title="Set up two-factor authentication" width={480}>
      <Stack gap="sm">
        <Alert color="blue" role="status">
          Your account needs two-factor authentication. Add SAP Security Analyzer to an authenticator app to finish signing in.
        </Alert>
        <TotpEnrolment secret={secret} uri={uri} onVerify={verify} submitLabel="Verify and sign in" />
        <Text size="sm" ta="center">
          <Anchor component="button" type="button" onClick={() => onRestart()}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}

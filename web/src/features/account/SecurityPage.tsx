import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldExclamation } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { fetchMFAPreference, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { useAuth } from '../../auth/use-auth.ts';
import { confirmAction } from '../../lib/confirm.ts';
import { notify } from '../../lib/notify.ts';
import { TotpEnrolment } from '../auth/TotpEnrolment.tsx';
import { APP_NAME_FOR_AUTHENTICATOR, totpErrorMessage } from '../auth/totp-texts.ts';

type Status = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; enabled: boolean };

/**
 * Account Security: two-factor authentication with an authenticator app (TOTP). Offered to every
 * user; administrators must have it (the API refuses admin routes without it) and cannot turn it off.
 */
export function SecurityPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [justEnrolled, setJustEnrolled] = useState(false);
  const email = auth.user?.email ?? '';
  const mustEnrol = auth.isAdmin && auth.adminTotpEnabled === false;

  const load = useCallback(async () => {
    try {
      const preference = await fetchMFAPreference();
      setStatus({ state: 'ready', enabled: !!preference.enabled?.includes('TOTP') });
    } catch (err) {
      setStatus({ state: 'error', message: (err as Error).message || 'Could not read your two-factor settings.' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const details = await setUpTOTP();
      setEnrolment({ secret: details.sharedSecret, uri: details.getSetupUri(APP_NAME_FOR_AUTHENTICATOR, email).toString() });
    } catch (err) {
      setError((err as Error).message || 'Could not start the setup. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    try {
      await verifyTOTPSetup({ code, options: { friendlyDeviceName: 'Authenticator app' } });
      await updateMFAPreference({ totp: 'PREFERRED' });
    } catch (err) {
      throw new Error(totpErrorMessage(err).message);
    }
    setEnrolment(null);
    setStatus({ state: 'ready', enabled: true });
    notify.success('Two-factor authentication is on. From now on, sign-in asks for a code from your authenticator app.');
    if (mustEnrol) {
      setJustEnrolled(true);
      await auth.refresh();
    }
  };

  // Once the session says TOTP is on (and the router's guard has the new state), the app opens.
  useEffect(() => {
    if (justEnrolled && auth.adminTotpEnabled) void navigate({ to: '/' });
  }, [justEnrolled, auth.adminTotpEnabled, navigate]);

  const turnOff = async () => {
    const ok = await confirmAction('Sign-in will then ask only for your password. You can turn it on again at any time.', {
      title: 'Turn off two-factor authentication?',
      confirmLabel: 'Turn off',
    });
    if (!ok) return;
    setError(null);
    setBusy(true);
    try {
      await updateMFAPreference({ totp: 'DISABLED' });
      setStatus({ state: 'ready', enabled: false });
      notify.success('Two-factor authentication is off.');
    } catch (err) {
      setError((err as Error).message || 'Could not turn off two-factor authentication.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={2}>Account Security</Title>
        <Text c="dimmed">Signed in as {email}</Text>
      </div>
      {mustEnrol && (
        <Alert color="blue" title="Two-factor authentication required" icon={<IconShieldExclamation size={18} aria-hidden />} role="alert">
          Administrators must use two-factor authentication. Set up an authenticator app to continue; the rest of the app opens once it is on.
        </Alert>
      )}
      <Card withBorder component="section" aria-labelledby="totp-title">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={3} size="h4" id="totp-title">
              Two-factor authentication
            </Title>
            {status.state === 'ready' && (
              <Badge color={status.enabled ? 'green' : 'gray'} variant="light" leftSection={status.enabled ? <IconShieldCheck size={14} aria-hidden /> : undefined}>
                {status.enabled ? 'On' : 'Off'}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            With two-factor authentication, signing in needs your password and a 6-digit code from an authenticator app on your phone, so a stolen password alone is not enough.
          </Text>
          {status.state === 'loading' && <Loader size="sm" aria-label="Loading two-factor settings" />}
          {status.state === 'error' && (
            <Alert color="red" role="alert">
              {status.message}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {status.state === 'ready' && !enrolment && (
            <Group gap="sm" wrap="wrap">
              {!status.enabled && (
                <Button onClick={() => void start()} loading={busy}>
                  Set up authenticator app
                </Button>
              )}
              {status.enabled && (
                <>
                  <Button variant="default" onClick={() => void start()} loading={busy}>
                    Replace authenticator app
                  </Button>
                  {auth.isAdmin ? (
                    <Text size="sm" c="dimmed">
                      Administrators cannot turn off two-factor authentication.
                    </Text>
                  ) : (
                    <Button variant="light" color="red" onClick={() => void turnOff()} loading={busy}>
                      Turn off
                    </Button>
                  )}
                </>
              )}
            </Group>
          )}
          {enrolment && <TotpEnrolment secret={enrolment.secret} uri={enrolment.uri} onVerify={verify} onCancel={() => setEnrolment(null)} />}
        </Stack>
      </Card>
    </Stack>
  );
}

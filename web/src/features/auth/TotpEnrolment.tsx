import { Alert, Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { TotpCodeInput } from './TotpCodeInput.tsx';
import { groupSecret } from './totp-texts.ts';
import { useTotpCodeForm } from './use-totp-code-form.ts';

/**
 * Adding an authenticator app: the QR code of the otpauth:// URI, the key in groups of four for
 * typing by hand, then the first code. `onVerify` gets the code and throws (an Error with words)
 * when it is not accepted.
 */
export function TotpEnrolment({
  secret,
  uri,
  onVerify,
  submitLabel = 'Verify and turn on',
  onCancel,
}: {
  secret: string;
  uri: string;
  onVerify: (code: string) => Promise<void>;
  submitLabel?: string;
  onCancel?: () => void;
}) {
  const { code, setCode, error, fieldError, busy, submit } = useTotpCodeForm(onVerify);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>Open an authenticator app on your phone (for example Microsoft Authenticator, Google Authenticator or 1Password).</List.Item>
          <List.Item>Scan the QR code, or enter the key by hand (time-based, 6 digits).</List.Item>
          <List.Item>Enter the 6-digit code the app then shows.</List.Item>
        </List>
        <Group justify="center">
          <div style={{ background: 'white', padding: 8, lineHeight: 0 }}>
            <QRCodeSVG value={uri} size={184} level="M" title="QR code to add SAP Security Analyzer to your authenticator app" />
          </div>
        </Group>
        <Stack gap={2}>
          <Text size="sm" fw={500} id="totp-key-label">
            Key for entering by hand
          </Text>
          <Code block aria-labelledby="totp-key-label" data-testid="totp-secret" style={{ wordBreak: 'break-all', whiteSpace: 'normal', fontSize: 'var(--mantine-font-size-md)' }}>
            {groupSecret(secret)}
          </Code>
        </Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TotpCodeInput value={code} onChange={setCode} error={fieldError} />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

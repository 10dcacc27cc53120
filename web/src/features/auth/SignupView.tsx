import { Button, Stack, Text } from '@mantine/core';
import { AuthCard } from './AuthCard.tsx';

/** Get Started: access is by request; a registration code leads to sign in. */
export function SignupView({ onRequest, onHaveCode }: { onRequest: () => void; onHaveCode: () => void }) {
  return (
    <AuthCard title="Get Started" subtitle="Choose how you want to access SAP Security Analyzer">
      <Stack gap="sm">
        <Button onClick={onRequest} fullWidth>
          Request Access (Recommended)
        </Button>
        <Button variant="default" onClick={onHaveCode} fullWidth>
          I have a registration code
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Accounts are created after an administrator reviews your request.
        </Text>
      </Stack>
    </AuthCard>
  );
}

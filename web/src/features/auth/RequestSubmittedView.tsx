import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { AuthCard } from './AuthCard.tsx';

export function RequestSubmittedView({ email, organization, onSignIn }: { email: string; organization: string; onSignIn: () => void }) {
  return (
    <AuthCard title="Access Request Submitted">
      <Stack align="center" gap="sm">
        <ThemeIcon color="green" size={48} radius="xl" aria-hidden>
          <IconCheck size={28} />
        </ThemeIcon>
        <Text ta="center">
          Thank you. We received the request for <b>{email}</b> from <b>{organization}</b>.
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          An administrator will review it and contact you within 1-2 business days.
        </Text>
        <Button variant="default" onClick={onSignIn}>
          Back to Sign In
        </Button>
      </Stack>
    </AuthCard>
  );
}

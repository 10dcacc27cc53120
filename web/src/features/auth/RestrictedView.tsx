import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { AuthCard } from './AuthCard.tsx';

export function RestrictedView({ onRequest, onSignIn }: { onRequest: () => void; onSignIn: () => void }) {
  return (
    <AuthCard title="Account Creation Restricted">
      <Alert color="yellow" icon={<IconLock size={18} aria-hidden />}>
        <Text size="sm">
          Direct account creation is not available. Request access and an administrator will review your request; we will
          contact you within 1-2 business days.
        </Text>
      </Alert>
      <Group grow>
        <Button onClick={onRequest}>Request Access</Button>
        <Button variant="default" onClick={onSignIn}>
          Sign In
        </Button>
      </Group>
    </AuthCard>
  );
}

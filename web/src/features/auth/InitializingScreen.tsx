import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';

export function InitializingScreen() {
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <IconShieldLock size={48} color="var(--mantine-color-blue-6)" aria-hidden />
        <Title order={1} size="h3">
          Initializing Security
        </Title>
        <Text c="dimmed">Checking your session...</Text>
        <Loader />
      </Stack>
    </Center>
  );
}

import { useMemo } from 'react';
import { Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Short id a user can quote; the same id is logged with the error. */
function newErrorId(): string {
  return Math.random().toString(36).slice(2, 10).toUpperCase();
}

export function ErrorScreen({ error, reset }: { error?: unknown; reset?: () => void }) {
  const errorId = useMemo(() => {
    const id = newErrorId();
    console.error(`[error ${id}]`, error);
    return id;
  }, [error]);
  return (
    <Center mih="60vh" p="md">
      <Paper withBorder p="xl" maw={480} w="100%" role="alert">
        <Stack align="center" gap="md">
          <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={2}>Something went wrong</Title>
          <Text c="dimmed" ta="center">
            An unexpected error occurred. You can try again or reload the page.
          </Text>
          <Group>
            {reset && <Button onClick={reset}>Try Again</Button>}
            <Button variant="default" onClick={() => window.location.reload()}>
              Reload Page
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Error ID: <Code>{errorId}</Code>
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}

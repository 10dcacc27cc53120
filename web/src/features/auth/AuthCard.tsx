import type { ReactNode } from 'react';
import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';

/** The frame around every signed-out view. */
export function AuthCard({ title, subtitle, children, width = 420 }: { title: string; subtitle?: string; children: ReactNode; width?: number }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="md" p="xl" radius="md" w="100%" maw={width}>
        <Stack gap="md">
          <Group gap="xs" justify="center">
            <IconShieldCheck size={28} color="var(--mantine-color-blue-6)" aria-hidden />
            <Text fw={600}>SAP Security Analyzer</Text>
          </Group>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" ta="center" size="sm">
              {subtitle}
            </Text>
          )}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

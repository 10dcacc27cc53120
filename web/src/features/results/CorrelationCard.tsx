import { Card, SimpleGrid, Stack, Text, Group } from '@mantine/core';

export function CorrelationCard({ summary }: { summary: Record<string, Record<string, number | string>> }) {
  const groups = Object.entries(summary);
  if (groups.length === 0) return null;
  return (
    <Card withBorder component="section" aria-labelledby="correlation-title">
      <Text id="correlation-title" fw={600} size="lg" mb="sm">
        Correlation Analysis
      </Text>
      <SimpleGrid cols={{ base: 1, md: Math.min(3, groups.length) }}>
        {groups.map(([group, stats]) => (
          <Card key={group} withBorder padding="sm">
            <Text fw={600} size="sm" mb={4}>
              {group}
            </Text>
            <Stack gap={2}>
              {Object.entries(stats).map(([label, value]) => (
                <Group key={label} justify="space-between">
                  <Text size="sm" c="dimmed">
                    {label.replace(/_/g, ' ')}
                  </Text>
                  <Text size="sm" fw={500}>
                    {typeof value === 'number' ? value.toLocaleString('en-US') : value}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}

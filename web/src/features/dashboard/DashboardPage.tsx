import { Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { analysesQuery } from '../../api/queries.ts';
import { DashboardCasesCard } from '../cases/DashboardCasesCard.tsx';
import { computeQuickTotals } from './dashboard-totals.ts';
import { OverviewCards } from './OverviewCards.tsx';
import { RecentAnalyses } from './RecentAnalyses.tsx';

export function DashboardPage() {
  const { data, isPending, isError, error } = useQuery(analysesQuery());
  // A load error falls back to empty data (spec: dashboard).
  const analyses = isError ? [] : (data ?? []);
  const totals = computeQuickTotals(analyses);
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>SAP Security Analyzer</Title>
        <Text c="dimmed">Threat detection and audit analysis for SAP security logs and change documents</Text>
      </div>
      <OverviewCards totals={totals} loading={isPending} />
      <DashboardCasesCard analyses={analyses} />
      <section aria-labelledby="actions-title">
        <Text id="actions-title" fw={600} size="lg" mb="sm">
          Quick Actions
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Card withBorder>
            <Text fw={600}>New Analysis</Text>
            <Text size="sm" c="dimmed" mb="sm">
              Upload SM20, CDHDR or CDPOS exports and detect risky activity.
            </Text>
            <Button component={Link} to="/upload" leftSection={<IconUpload size={16} aria-hidden />}>
              Upload Files
            </Button>
          </Card>
          <Card withBorder>
            <Text fw={600}>Re-analyze Files</Text>
            <Text size="sm" c="dimmed" mb="sm">
              Run a new analysis on files you uploaded before.
            </Text>
            <Button component={Link} to="/files" variant="light" leftSection={<IconRefresh size={16} aria-hidden />}>
              Manage Files
            </Button>
          </Card>
        </SimpleGrid>
      </section>
      <RecentAnalyses analyses={analyses} loading={isPending} error={isError ? error.message || 'Failed to load analyses' : undefined} />
      <Card withBorder component="section" aria-labelledby="getting-started-title">
        <Text id="getting-started-title" fw={600} size="lg" mb="sm">
          Getting Started
        </Text>
        <List type="ordered" spacing="xs">
          <List.Item>Export the logs from SAP: SM20 (security audit log), CDHDR and CDPOS (change documents) via SE16.</List.Item>
          <List.Item>Upload the files here; their type is detected from the content.</List.Item>
          <List.Item>Review the flagged activity and download the annotated results.</List.Item>
        </List>
        <Group mt="sm">
          <Button component={Link} to="/multi-upload" variant="subtle" size="xs">
            Correlate several files
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}

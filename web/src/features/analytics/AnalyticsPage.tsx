import type { ReactNode } from 'react';
import { Alert, Card, Center, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatNumber } from '../../lib/format.ts';
import { ModuleHeatmap } from './ModuleHeatmap.tsx';
import { TimelinePanel } from './TimelinePanel.tsx';
import { useAnalytics } from './use-analytics.ts';


function MetricCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <UnstyledButton component={Link} to="/history" title="Open Analysis History" h="100%">
      <Card withBorder h="100%">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={26} fw={700}>
          {value}
        </Text>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Card>
    </UnstyledButton>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `analytics-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

function EmptyChart({ text }: { text: string }) {
  return (
    <Center h={160}>
      <Text c="dimmed">{text}</Text>
    </Center>
  );
}

export function AnalyticsPage() {
  const a = useAnalytics();
  const t = a.totals;
  if (a.loading) {
    return (
      <Center h={200} role="status">
        <Loader />
        <Text ml="sm">Loading analytics...</Text>
      </Center>
    );
  }
  return (
    <Stack gap="xl">
      <div>
        <Title order={2}>Security Analytics</Title>
        <Text c="dimmed">Comprehensive analysis of your SAP security audit data</Text>
      </div>
      {a.error && (
        <Alert color="red" title="Analytics could not be loaded" role="alert">
          {a.error}
        </Alert>
      )}
      {!a.error && t.totalAnalyses > 0 && t.recordsProcessed === 0 && (
        <Alert color="gray" title="No data" data-testid="analytics-no-records">
          No records were found in the file(s) of your completed analyses, so there is nothing to measure yet. Analyze an export that has data rows.
        </Alert>
      )}
      <Section title="Analysis Overview">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <MetricCard label="Total Analyses" value={formatNumber(t.totalAnalyses)} />
          <MetricCard label="Records Processed" value={formatNumber(t.recordsProcessed)} />
          <MetricCard label="Total Flags" value={formatNumber(t.totalFlags)} />
          <MetricCard label="Share of records flagged" value={t.recordsProcessed > 0 ? `${t.detectionRate}%` : 'No data'} note="Flagged records of all records read" />
        </SimpleGrid>
      </Section>
      <Section title="Security Metrics">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <MetricCard label="High-risk transaction and table records" value={formatNumber(t.criticalAlerts)} note="Records using a transaction or table of the high-risk lists (not findings)" />
          <MetricCard label="Debug Sessions" value={formatNumber(t.debugSessions)} />
          <MetricCard label="Timing Anomalies" value={formatNumber(t.timingAnomalies)} note="Changes outside business hours" />
          <MetricCard label="Sensitive Changes" value={formatNumber(t.sensitiveChanges)} note="Sensitive objects and fields" />
        </SimpleGrid>
      </Section>
      <Section title="Security Trends & Activity">
        <Stack gap="md">
          <Card withBorder>
            <Text fw={600} mb="xs">
              Security Events Timeline
            </Text>
            {a.timeline.length === 0 ? (
              <EmptyChart text={a.error ? 'Not available: the analyses could not be loaded.' : a.detailsLoading ? 'Loading timeline...' : 'No security events to show yet. Analyze files to see their timeline.'} />
            ) : (
              <TimelinePanel points={a.timeline} />
            )}
          </Card>
          <Card withBorder>
            <Text fw={600} mb="xs">
              Module Activity Heatmap
            </Text>
            {a.heatmap ? (
              <ModuleHeatmap data={a.heatmap} />
            ) : (
              <EmptyChart text={a.error ? 'Not available: the analyses could not be loaded.' : a.detailsLoading ? 'Loading activity...' : 'No module activity to show yet.'} />
            )}
          </Card>
        </Stack>
      </Section>
      <Section title="Risk Assessment Summary">
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <MetricCard label="High-risk and sensitive records" value={formatNumber(t.criticalAlerts + t.sensitiveChanges)} note="High-risk transaction and table records plus sensitive changes" />
          <MetricCard label="Debug Sessions" value={formatNumber(t.debugSessions)} note="Debugger use and code changes" />
          <MetricCard label="Change Management" value={formatNumber(t.timingAnomalies + t.changeVolume)} note="Timing and volume anomalies" />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}

import { Card, SimpleGrid, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatNumber } from '../../lib/format.ts';
import { flaggedShare, type QuickTotals } from './dashboard-totals.ts';

export function OverviewCards({ totals, loading }: { totals: QuickTotals; loading: boolean }) {
  const share = flaggedShare(totals);
  return (
    <section aria-labelledby="overview-title">
      <Text id="overview-title" fw={600} size="lg" mb="sm">
        Quick Overview
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <UnstyledButton component={Link} to="/history" title="Open Analysis History">
          <Card withBorder h="100%">
            <Text size="sm" c="dimmed">
              Total Analyses
            </Text>
            {loading ? <Skeleton h={32} mt={4} /> : <Text fz={28} fw={700}>{formatNumber(totals.totalAnalyses)}</Text>}
          </Card>
        </UnstyledButton>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Total Records
          </Text>
          {loading ? <Skeleton h={32} mt={4} /> : <Text fz={28} fw={700}>{formatNumber(totals.totalRecords)}</Text>}
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Flagged Records
          </Text>
          {loading ? (
            <Skeleton h={32} mt={4} />
          ) : (
            <>
              <Text fz={28} fw={700}>
                {formatNumber(totals.flaggedRecords)}
              </Text>
              <Text size="xs" c="dimmed">
                {share ?? 'No records analyzed'}
              </Text>
            </>
          )}
        </Card>
      </SimpleGrid>
    </section>
  );
}

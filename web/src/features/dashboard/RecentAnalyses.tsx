import { Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { AnalysisListItem } from '../../api/types.ts';
import { createdOf, flaggedRecordsOf, sortNewestFirst, totalRecordsOf } from '../../lib/analysis-fields.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { RiskBadge } from '../results/RiskBadge.tsx';
import { isTicketsOnly } from '../results/risk.ts';
import { ReviewProgressLine } from '../review/ReviewProgressLine.tsx';

export const RECENT_LIMIT = 5;

function titleOf(a: AnalysisListItem): string {
  return a.fileName || 'Multiple Files';
}

/** The latest analyses; a load error is said as such, never shown as "No analyses found". */
export function RecentAnalyses({ analyses, loading, error }: { analyses: AnalysisListItem[]; loading: boolean; error?: string }) {
  const recent = sortNewestFirst(analyses).slice(0, RECENT_LIMIT);
  return (
    <Card withBorder component="section" aria-labelledby="recent-title">
      <Group justify="space-between" mb="sm">
        <Text id="recent-title" fw={600} size="lg">
          Recent Analyses
        </Text>
        <Anchor component={Link} to="/history" size="sm">
          View All
        </Anchor>
      </Group>
      {loading ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={48} />
          ))}
        </Stack>
      ) : error ? (
        <Text c="red.9" role="alert">
          Your analyses could not be loaded: {error}
        </Text>
      ) : recent.length === 0 ? (
        <Text c="dimmed">No analyses found. Upload your first SAP audit file to get started.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {recent.map((a) => (
            <li key={a.analysisId} data-testid="recent-analysis">
              <Card withBorder padding="sm">
                <Group justify="space-between" wrap="wrap">
                  <Stack gap={2}>
                    <Text fw={500}>{titleOf(a)}</Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(createdOf(a))} · {formatNumber(totalRecordsOf(a))} records · {formatNumber(flaggedRecordsOf(a))} flagged
                    </Text>
                    {a.status === 'completed' && <ReviewProgressLine analysisId={a.analysisId} />}
                  </Stack>
                  <Group gap="sm">
                    {a.status === 'completed' ? (
                      <RiskBadge flagged={flaggedRecordsOf(a)} total={totalRecordsOf(a)} risk={a.risk} short ticketsOnly={isTicketsOnly(a.risk, totalRecordsOf(a))} />
                    ) : (
                      <Text size="xs" c={a.status === 'failed' ? 'red.9' : 'dimmed'}>
                        {a.status}
                      </Text>
                    )}
                    <Button
                      size="xs"
                      variant="light"
                      renderRoot={(props) => <Link to="/analysis/$analysisId" params={{ analysisId: a.analysisId }} {...props} />}
                      aria-label={`View Details of ${titleOf(a)}`}
                    >
                      View Details
                    </Button>
                  </Group>
                </Group>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AnalysisListItem } from '../../api/types.ts';
import { shortId } from '../../lib/format.ts';
import { casesQuery } from './cases-api.ts';
import { actorText, progressText, RISK_COLOR, RISK_LABEL, RISK_LEVELS } from './case-labels.ts';

const SHOWN = 5;

/** The latest completed analysis. */
export function latestCompleted(analyses: readonly AnalysisListItem[]): AnalysisListItem | undefined {
  const time = (a: AnalysisListItem) => a.completedAt ?? a.createdAt ?? a.timestamp ?? '';
  return [...analyses].filter((a) => a.status === 'completed').sort((a, b) => (time(a) < time(b) ? 1 : time(a) > time(b) ? -1 : 0))[0];
}

/** Dashboard: the cases of the latest analysis that still need review, most important first. */
export function DashboardCasesCard({ analyses }: { analyses: readonly AnalysisListItem[] }) {
  const latest = latestCompleted(analyses);
  const page = useQuery({ ...casesQuery(latest?.analysisId ?? '', { review: 'open', limit: SHOWN }), enabled: !!latest });
  if (!latest) return null;
  const analysisId = latest.analysisId;
  const data = page.data;
  return (
    <Card withBorder component="section" aria-labelledby="cases-to-review-title">
      <Text id="cases-to-review-title" fw={600} size="lg">
        Cases to review
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Latest analysis {shortId(analysisId)}
        {latest.fileNames?.length ? ` (${latest.fileNames.join(', ')})` : ''}
      </Text>
      {page.isError && <Text c="red.9">{page.error.message}</Text>}
      {!data && !page.isError && <Text c="dimmed">Loading cases…</Text>}
      {data && data.counts.toReview === 0 && <Text>{data.counts.total === 0 ? 'No cases in this analysis.' : `All ${data.counts.total} cases are reviewed.`}</Text>}
      {data && data.counts.toReview > 0 && (
        <Stack gap="xs">
          <Text size="sm" data-testid="dashboard-cases-counts">
            {data.counts.toReview} of {data.counts.total} cases to review:{' '}
            {RISK_LEVELS.filter((l) => data.counts.toReviewByRisk[l]).map((l) => `${data.counts.toReviewByRisk[l]} ${l}`).join(', ')}
          </Text>
          {data.cases.map((c) => (
            <Group key={c.id} gap="xs" wrap="wrap">
              <Badge color={RISK_COLOR[c.risk_level]} autoContrast>
                {RISK_LABEL[c.risk_level]}
              </Badge>
              <Anchor size="sm" renderRoot={(props) => <Link to="/results/$analysisId/cases/$caseId" params={{ analysisId, caseId: c.id }} {...props} />}>
                {actorText(c)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {progressText(c.progress)}
              </Text>
            </Group>
          ))}
          <Anchor size="sm" renderRoot={(props) => <Link to="/results/$analysisId/cases" params={{ analysisId }} {...props} />}>
            All cases of this analysis
          </Anchor>
        </Stack>
      )}
    </Card>
  );
}

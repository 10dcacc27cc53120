import { Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDatabaseOff } from '@tabler/icons-react';
import type { AnalysisResult } from '../../api/types.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { DownloadButtons } from './DownloadButtons.tsx';
import { RecordSummary } from './RecordSummary.tsx';
import { NoRecordsNotice } from './NoRecordsNotice.tsx';
import { RiskBadge, RiskReason } from './RiskBadge.tsx';
import { hasNoRecords, isTicketsOnly } from './risk.ts';
import { Stat } from './Stat.tsx';
import { completedAtOf, detectionRate, fileTypeLabel, isMulti, totalsOf } from './result-figures.ts';

/** 'Analysis Complete!' shown when an analysis finished. */
export function AnalysisCompleteCard({ result, onViewResults, onStartNew }: { result: AnalysisResult; onViewResults: () => void; onStartNew: () => void }) {
  const { total, flagged } = totalsOf(result);
  // Ticket files alone are no evidence: No data, and the words say why (issue 27).
  const ticketsOnly = isTicketsOnly(result.risk, total);
  const empty = hasNoRecords(total, flagged) || ticketsOnly;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="complete-title">
      <Stack gap="md">
        <Group gap="sm">
          {empty ? (
            <IconDatabaseOff size={32} color="var(--mantine-color-gray-6)" aria-hidden />
          ) : (
            <IconCircleCheck size={32} color="var(--mantine-color-green-6)" aria-hidden />
          )}
          <Title order={2} id="complete-title">
            Analysis Complete!
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Stat label="Total Records" value={formatNumber(total)} />
          <Stat label="Flagged Records" value={formatNumber(flagged)} />
          <Stat label="Share of records flagged" value={empty ? 'No data' : `${detectionRate(flagged, total)}%`} />
          <Stat label={isMulti(result) ? 'Analyzed' : 'File Type'} value={fileTypeLabel(result)} />
        </SimpleGrid>
        <div>
          <RiskBadge flagged={flagged} total={total} risk={result.risk} size="lg" ticketsOnly={ticketsOnly} />
          <RiskReason result={result} />
        </div>
        {empty && <NoRecordsNotice reason={ticketsOnly ? result.no_data_reason : undefined} />}
        {result.record_count_summary && <RecordSummary summary={result.record_count_summary} />}
        <DownloadButtons result={result} genericLabel="Download Results" />
        <Group>
          <Button onClick={onViewResults}>View Detailed Results</Button>
          <Button variant="default" onClick={onStartNew}>
            Start New Analysis
          </Button>
        </Group>
        <Divider />
        <Text size="xs" c="dimmed">
          Analysis ID: {result.analysisId} · Completed {formatDateTime(completedAtOf(result))}
        </Text>
      </Stack>
    </Card>
  );
}

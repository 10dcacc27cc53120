import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { analysisQuery } from '../../api/queries.ts';
import type { AnalysisResult } from '../../api/types.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useHeldResult } from '../../state/held-result.tsx';
import { CorrelationCard } from './CorrelationCard.tsx';
import { DetectionFlagsCard } from './DetectionFlagsCard.tsx';
import { AnalysisSettingsList } from './AnalysisSettingsList.tsx';
import { DownloadButtons } from './DownloadButtons.tsx';
import { SummaryCard } from './SummaryCard.tsx';
import { SuspiciousPatternsCard } from './SuspiciousPatternsCard.tsx';
import { completedAtOf, isMulti } from './result-figures.ts';
import { FindingsCard } from '../review/FindingsCard.tsx';
import { CasesCard } from '../cases/CasesCard.tsx';

/** The results screen of a completed analysis. Re-reads it so download links are fresh. */
export function ResultsView({ result: held }: { result: AnalysisResult }) {
  const { clear } = useHeldResult();
  const navigate = useNavigate();
  const fresh = useQuery({ ...analysisQuery(held.analysisId), refetchInterval: false });
  const result = fresh.data?.status === 'completed' ? fresh.data : held;

  const startNew = () => {
    clear();
    void navigate({ to: '/upload' });
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{isMulti(result) ? 'Multi-File Correlation Analysis Complete' : 'Analysis Complete'}</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={startNew}>
          New Analysis
        </Button>
      </Group>
      {result.reportError && (
        <Alert color="red" title="Results could not be shown" role="alert">
          {result.reportError}
        </Alert>
      )}
      {(result.warnings ?? []).length > 0 && (
        <Alert color="yellow" title="Check your files" role="status">
          {(result.warnings ?? []).map((w) => (
            <Text key={w} size="sm">
              {w}
            </Text>
          ))}
        </Alert>
      )}
      <CasesCard analysisId={result.analysisId} />
      <SummaryCard result={result} />
      <SuspiciousPatternsCard patterns={result.suspicious_patterns ?? []} total={result.suspicious_patterns_total} analysisId={result.analysisId} settings={result.settings} />
      <FindingsCard analysisId={result.analysisId} />
      <DetectionFlagsCard analysisId={result.analysisId} flagCounts={result.summary?.flag_counts ?? {}} />
      <CorrelationCard summary={result.correlation_summary ?? {}} />
      <Card withBorder component="section" aria-labelledby="downloads-title">
        <Text id="downloads-title" fw={600} size="lg" mb="sm">
          Download Results
        </Text>
        <DownloadButtons result={result} />
      </Card>
      <Card withBorder component="section" aria-labelledby="details-title">
        <Text id="details-title" fw={600} size="lg" mb="sm">
          Analysis Details
        </Text>
        <Text size="sm">Analysis ID: {result.analysisId}</Text>
        <Text size="sm">Completed: {formatDateTime(completedAtOf(result))}</Text>
        <AnalysisSettingsList settings={result.settings} />
      </Card>
    </Stack>
  );
}

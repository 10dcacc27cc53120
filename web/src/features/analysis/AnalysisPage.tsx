import { useEffect, useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { analysisQuery, queryKeys } from '../../api/queries.ts';
import { failureReason } from '../../lib/failure-reason.ts';
import { shortId } from '../../lib/format.ts';
import { useAnalyzing } from '../../state/analyzing.tsx';
import { useHeldResult } from '../../state/held-result.tsx';
import { AnalysisCompleteCard } from '../results/AnalysisCompleteCard.tsx';
import { OverallProgress } from '../upload/OverallProgress.tsx';
import { firstPollDelay, type AnalysisStart } from './poll-timing.ts';

/** Whether the first poll may run: after the delay spec section 4 sets from the start response. */
function useFirstPollDue(start: AnalysisStart | undefined): boolean {
  const [due, setDue] = useState(() => firstPollDelay(start, Date.now()) === 0);
  useEffect(() => {
    if (due) return;
    const timer = setTimeout(() => setDue(true), firstPollDelay(start, Date.now()));
    return () => clearTimeout(timer);
  }, [due, start]);
  return due;
}

/**
 * /analysis/{id}: polls until the analysis is completed or failed, then shows the completion card.
 * `start` comes from the upload screen that started the analysis (absent when opened from a link).
 */
export function AnalysisPage({ analysisId, start }: { analysisId: string; start?: AnalysisStart }) {
  const firstPollDue = useFirstPollDue(start);
  const query = useQuery({ ...analysisQuery(analysisId), enabled: firstPollDue });
  const { hold, clear } = useHeldResult();
  const { setAnalyzing } = useAnalyzing();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = query.data?.status;
  const running = !query.isError && status !== 'completed' && status !== 'failed';

  useEffect(() => {
    setAnalyzing(running ? (query.data?.fileName ?? `analysis ${shortId(analysisId)}`) : null);
    return () => setAnalyzing(null);
  }, [running, query.data?.fileName, analysisId, setAnalyzing]);

  useEffect(() => {
    if (status === 'completed' && query.data) {
      hold(query.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
    }
  }, [status, query.data, hold, queryClient]);

  if (query.isError) {
    return (
      <Alert color="red" title="Analysis Error" role="alert">
        {query.error.message || 'Failed to get analysis results'}
      </Alert>
    );
  }
  if (status === 'failed') {
    return (
      <Stack>
        <Alert color="red" title="Analysis Failed" role="alert">
          {query.data?.error ? failureReason(query.data.error) : 'Analysis failed'}
        </Alert>
        <Group>
          <Button onClick={() => void navigate({ to: '/upload' })}>Start New Analysis</Button>
          <Button variant="default" onClick={() => void navigate({ to: '/files' })}>
            Manage Files
          </Button>
        </Group>
      </Stack>
    );
  }
  if (status === 'completed' && query.data) {
    return (
      <AnalysisCompleteCard
        result={query.data}
        onViewResults={() => void navigate({ to: '/results/$analysisId', params: { analysisId } })}
        onStartNew={() => {
          clear();
          void navigate({ to: '/upload' });
        }}
      />
    );
  }
  return (
    <Stack gap="md">
      <Title order={2}>Analysis in progress</Title>
      <Card withBorder>
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>
            Analyzing your files (ID {shortId(analysisId)}). This page updates by itself; estimated time: about 30 seconds per file.
          </Text>
        </Group>
      </Card>
      <OverallProgress progress={{ stage: query.isPending ? 'Processing' : 'Analyzing', percent: query.isPending ? 70 : 85 }} />
    </Stack>
  );
}

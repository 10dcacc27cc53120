import { useEffect } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Tabs, Text } from '@mantine/core';
import { Link, Navigate, Outlet, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { analysisQuery } from '../../api/queries.ts';
import { ApiError } from '../../api/client.ts';
import { failureReason } from '../../lib/failure-reason.ts';
import { shortId } from '../../lib/format.ts';
import { useHeldResult } from '../../state/held-result.tsx';
import { CasesCard } from '../cases/CasesCard.tsx';
import { FindingsCard } from '../review/FindingsCard.tsx';
import { ResultsView } from './ResultsView.tsx';
import { ResultContext, useResult } from './result-context.ts';

export { useOptionalResult, useResult } from './result-context.ts';

/** /results without an id (an old bookmark): the analysis last opened, at its own address, else home. */
export function HeldResultRedirect() {
  const { result } = useHeldResult();
  if (!result) return <Navigate to="/" replace />;
  return <Navigate to="/results/$analysisId" params={{ analysisId: result.analysisId }} replace />;
}

export const NOT_FOUND_TEXT = 'Analysis not found. The link may be mistyped, or the analysis was deleted or belongs to another account.';

function ResultsNav({ analysisId }: { analysisId: string }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  const navigate = useNavigate();
  const base = `/results/${analysisId}`;
  const tab = pathname.startsWith(`${base}/findings`) ? 'findings' : pathname.startsWith(`${base}/timeline`) ? 'timeline' : pathname.startsWith(`${base}/cases`) ? 'cases' : 'overview';
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (value === 'findings') void navigate({ to: '/results/$analysisId/findings', params: { analysisId } });
        else if (value === 'cases') void navigate({ to: '/results/$analysisId/cases', params: { analysisId } });
        else if (value === 'overview') void navigate({ to: '/results/$analysisId', params: { analysisId } });
      }}
      keepMounted={false}
    >
      <Tabs.List aria-label="Views of this analysis">
        <Tabs.Tab value="overview">Overview</Tabs.Tab>
        <Tabs.Tab value="cases">Cases</Tabs.Tab>
        <Tabs.Tab value="findings">Findings</Tabs.Tab>
        {tab === 'timeline' && <Tabs.Tab value="timeline">User timeline</Tabs.Tab>}
      </Tabs.List>
    </Tabs>
  );
}

/**
 * /results/{analysisId}: reads the analysis by its id (so a link, a bookmark and a second tab show the
 * same one), says "not found" for an unknown id or another user's analysis (the API answers 404 for both),
 * sends a running analysis to its progress page and shows a failed one's reason.
 */
export function ResultsFrame() {
  const { analysisId } = useParams({ from: '/_app/results/$analysisId' });
  const query = useQuery(analysisQuery(analysisId));
  const { hold } = useHeldResult();
  const data = query.data;
  useEffect(() => {
    if (data?.status === 'completed') hold(data);
  }, [data, hold]);

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack>
        <Alert color="red" title={notFound ? 'Analysis not found' : 'Results could not be loaded'} role="alert">
          {notFound ? NOT_FOUND_TEXT : query.error.message}
        </Alert>
        <Group>
          <Button component={Link} to="/history">
            Analysis History
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!data) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Loading analysis {shortId(analysisId)}…</Text>
      </Group>
    );
  }
  if (data.status === 'failed') {
    return (
      <Alert color="red" title="Analysis Failed" role="alert">
        {data.error ? failureReason(data.error) : 'Analysis failed'}
      </Alert>
    );
  }
  if (data.status !== 'completed') {
    return (
      <Alert color="blue" title="Analysis in progress" role="status">
        This analysis is still running.{' '}
        <Anchor renderRoot={(props) => <Link to="/analysis/$analysisId" params={{ analysisId }} {...props} />}>
          Follow its progress
        </Anchor>
        .
      </Alert>
    );
  }
  return (
    <ResultContext.Provider value={data}>
      <Stack gap="md">
        <ResultsNav analysisId={analysisId} />
        <Outlet />
      </Stack>
    </ResultContext.Provider>
  );
}

/** /results/{analysisId}: the summary, patterns, findings, flags and downloads. */
export function ResultsOverview() {
  return <ResultsView result={useResult()} />;
}

/** /results/{analysisId}/cases: the cases alone (a case opens at /results/{analysisId}/cases/{caseId}). */
export function ResultsCases() {
  return <CasesCard analysisId={useResult().analysisId} />;
}

/** /results/{analysisId}/findings: the findings alone, to review them. */
export function ResultsFindings() {
  const result = useResult();
  return <FindingsCard analysisId={result.analysisId} />;
}

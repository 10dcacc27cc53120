import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ApiError } from '../../api/client.ts';
import { FindingsCard } from '../review/FindingsCard.tsx';
import { TimelinePage } from '../review/TimelinePage.tsx';
import { caseQuery } from './cases-api.ts';
import { CaseReviewCard } from './CaseReviewCard.tsx';
import { PlaceTimeline } from './PlaceTimeline.tsx';
import { actorText, membersText, periodText, progressText, RISK_COLOR, RISK_LABEL, routineText } from './case-labels.ts';

/** /results/{analysisId}/cases/{caseId}: one case with its reasons, escalations, rules, review, members and the actor's timeline. */
export function CasePage() {
  const { analysisId, caseId } = useParams({ from: '/_app/results/$analysisId/cases/$caseId' });
  const query = useQuery(caseQuery(analysisId, caseId));
  const back = (
    <Anchor size="sm" renderRoot={(props) => <Link to="/results/$analysisId" params={{ analysisId }} {...props} />}>
      ← All cases
    </Anchor>
  );
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack>
        <Alert color="red" title={notFound ? 'Case not found' : 'The case could not be loaded'} role="alert">
          {notFound ? 'This analysis has no case with this address.' : query.error.message}
        </Alert>
        {back}
      </Stack>
    );
  }
  if (!query.data) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Loading the case…</Text>
      </Group>
    );
  }
  const { case: c, position, cases } = query.data;
  return (
    <Stack gap="md">
      {back}
      <div>
        <Group gap="xs" wrap="wrap">
          <Badge color={RISK_COLOR[c.risk_level]} autoContrast size="lg">
            {RISK_LABEL[c.risk_level]}
          </Badge>
          <Title order={2}>{actorText(c)}</Title>
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          Case {position} of {cases} · score {c.score} · {progressText(c.progress)}
        </Text>
      </div>
      {c.escalations.length > 0 && (
        <Alert color="red" title={c.escalations.length === 1 ? 'Escalation' : 'Escalations'} role="status">
          <Stack gap={4}>
            {c.escalations.map((e) => (
              <Text key={e.kind + e.text} size="sm">
                {e.text}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Card withBorder component="section" aria-labelledby="case-facts-title">
        <Text id="case-facts-title" fw={600} size="lg" mb="xs">
          Why this case
        </Text>
        <Text size="sm">{membersText(c)}</Text>
        <Text size="sm">{periodText(c)}</Text>
        {c.files.length > 0 && <Text size="sm">Files: {c.files.join(', ')}</Text>}
        {c.watchlists.length > 0 && <Text size="sm">On the watchlists: {c.watchlists.join(', ')}</Text>}
        <ul style={{ margin: '8px 0', paddingInlineStart: 20 }} aria-label="Reasons">
          {c.reasons.map((r, i) => (
            <li key={i}>
              <Text size="sm">{r}</Text>
            </li>
          ))}
        </ul>
        <Table.ScrollContainer minWidth={480} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Rules of this case, scrollable' } }}>
          <Table striped withTableBorder aria-label="Rules of this case">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Findings</Table.Th>
                <Table.Th>First</Table.Th>
                <Table.Th>Routine</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.rules.map((r) => (
                <Table.Tr key={r.rule}>
                  <Table.Td>{r.rule}</Table.Td>
                  <Table.Td>{r.count.toLocaleString('en-US')}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{r.first_time || '-'}</Table.Td>
                  <Table.Td>{routineText(r) || 'no'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <CaseReviewCard key={`${c.id}-${c.progress.reviewed}`} analysisId={analysisId} c={c} />
      <FindingsCard analysisId={analysisId} caseId={c.id} title="Findings of this case" />
      {c.actor_kind === 'user' && c.actor && <TimelinePage analysisId={analysisId} user={c.actor} />}
      {(c.actor_kind === 'terminal' || c.actor_kind === 'address') && <PlaceTimeline analysisId={analysisId} c={c} users={query.data.namedUsers ?? []} />}
    </Stack>
  );
}

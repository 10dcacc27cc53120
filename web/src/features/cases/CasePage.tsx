import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { ApiError } from '../../api/client.ts';
import { PHONE_QUERY } from '../../lib/phone.ts';
import { FindingsCard } from '../review/FindingsCard.tsx';
import { TimelinePage } from '../review/TimelinePage.tsx';
import { caseQuery, type CaseSummary } from './cases-api.ts';
import { CaseReviewCard } from './CaseReviewCard.tsx';
import { PlaceTimeline } from './PlaceTimeline.tsx';
import { actorText, membersText, periodText, progressText, reasonsBesideEscalations, RISK_COLOR, RISK_LABEL, routineText } from './case-labels.ts';

/** /results/{analysisId}/cases/{caseId}: one case with its reasons, escalations, rules, review, members and the actor's timeline. */
export function CasePage() {
  const { analysisId, caseId } = useParams({ from: '/_app/results/$analysisId/cases/$caseId' });
  const query = useQuery(caseQuery(analysisId, caseId));
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
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
          {reasonsBesideEscalations(c).map((r, i) => (
            <li key={i}>
              <Text size="sm">{r}</Text>
            </li>
          ))}
        </ul>
        {phone ? <RuleList rules={c.rules} /> : <RuleTable rules={c.rules} />}
      </Card>
      <CaseReviewCard key={`${c.id}-${JSON.stringify(c.progress)}`} analysisId={analysisId} c={c} />
      <FindingsCard analysisId={analysisId} caseId={c.id} title="Findings of this case" />
      {c.actor_kind === 'user' && c.actor && <TimelinePage analysisId={analysisId} user={c.actor} />}
      {(c.actor_kind === 'terminal' || c.actor_kind === 'address') && <PlaceTimeline analysisId={analysisId} c={c} users={query.data.namedUsers ?? []} />}
    </Stack>
  );
}

type CaseRules = CaseSummary['rules'];

/** The case's rules as a table (wide screens). */
function RuleTable({ rules }: { rules: CaseRules }) {
  return (
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
          {rules.map((r) => (
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
  );
}

/** The case's rules one under the other on a phone: four columns do not fit 390 px (the routine one was scrolled off). */
function RuleList({ rules }: { rules: CaseRules }) {
  return (
    <Stack component="ul" gap={0} aria-label="Rules of this case" style={{ listStyle: 'none', margin: 0, padding: 0, borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {rules.map((r) => (
        <li key={r.rule} style={{ padding: '6px 0', borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {r.rule}
          </Text>
          <Text size="sm">
            {r.count.toLocaleString('en-US')} {r.count === 1 ? 'finding' : 'findings'} · first {r.first_time || '-'}
          </Text>
          <Text size="sm">Routine: {!r.routine ? 'no' : r.routine_days && r.active_days ? `on ${r.routine_days} of ${r.active_days} days` : 'yes'}</Text>
        </li>
      ))}
    </Stack>
  );
}

import { Alert, Anchor, Badge, Card, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { CursorPager, useCursorPages } from '../../lib/CursorPager.tsx';
import { casesQuery, isPreparing, PREPARING_POLL_MS, type CaseFilters, type CaseSummary, type RiskLevel } from './cases-api.ts';
import { actorText, membersText, periodText, progressText, reasonsBesideEscalations, RISK_COLOR, RISK_LABEL, RISK_LEVELS } from './case-labels.ts';

const PAGE = 10;
const REASONS_SHOWN = 4;

function CaseItem({ analysisId, c }: { analysisId: string; c: CaseSummary }) {
  const all = reasonsBesideEscalations(c);
  const reasons = all.slice(0, REASONS_SHOWN);
  const done = c.progress.open === 0;
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={`case-${c.id}`} data-testid="case-item" data-risk={c.risk_level}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Badge color={RISK_COLOR[c.risk_level]} autoContrast>
            {RISK_LABEL[c.risk_level]}
          </Badge>
          <Anchor
            id={`case-${c.id}`}
            fw={600}
            renderRoot={(props) => <Link to="/results/$analysisId/cases/$caseId" params={{ analysisId, caseId: c.id }} {...props} />}
          >
            {actorText(c)}
          </Anchor>
          <Text size="sm" c="dimmed">
            score {c.score}
          </Text>
        </Group>
        <Text size="sm" fw={500} c={done ? 'teal.9' : undefined}>
          {progressText(c.progress)}
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        {membersText(c)} · {periodText(c)}
      </Text>
      {c.escalations.length > 0 && (
        <Stack gap={2} mt={4}>
          {c.escalations.map((e) => (
            <Text key={e.kind + e.text} size="sm" c="red.9" fw={600}>
              Escalation: {e.text}
            </Text>
          ))}
        </Stack>
      )}
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }} aria-label="Reasons">
        {reasons.map((r, i) => (
          <li key={i}>
            <Text size="sm">{r}</Text>
          </li>
        ))}
      </ul>
      {all.length > REASONS_SHOWN && (
        <Text size="xs" c="dimmed">
          and {all.length - REASONS_SHOWN} more reasons on the case page
        </Text>
      )}
    </Paper>
  );
}

/** The cases of a completed analysis (issue 24): most important first, paged, filtered by risk, rule, actor and review. */
export function CasesCard({ analysisId }: { analysisId: string }) {
  const [risk, setRisk] = useState('');
  const [rule, setRule] = useState('');
  const [review, setReview] = useState('');
  const [actorInput, setActorInput] = useState('');
  const [actor] = useDebouncedValue(actorInput.trim(), 300);
  const pages = useCursorPages();
  const filters: CaseFilters = {
    limit: PAGE,
    ...(risk ? { risk: risk as RiskLevel } : {}),
    ...(rule ? { rule } : {}),
    ...(actor ? { actor } : {}),
    ...(review ? { review: review as 'open' | 'done' } : {}),
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  };
  const page = useQuery({
    ...casesQuery(analysisId, filters),
    placeholderData: keepPreviousData,
    // An analysis from before cases were stored gets them computed once: ask again until they are there.
    retry: (n, e) => !isPreparing(e) && n < 1,
    refetchInterval: (q) => (isPreparing(q.state.error) ? PREPARING_POLL_MS : false),
  });
  const setFilter = (set: (v: string) => void) => (v: string | null) => {
    set(v ?? '');
    pages.reset();
  };

  if (page.isError && isPreparing(page.error)) {
    return (
      <Alert color="blue" title="Cases" role="status" data-testid="cases-preparing">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{page.error.message}. They appear here when they are ready.</Text>
        </Group>
      </Alert>
    );
  }
  if (page.isError) {
    return (
      <Alert color="red" title="Cases" role="alert">
        {page.error.message}
      </Alert>
    );
  }
  const data = page.data;
  const counts = data?.counts;
  return (
    <Card withBorder component="section" aria-labelledby="cases-title">
      <Text id="cases-title" fw={600} size="lg">
        Cases
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        Everything one user (or terminal) did that needs review, most important first.
      </Text>
      {!data || !counts ? (
        <Text c="dimmed" role="status">
          Loading cases…
        </Text>
      ) : counts.total === 0 ? (
        <Text c="dimmed">No cases: no suspicious patterns and no high-severity flagged records.</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="cases-counts">
            {counts.total.toLocaleString('en-US')} {counts.total === 1 ? 'case' : 'cases'}, {counts.toReview.toLocaleString('en-US')} to review ·{' '}
            {RISK_LEVELS.filter((l) => counts.byRisk[l]).map((l) => `${counts.byRisk[l]} ${l}`).join(', ')}
          </Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              aria-label="Filter cases by risk"
              data={[{ value: '', label: 'All risk levels' }, ...RISK_LEVELS.map((l) => ({ value: l, label: `${RISK_LABEL[l]} (${counts.byRisk[l] ?? 0})` }))]}
              value={risk}
              onChange={setFilter(setRisk)}
              w={170}
              allowDeselect={false}
            />
            <Select
              aria-label="Filter cases by rule"
              data={[{ value: '', label: 'All rules' }, ...data.rules.map((r) => ({ value: r.id, label: `${r.title} (${r.cases})` }))]}
              value={rule}
              onChange={setFilter(setRule)}
              w={{ base: '100%', sm: 280 }}
              allowDeselect={false}
              searchable
            />
            <TextInput
              aria-label="Filter cases by user or terminal"
              placeholder="User or terminal"
              value={actorInput}
              onChange={(e) => {
                setActorInput(e.currentTarget.value);
                pages.reset();
              }}
              w={180}
              maxLength={80}
            />
            <Select
              aria-label="Filter cases by review"
              data={[
                { value: '', label: 'Reviewed or not' },
                { value: 'open', label: 'To review' },
                { value: 'done', label: 'Reviewed' },
              ]}
              value={review}
              onChange={setFilter(setReview)}
              w={160}
              allowDeselect={false}
            />
          </Group>
          {data.cases.length === 0 ? (
            <Text c="dimmed">No case matches these filters.</Text>
          ) : (
            <Stack gap="xs" aria-label="Cases" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.cases.map((c) => (
                <li key={c.id}>
                  <CaseItem analysisId={analysisId} c={c} />
                </li>
              ))}
            </Stack>
          )}
          <CursorPager pages={pages} nextCursor={data.nextCursor} summary={`${data.matched.toLocaleString('en-US')} matching`} />
        </Stack>
      )}
    </Card>
  );
}

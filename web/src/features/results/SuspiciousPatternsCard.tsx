import { Anchor, Badge, Card, Group, Pagination, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { PHONE_QUERY } from '../../lib/phone.ts';
import type { SuspiciousPattern } from '../../api/types.ts';
import { formatNumber } from '../../lib/format.ts';
import { patternRuleHref } from '../rules/rules-api.ts';
import { patternMeaning, sortBySeverity } from './pattern-meanings.ts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { PatternName } from '@app/core/model/index.ts';
import { patternRuleId } from '@app/core/rules/index.ts';
import { suppressionLabel } from '@app/core/review/suppression-label.ts';
import { findingsQuery } from '../review/review-api.ts';
import type { AnalysisSettings } from './threshold-texts.ts';

// Shades chosen for AA contrast; autoContrast picks dark text on the light ones.
const LEVEL_COLOR: Record<string, string> = { critical: 'red.9', high: 'orange.4', medium: 'yellow.3', low: 'blue.8' };

export const PATTERNS_PAGE = 25;

/** A page of every pattern of the analysis, most severe first (GET /results/{id}/patterns). */
export const patternsPageQuery = (analysisId: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['results', analysisId, 'patterns', offset, limit],
    queryFn: () => api.get<{ total: number; offset: number; patterns: SuspiciousPattern[] }>(`/results/${encodeURIComponent(analysisId)}/patterns?offset=${offset}&limit=${limit}`, { fallback: 'Failed to load the patterns' }),
  });

/**
 * Findings first: the patterns ordered critical → low, each with a title and what it means; 25 a
 * page. `patterns` are those the result carries: all of them, or (`total` more) the first ones,
 * the other pages then come from the server.
 */
export function SuspiciousPatternsCard({ patterns, total = patterns.length, analysisId, settings }: { patterns: SuspiciousPattern[]; total?: number; analysisId?: string; settings?: AnalysisSettings | null }) {
  const sorted = useMemo(() => sortBySeverity(patterns), [patterns]);
  const [page, setPage] = useState(1);
  // More patterns than the result carries: every page from the server, in its order (most severe first, then by time).
  const remote = total > patterns.length && Boolean(analysisId);
  const pagesTotal = Math.max(1, Math.ceil(total / PATTERNS_PAGE));
  const remotePage = useQuery({ ...patternsPageQuery(analysisId ?? '', (Math.min(page, pagesTotal) - 1) * PATTERNS_PAGE, PATTERNS_PAGE), enabled: remote, placeholderData: keepPreviousData });
  // 390 px: user, time and activity under the finding, so nothing sits off-screen (issue 27).
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  // Suppressed pattern findings are marked here too: a suppressed CRITICAL row must not read as open.
  const suppressedPage = useQuery({ ...findingsQuery(analysisId ?? '', { status: 'suppressed', limit: 200 }), enabled: Boolean(analysisId) && patterns.length > 0 });
  const suppressed = new Map((suppressedPage.data?.findings ?? []).filter((f) => f.kind === 'pattern' && f.suppressed).map((f) => [`${f.rule.id}|${f.user}|${f.time}`, f] as const));
  if (patterns.length === 0) return null;
  const count = remote ? total : sorted.length;
  const pages = Math.ceil(count / PATTERNS_PAGE);
  const at = Math.min(page, pages);
  const shown = remote ? (remotePage.data?.patterns ?? (at === 1 ? patterns.slice(0, PATTERNS_PAGE) : [])) : sorted.slice((at - 1) * PATTERNS_PAGE, at * PATTERNS_PAGE);
  return (
    <Card withBorder component="section" aria-labelledby="patterns-title">
      <Text id="patterns-title" fw={600} size="lg">
        Suspicious Patterns Detected
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {formatNumber(count)} found, most severe first.
      </Text>
      <Table.ScrollContainer minWidth={phone ? 0 : 640} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Suspicious patterns, scrollable' } }}>
        <Table striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Risk</Table.Th>
              <Table.Th>Finding</Table.Th>
              {!phone && (
                <>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Activity</Table.Th>
                </>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p, i) => {
              const meaning = patternMeaning(p.pattern, settings);
              const hidden = suppressed.get(`${patternRuleId(p.pattern as PatternName)}|${(p.user ?? '').toUpperCase()}|${p.sm20_time ?? ''}`);
              return (
                <Table.Tr key={`${at}-${i}`} data-testid="pattern-row" data-level={p.risk_level} data-suppressed={hidden ? 'true' : undefined} style={hidden ? { opacity: 0.75 } : undefined}>
                  <Table.Td>
                    <Badge color={LEVEL_COLOR[p.risk_level?.toLowerCase()] ?? 'gray.7'} autoContrast>
                      {p.risk_level}
                    </Badge>
                    {hidden?.suppressed && (
                      <Badge color="violet.9" autoContrast mt={4} display="block" title={suppressionLabel({ rule: hidden.rule.id, user: hidden.user, reason: hidden.suppressed.reason })}>
                        Suppressed
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ minWidth: phone ? 0 : 220 }}>
                    <Anchor href={patternRuleHref(p)} target="_blank" rel="noopener" size="sm" fw={600} title="What this pattern means and what to check next">
                      {meaning.title}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {meaning.explanation}
                    </Text>
                    {phone && (
                      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="pattern-who">
                        {p.user} · {p.sm20_time}: {p.sm20_activity}
                      </Text>
                    )}
                    {hidden?.suppressed && (
                      <Text size="xs" c="violet.9" data-testid="pattern-suppressed">
                        {suppressionLabel({ rule: hidden.rule.id, user: hidden.user, reason: hidden.suppressed.reason })}
                      </Text>
                    )}
                  </Table.Td>
                  {!phone && (
                    <>
                      <Table.Td>{p.user}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.sm20_time}</Table.Td>
                      <Table.Td>{p.sm20_activity}</Table.Td>
                    </>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {remote && remotePage.isError && (
        <Text size="sm" c="red.8" role="alert" mt="xs">
          {remotePage.error instanceof Error ? remotePage.error.message : 'Failed to load the patterns'}
        </Text>
      )}
      {pages > 1 && (
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="xs" c="dimmed">
            {formatNumber((at - 1) * PATTERNS_PAGE + 1)}–{formatNumber(Math.min(at * PATTERNS_PAGE, count))} of {formatNumber(count)}
          </Text>
          <Pagination total={pages} value={at} onChange={setPage} size="sm" siblings={phone ? 0 : 1} aria-label="Pages of suspicious patterns" getControlProps={(c) => ({ 'aria-label': c === 'previous' ? 'Previous page of patterns' : c === 'next' ? 'Next page of patterns' : c === 'first' ? 'First page of patterns' : 'Last page of patterns' })} />
        </Group>
      )}
    </Card>
  );
}

import { Anchor, Badge, Button, Card, Checkbox, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { PHONE_QUERY } from '../../lib/phone.ts';
import { Link } from '@tanstack/react-router';
import { suppressionLabel } from '@app/core/review/suppression-label.ts';
import type { Finding } from './review-api.ts';
import { useOptionalResult } from '../results/result-context.ts';
import { patternTextWithThresholds } from '../results/threshold-texts.ts';
import { SEVERITY_COLOR, STATUS_COLOR, STATUS_LABEL } from './review-labels.ts';

interface FindingsTableProps {
  analysisId: string;
  findings: Finding[];
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  allSelected: boolean;
  toggleAll: () => void;
  onReview: (f: Finding) => void;
}

function StatusCell({ f }: { f: Finding }) {
  if (f.review.status === 'open' && f.suppressed) {
    return (
      <Tooltip label={`Expires ${f.suppressed.expiresAt.slice(0, 10)}`} withArrow>
        <Text size="sm">
          <Badge color="violet.9" autoContrast mr={4}>
            Suppressed
          </Badge>
          {suppressionLabel({ rule: f.rule.id, user: f.user, reason: f.suppressed.reason }).replace(/^Suppressed: /, '')}
        </Text>
      </Tooltip>
    );
  }
  return (
    <Badge color={STATUS_COLOR[f.review.status]} autoContrast>
      {STATUS_LABEL[f.review.status]}
    </Badge>
  );
}

/** One page of findings with checkboxes for bulk actions. */
export function FindingsTable({ analysisId, findings, isSelected, toggle, allSelected, toggleAll, onReview }: FindingsTableProps) {
  // A pattern's title with the numbers this analysis ran with ("3 or more failed logons within 10 minutes").
  const settings = useOptionalResult()?.settings;
  const ruleTitle = (f: Finding) => (f.source.pattern && patternTextWithThresholds(f.source.pattern, settings)?.title) || f.rule.title;
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const userLink = (f: Finding) =>
    f.user ? (
      <Anchor size="sm" aria-label={`Timeline of ${f.user}`} renderRoot={(props) => <Link to="/results/$analysisId/timeline" params={{ analysisId }} search={{ user: f.user! }} {...props} />}>
        {f.user}
      </Anchor>
    ) : (
      '-'
    );
  if (phone) {
    // 390 px: one card per finding, the Review button in every card (never scrolled off-screen).
    return (
      <Stack gap="xs">
        <Checkbox aria-label="Select all findings on this page" label="Select all on this page" checked={allSelected} onChange={toggleAll} />
        <Stack gap="xs" component="ul" aria-label="Findings" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {findings.map((f) => (
            <Card component="li" key={f.findingId} withBorder padding="sm" data-finding-id={f.findingId} data-testid="finding-card">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Checkbox aria-label={`Select finding ${f.rule.title} ${f.user} ${f.time}`} checked={isSelected(f.findingId)} onChange={() => toggle(f.findingId)} mt={2} />
                  <div>
                    <Badge color={SEVERITY_COLOR[f.rule.severity]} autoContrast size="sm">
                      {f.rule.severity}
                    </Badge>
                    <Text size="sm" fw={600}>
                      {ruleTitle(f)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {f.rule.id}
                    </Text>
                  </div>
                </Group>
                <Button size="xs" variant="light" onClick={() => onReview(f)} aria-label={`Review ${f.rule.title} ${f.user} ${f.time}`} style={{ flexShrink: 0 }}>
                  Review
                </Button>
              </Group>
              <Text size="sm" mt={4}>
                {userLink(f)} · {f.time || '-'}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {f.summary}
              </Text>
              {f.review.comment && (
                <Text size="xs" c="dimmed">
                  {f.review.comment}
                  {f.review.ticket && ` (${f.review.ticket})`}
                </Text>
              )}
              <div style={{ marginTop: 4 }}>
                <StatusCell f={f} />
              </div>
            </Card>
          ))}
        </Stack>
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={900} scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': 'Findings, scrollable' } }}>
      <Table striped withTableBorder aria-label="Findings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <Checkbox aria-label="Select all findings on this page" checked={allSelected} onChange={toggleAll} />
            </Table.Th>
            <Table.Th>Severity</Table.Th>
            <Table.Th>Rule</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>Time</Table.Th>
            <Table.Th>Summary</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {findings.map((f) => (
            <Table.Tr key={f.findingId} data-finding-id={f.findingId}>
              <Table.Td>
                <Checkbox aria-label={`Select finding ${f.rule.title} ${f.user} ${f.time}`} checked={isSelected(f.findingId)} onChange={() => toggle(f.findingId)} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Badge color={SEVERITY_COLOR[f.rule.severity]} autoContrast>
                  {f.rule.severity}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{ruleTitle(f)}</Text>
                <Text size="xs" c="dimmed">
                  {f.rule.id}
                </Text>
              </Table.Td>
              <Table.Td>{userLink(f)}</Table.Td>
              {/* One line at 1280 px: the date and the time of day never split (as in the patterns and timeline tables). */}
              <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="finding-time">
                {f.time || '-'}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{f.summary}</Text>
                {f.review.comment && (
                  <Text size="xs" c="dimmed">
                    {f.review.comment}
                    {f.review.ticket && ` (${f.review.ticket})`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={f.suppressed ? undefined : { whiteSpace: 'nowrap' }}>
                <StatusCell f={f} />
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => onReview(f)} aria-label={`Review ${f.rule.title} ${f.user} ${f.time}`}>
                  Review
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

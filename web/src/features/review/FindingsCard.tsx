import { Alert, Button, Card, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CursorPager, useCursorPages } from '../../lib/CursorPager.tsx';
import { notify } from '../../lib/notify.ts';
import { useSelection } from '../../lib/selection.ts';
import { DownloadFindingsButton } from './DownloadFindingsButton.tsx';
import { FindingsTable } from './FindingsTable.tsx';
import { findingsQuery, reviewKeys, type Finding, type FindingFilters, type FindingMatch, type ReviewStatus, type Severity } from './review-api.ts';
import { progressText, recordSourceText, REVIEW_DECISIONS, STATUS_LABEL } from './review-labels.ts';
import { TriageDialog } from './TriageDialog.tsx';

const PAGE = 25;
const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...REVIEW_DECISIONS.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
  { value: 'suppressed', label: 'Suppressed' },
];
const SEVERITY_OPTIONS = [{ value: '', label: 'All severities' }, ...['critical', 'high', 'medium', 'low'].map((s) => ({ value: s, label: s }))];

/** The filter in words, for the bulk triage dialog ('' when no filter is set: every finding of the analysis). */
function describeFilter(f: FindingMatch, ruleTitle: string | undefined): string {
  const parts: string[] = [];
  if (f.caseId) parts.push('this case');
  if (f.rule) parts.push(`rule ${ruleTitle ?? f.rule}`);
  if (f.user) parts.push(`user ${f.user.toUpperCase()}`);
  if (f.severity) parts.push(`severity ${f.severity}`);
  if (f.status) parts.push(`status ${f.status === 'suppressed' ? 'suppressed' : STATUS_LABEL[f.status]}`);
  return parts.join(', ');
}

/**
 * The findings of a completed analysis with review progress, triage, bulk actions on the selection
 * and on every finding the filters match (issue 17, issue 24). With `caseId`, the members of one case.
 */
export function FindingsCard({ analysisId, caseId, title = 'Findings' }: { analysisId: string; caseId?: string; title?: string }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const [severity, setSeverity] = useState('');
  const [rule, setRule] = useState('');
  const [userInput, setUserInput] = useState('');
  const [user] = useDebouncedValue(userInput.trim(), 300);
  const pages = useCursorPages();
  const match: FindingMatch = {
    ...(status ? { status: status as FindingFilters['status'] } : {}),
    ...(severity ? { severity: severity as Severity } : {}),
    ...(rule ? { rule } : {}),
    ...(user ? { user } : {}),
    ...(caseId ? { caseId } : {}),
  };
  const filters: FindingFilters = {
    limit: PAGE,
    ...match,
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  };
  const page = useQuery({ ...findingsQuery(analysisId, filters), placeholderData: keepPreviousData });
  const findings = page.data?.findings ?? [];
  const ids = useMemo(() => findings.map((f) => f.findingId), [findings]);
  const selection = useSelection(ids);
  const [dialog, setDialog] = useState<{ targets: Finding[]; status?: ReviewStatus; byFilter?: boolean } | null>(null);

  const setFilter = (set: (v: string) => void) => (v: string | null) => {
    set(v ?? '');
    pages.reset();
    selection.clear();
  };
  const saved = (count: number) => {
    setDialog(null);
    selection.clear();
    notify.success(count === 1 ? 'Review saved' : `${count} reviews saved`);
    void queryClient.invalidateQueries({ queryKey: reviewKeys.findings(analysisId) });
    void queryClient.invalidateQueries({ queryKey: ['cases', analysisId] });
  };

  if (page.isError) {
    return (
      <Alert color="red" title="Findings" role="alert">
        {page.error.message}
      </Alert>
    );
  }
  const data = page.data;
  const counts = data?.counts;
  const selected = findings.filter((f) => selection.isSelected(f.findingId));

  return (
    <Card withBorder component="section" aria-labelledby="findings-title">
      <Group justify="space-between" mb="xs">
        <Text id="findings-title" fw={600} size="lg">
          {title}
        </Text>
        {!caseId && <DownloadFindingsButton analysisId={analysisId} />}
      </Group>
      {!data ? (
        <Text c="dimmed">Loading findings…</Text>
      ) : counts!.total === 0 ? (
        <Text c="dimmed">No findings: no suspicious patterns and no high-severity flagged records.</Text>
      ) : (
        <Stack gap="sm">
          {!caseId && (
            <div>
              <Group gap="xs" align="baseline">
                <Text size="sm" data-testid="review-progress">
                  {progressText(counts!)}
                </Text>
                {/* The counts shown are those from before while the list is read again (after a review of many findings that takes seconds). */}
                {page.isFetching && (
                  <Text size="xs" c="dimmed" data-testid="review-progress-updating">
                    updating…
                  </Text>
                )}
              </Group>
              <Progress value={counts!.toReview ? (100 * counts!.reviewed) / counts!.toReview : 100} aria-label="Review progress" mt={4} />
            </div>
          )}
          <Group gap="xs" align="flex-end">
            <Select aria-label="Filter by status" data={STATUS_OPTIONS} value={status} onChange={setFilter(setStatus)} w={170} allowDeselect={false} />
            <Select aria-label="Filter by severity" data={SEVERITY_OPTIONS} value={severity} onChange={setFilter(setSeverity)} w={150} allowDeselect={false} />
            <Select
              aria-label="Filter by rule"
              data={[{ value: '', label: 'All rules' }, ...data.rules.map((r) => ({ value: r.id, label: `${r.id} · ${r.title}` }))]}
              value={rule}
              onChange={setFilter(setRule)}
              w={300}
              allowDeselect={false}
              searchable
            />
            <TextInput
              aria-label="Filter by user"
              placeholder="User"
              value={userInput}
              maxLength={80}
              w={150}
              onChange={(e) => {
                setUserInput(e.currentTarget.value);
                pages.reset();
                selection.clear();
              }}
            />
            {data.matched > 0 && (
              <Button variant="light" onClick={() => setDialog({ targets: [], byFilter: true })}>
                Review all {data.matched.toLocaleString('en-US')} matching…
              </Button>
            )}
          </Group>
          {selected.length > 0 && (
            <Group gap="xs" role="toolbar" aria-label="Bulk actions">
              <Text size="sm">{selected.length} selected</Text>
              <Button size="xs" onClick={() => setDialog({ targets: selected, status: 'explained' })}>
                Mark explained
              </Button>
              <Button size="xs" variant="light" onClick={() => setDialog({ targets: selected, status: 'false_positive' })}>
                False positive
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => setDialog({ targets: selected, status: 'escalated' })}>
                Escalate
              </Button>
            </Group>
          )}
          <FindingsTable
            analysisId={analysisId}
            findings={findings}
            isSelected={selection.isSelected}
            toggle={selection.toggle}
            allSelected={ids.length > 0 && selected.length === ids.length}
            toggleAll={() => (selected.length === ids.length ? selection.clear() : selection.selectAll())}
            onReview={(f) => setDialog({ targets: [f] })}
          />
          <CursorPager
            pages={pages}
            nextCursor={data.nextCursor}
            summary={`${data.matched} matching · ${recordSourceText(data)}; every flagged record is in the results workbook`}
          />
        </Stack>
      )}
      {dialog && (
        <TriageDialog
          analysisId={analysisId}
          targets={dialog.targets}
          initialStatus={dialog.status}
          {...(dialog.byFilter && data ? { byFilter: { filter: match, matched: data.matched, description: describeFilter(match, data.rules.find((r) => r.id === rule)?.title) } } : {})}
          onClose={() => setDialog(null)}
          onSaved={saved}
        />
      )}
    </Card>
  );
}

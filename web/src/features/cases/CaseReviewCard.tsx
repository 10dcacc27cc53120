import { Button, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { reviewKeys, type ReviewStatus } from '../review/review-api.ts';
import { untilWritten } from '../review/review-job.ts';
import { needsComment, ReviewDecisionFields, ReviewSaveStatus, SuppressFields, useReviewSave } from '../review/ReviewDecisionFields.tsx';
import { defaultExpiry, STATUS_LABEL } from '../review/review-labels.ts';
import { caseDecision, reviewCase, type CaseSummary } from './cases-api.ts';

/** A review decision on a case: applied to every member (or every open one), each keeping its own trail. */
export function CaseReviewCard({ analysisId, c }: { analysisId: string; c: CaseSummary }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ReviewStatus>(caseDecision(c.progress) ?? 'explained');
  const [comment, setComment] = useState('');
  const [ticket, setTicket] = useState('');
  const [scope, setScope] = useState<'all' | 'open'>(c.progress.reviewed > 0 && c.progress.open > 0 ? 'open' : 'all');
  const [suppress, setSuppress] = useState(false);
  const [expiresAt, setExpiresAt] = useState(defaultExpiry());
  const { busy, error, job, run } = useReviewSave('Failed to save the case review');
  const commentNeeded = needsComment(status, comment);
  const canSuppress = status === 'explained' && c.actor_kind !== 'none';
  const count = scope === 'open' ? c.progress.open : c.members;

  const save = () =>
    run(async (onJob) => {
      const answer = await reviewCase(analysisId, c.id, {
        status,
        comment: comment.trim(),
        ticket: ticket.trim(),
        scope,
        ...(canSuppress && suppress ? { suppress: { expiresAt } } : {}),
      });
      // A large case is written by a job on the server: follow it to the end.
      const out = await untilWritten(analysisId, answer, onJob);
      notify.success(
        `${out.updated.toLocaleString('en-US')} ${out.updated === 1 ? 'finding' : 'findings'} of this case marked ${STATUS_LABEL[status]}` +
          (out.suppressions.length ? `; ${out.suppressions.length} ${out.suppressions.length === 1 ? 'suppression' : 'suppressions'} made` : ''),
      );
      setComment('');
      setTicket('');
      setSuppress(false);
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['cases', analysisId] }), queryClient.invalidateQueries({ queryKey: reviewKeys.findings(analysisId) })]);
    });

  return (
    <Card withBorder component="section" aria-labelledby="case-review-title">
      <Text id="case-review-title" fw={600} size="lg">
        Review this case
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        The decision is recorded on each finding of the case, each with its own trail entry.
      </Text>
      <Stack gap="sm">
        <ReviewDecisionFields idPrefix="case" label="Decision" status={status} onStatus={setStatus} comment={comment} onComment={setComment} ticket={ticket} onTicket={setTicket} />
        <div>
          <Text size="sm" fw={500} mb={4} id="case-scope">
            Apply to
          </Text>
          <SegmentedControl
            aria-labelledby="case-scope"
            fullWidth
            value={scope}
            onChange={(v) => setScope(v as 'all' | 'open')}
            data={[
              { value: 'all', label: `Every finding (${c.members.toLocaleString('en-US')})` },
              { value: 'open', label: `Open findings (${c.progress.open.toLocaleString('en-US')})` },
            ]}
          />
        </div>
        {canSuppress && (
          <SuppressFields label="Suppress these findings in later analyses" note={`One suppression per rule of the case and user ${c.actor}; the comment is the reason.`} checked={suppress} onChecked={setSuppress} expiresAt={expiresAt} onExpiresAt={setExpiresAt} />
        )}
        <ReviewSaveStatus job={job} error={error} />
        <Group justify="flex-end">
          <Button onClick={save} loading={busy} disabled={commentNeeded || count === 0}>
            Save for {count.toLocaleString('en-US')} {count === 1 ? 'finding' : 'findings'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { findingQuery, reviewByFilter, reviewFinding, reviewFindings, type Finding, type FindingMatch, type ReviewStatus } from './review-api.ts';
import { untilWritten } from './review-job.ts';
import { needsComment, ReviewDecisionFields, ReviewSaveStatus, SuppressFields, useReviewSave } from './ReviewDecisionFields.tsx';
import { defaultExpiry } from './review-labels.ts';
import { ReviewTrail } from './ReviewTrail.tsx';
import { FindingEvidence } from './FindingEvidence.tsx';

interface TriageDialogProps {
  analysisId: string;
  /** One finding, or the selection of a bulk action. */
  targets: Finding[];
  /** Pre-selected status (bulk buttons). */
  initialStatus?: ReviewStatus;
  /** Bulk triage by filter: every finding the filter matches (`matched` as the list showed it; `description` the filter in words, empty for none); `targets` is then empty. */
  byFilter?: { filter: FindingMatch; matched: number; description: string };
  onClose: () => void;
  onSaved: (count: number) => void;
}

/** Status, comment and ticket for one finding (with its audit trail) or for the selected ones. */
export function TriageDialog({ analysisId, targets, initialStatus, byFilter, onClose, onSaved }: TriageDialogProps) {
  const single = targets.length === 1 ? targets[0]! : undefined;
  const [status, setStatus] = useState<ReviewStatus>(initialStatus ?? single?.review.status ?? 'explained');
  const [comment, setComment] = useState(single?.review.comment ?? '');
  const [ticket, setTicket] = useState(single?.review.ticket ?? '');
  const [suppress, setSuppress] = useState(false);
  const [expiresAt, setExpiresAt] = useState(defaultExpiry());
  const [matchObject, setMatchObject] = useState(false);
  const [matchTerminal, setMatchTerminal] = useState(false);
  const { busy, error, job, run } = useReviewSave('Failed to save the review');
  const detail = useQuery({ ...findingQuery(analysisId, single?.findingId ?? ''), enabled: !!single });

  useEffect(() => {
    if (status !== 'explained') setSuppress(false);
  }, [status]);

  const commentNeeded = needsComment(status, comment);
  const canSuppress = !!single && status === 'explained' && single.user !== '';

  const save = () =>
    run(async (onJob) => {
      const input = { status, comment: comment.trim(), ticket: ticket.trim() };
      if (byFilter) {
        // Many findings are written by a job on the server: follow it to the end.
        const out = await untilWritten(analysisId, await reviewByFilter(analysisId, byFilter.filter, byFilter.matched, input), onJob);
        onSaved(out.updated);
        return;
      }
      if (single) {
        await reviewFinding(analysisId, single.findingId, suppress ? { ...input, suppress: { expiresAt, matchObject, matchTerminal } } : input);
      } else {
        await reviewFindings(analysisId, targets.map((t) => t.findingId), input);
      }
      onSaved(targets.length);
    });

  return (
    <Modal opened onClose={onClose} size="lg" centered title={byFilter ? (byFilter.matched === 1 ? 'Review the 1 matching finding' : `Review all ${byFilter.matched.toLocaleString('en-US')} matching findings`) : single ? `Review: ${single.rule.title}` : `Review ${targets.length} selected findings`} closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="sm">
        {byFilter && (
          <Text size="sm" data-testid="bulk-filter-description">
            {byFilter.description ? `Every finding that matches ${byFilter.description}` : 'Every finding of the analysis'}, on every page: {findingsText(byFilter.matched)}, {byFilter.matched === 1 ? 'with its' : 'each with its'} own trail entry.
          </Text>
        )}
        {single && (
          <Text size="sm" c="dimmed">
            {single.rule.id} · {single.user || 'no user'} · {single.time || 'no time'} · {single.summary}
          </Text>
        )}
        {/* What the finding rests on, read before deciding. */}
        {single && detail.data && <FindingEvidence finding={single} evidence={detail.data.evidence} />}
        <ReviewDecisionFields idPrefix="triage" label="Status" status={status} onStatus={setStatus} comment={comment} onComment={setComment} ticket={ticket} onTicket={setTicket} />
        {canSuppress && (
          <SuppressFields label="Suppress this finding in later analyses" note={`Rule ${single.rule.id} and user ${single.user}; the comment is the reason.`} checked={suppress} onChecked={setSuppress} expiresAt={expiresAt} onExpiresAt={setExpiresAt}>
            {single.object && <Checkbox label={`Only for object ${single.object}`} checked={matchObject} onChange={(e) => setMatchObject(e.currentTarget.checked)} />}
            {single.terminal && <Checkbox label={`Only from terminal ${single.terminal}`} checked={matchTerminal} onChange={(e) => setMatchTerminal(e.currentTarget.checked)} />}
          </SuppressFields>
        )}
        <ReviewSaveStatus job={job} error={error} />
        {single && detail.data && <ReviewTrail trail={detail.data.trail} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy} disabled={commentNeeded}>
            Save review
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "1 finding", "2,030 findings". */
const findingsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'finding' : 'findings'}`;

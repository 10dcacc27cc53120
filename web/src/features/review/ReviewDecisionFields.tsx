import { Alert, Checkbox, Progress, SegmentedControl, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/api-error.ts';
import { PHONE_QUERY } from '../../lib/phone.ts';
import type { ReviewStatus } from './review-api.ts';
import type { ReviewJob } from './review-job.ts';
import { REVIEW_DECISIONS, STATUS_LABEL } from './review-labels.ts';

/** Explained and false positive need a comment (the server refuses them without one). */
export const needsComment = (status: ReviewStatus, comment: string) => (status === 'explained' || status === 'false_positive') && comment.trim() === '';

interface ReviewDecisionFieldsProps {
  /** Prefix of the element ids, unique on the page. */
  idPrefix: string;
  /** Heading of the status choice ("Status", "Decision"). */
  label: string;
  status: ReviewStatus;
  onStatus: (s: ReviewStatus) => void;
  comment: string;
  onComment: (s: string) => void;
  ticket: string;
  onTicket: (s: string) => void;
}

/** The decision, comment and ticket of a review: the same fields, decisions in the same order, for one finding, a selection, a filter or a case. */
export function ReviewDecisionFields({ idPrefix, label, status, onStatus, comment, onComment, ticket, onTicket }: ReviewDecisionFieldsProps) {
  // Four decisions side by side do not fit a phone's card or dialog (the last ones were cut off): one under the other there.
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  return (
    <>
      <div>
        <Text size="sm" fw={500} mb={4} id={`${idPrefix}-status`}>
          {label}
        </Text>
        <SegmentedControl aria-labelledby={`${idPrefix}-status`} fullWidth orientation={phone ? 'vertical' : 'horizontal'} value={status} onChange={(v) => onStatus(v as ReviewStatus)} data={REVIEW_DECISIONS.map((s) => ({ value: s, label: STATUS_LABEL[s] }))} />
      </div>
      <Textarea label="Comment" placeholder="What you checked and what you found" rows={3} maxLength={2000} value={comment} onChange={(e) => onComment(e.currentTarget.value)} description={needsComment(status, comment) ? 'Required for explained and false positive' : undefined} />
      <TextInput label="Ticket" placeholder="e.g. CHG-1001 (optional)" maxLength={100} value={ticket} onChange={(e) => onTicket(e.currentTarget.value)} />
    </>
  );
}

/** How far a review job has written (shown while a large case or filter review runs). */
export function ReviewJobProgress({ job }: { job: ReviewJob }) {
  const share = job.matched > 0 ? Math.round((job.processed / job.matched) * 100) : 0;
  return (
    <Stack gap={4} role="status" aria-live="polite" data-testid="review-job-progress">
      <Text size="sm">
        {job.state === 'queued' ? 'Waiting for the server to take up the reviews' : 'Writing the reviews'}: {job.processed.toLocaleString('en-US')} of {job.matched.toLocaleString('en-US')} findings{job.state === 'queued' ? ' written so far' : ''}…
      </Text>
      <Progress value={share} aria-label="Reviews written" />
    </Stack>
  );
}

/** "Suppress … in later analyses" with its expiry (and any narrowing checkboxes as children). */
export function SuppressFields({ label, note, checked, onChecked, expiresAt, onExpiresAt, children }: { label: string; note: ReactNode; checked: boolean; onChecked: (v: boolean) => void; expiresAt: string; onExpiresAt: (v: string) => void; children?: ReactNode }) {
  return (
    <Stack gap={6}>
      <Checkbox label={label} checked={checked} onChange={(e) => onChecked(e.currentTarget.checked)} />
      {checked && (
        <Stack gap={6} pl="lg">
          <Text size="xs" c="dimmed">
            {note} Suppressed findings are still listed, marked and counted apart.
          </Text>
          <TextInput type="date" label="Expires on" required value={expiresAt} onChange={(e) => onExpiresAt(e.currentTarget.value)} />
          {children}
        </Stack>
      )}
    </Stack>
  );
}

/** The state of saving a review: busy, the job being followed, the error to show. */
export function useReviewSave(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<ReviewJob | null>(null);
  /** Runs `work` (handed the progress callback of untilWritten), showing its failure. */
  const run = async (work: (onJob: (job: ReviewJob) => void) => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work(setJob);
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
      setJob(null);
    }
  };
  return { busy, error, job, run };
}

/** A running job's progress and the save's error. */
export function ReviewSaveStatus({ job, error }: { job: ReviewJob | null; error: string | null }) {
  return (
    <>
      {job && <ReviewJobProgress job={job} />}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

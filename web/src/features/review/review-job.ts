/**
 * A review of a whole case or filter is written by a job on the server (issue 24): the request
 * answers with the result, or (202) with the job, whose progress is polled here until it ends.
 */
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/api-error.ts';
import type { ReviewStatus } from './review-api.ts';

export interface ReviewJob {
  jobId: string;
  kind: 'case' | 'filter' | 'export';
  /** queued: waiting for the server to take it up (on AWS, on the review queue: at first, or between two steps of a large job; a streamed export on this machine: for a free export thread). */
  state: 'queued' | 'running' | 'done' | 'failed';
  status: ReviewStatus;
  matched: number;
  processed: number;
  updated: number;
  skipped: number;
  message?: string;
}

export interface ReviewJobAnswer {
  updated: number;
  matched: number;
  status: ReviewStatus;
  suppressions: string[];
  job?: ReviewJob;
  /** A finished findings export (kind export): its link. */
  download?: FindingsDownload;
}

export interface FindingsDownload {
  downloadUrl: string;
  fileName: string;
  findings: number;
  order: 'list' | 'analysis';
}

export const REVIEW_JOB_POLL_MS = 1000;

/** A job still to be written (waiting or being written). */
export const jobMoving = (job: ReviewJob): boolean => job.state === 'queued' || job.state === 'running';

/** Polls a queued or running job (GET /results/{id}/review-jobs/{jobId}) until it is done; a failed job throws its message. */
export async function untilWritten(analysisId: string, answer: ReviewJobAnswer, onProgress?: (job: ReviewJob) => void): Promise<ReviewJobAnswer> {
  let a = answer;
  while (a.job && jobMoving(a.job)) {
    onProgress?.(a.job);
    await new Promise((r) => setTimeout(r, REVIEW_JOB_POLL_MS));
    const what = a.job.kind === 'export' ? 'download' : 'review';
    a = await api.get<ReviewJobAnswer>(`/results/${encodeURIComponent(analysisId)}/review-jobs/${encodeURIComponent(a.job.jobId)}`, { fallback: `Failed to read the progress of the ${what}` });
  }
  if (a.job?.state === 'failed') throw new ApiError(409, a.job.message ?? (a.job.kind === 'export' ? 'The download stopped; try again' : 'The review stopped; try again'));
  return a;
}

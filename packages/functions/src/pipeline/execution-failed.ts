/**
 * An execution that failed, timed out or was aborted before its MarkFailed task ran (or when
 * MarkFailed itself failed) would leave its analysis "processing" forever. On AWS an EventBridge
 * rule (stacks/pipeline.ts) sends those executions' status changes to the pipeline Lambda, which
 * marks the analysis failed here, unless MarkFailed or MarkCompleted already settled it.
 */
import { z } from 'zod';
import { getAnalysis } from '../services/analyses/analysis-item.ts';
import type { Services } from '../services/types.ts';
import { markFailed } from './steps/mark-failed.ts';

export const EXECUTION_STATUS_CHANGE = 'Step Functions Execution Status Change';

const statusChange = z.object({
  'detail-type': z.literal(EXECUTION_STATUS_CHANGE),
  detail: z.object({
    status: z.enum(['FAILED', 'TIMED_OUT', 'ABORTED']),
    input: z.string(),
    error: z.string().nullish(),
    cause: z.string().nullish(),
  }),
});

const executionInput = z.object({ analysisId: z.string().min(1), userSub: z.string().min(1) });

export function isExecutionStatusChange(event: unknown): boolean {
  return (event as Record<string, unknown> | null)?.['detail-type'] === EXECUTION_STATUS_CHANGE;
}

/** The analysis and the error an ended execution stands for, as MarkFailed's Catch would pass them. */
export function failureOfExecution(event: unknown): { analysisId: string; userSub: string; error: { Error: string; Cause?: string } } {
  const parsed = statusChange.safeParse(event);
  if (!parsed.success) throw new Error(`Invalid execution status event: ${parsed.error.message}`);
  const input = executionInput.safeParse(JSON.parse(parsed.data.detail.input));
  if (!input.success) throw new Error(`The execution's input names no analysis: ${input.error.message}`);
  const { status, error, cause } = parsed.data.detail;
  const name = status === 'TIMED_OUT' ? 'States.Timeout' : status === 'ABORTED' ? 'States.Aborted' : (error ?? 'States.ExecutionFailed');
  return { ...input.data, error: { Error: name, ...(cause ? { Cause: cause } : {}) } };
}

export async function markExecutionFailed(event: unknown, services: Services): Promise<{ status: string }> {
  const failure = failureOfExecution(event);
  const analysis = await getAnalysis(services, failure.userSub, failure.analysisId);
  if (!analysis || analysis.status !== 'processing') return { status: analysis?.status ?? 'deleted' };
  return markFailed(failure, services);
}

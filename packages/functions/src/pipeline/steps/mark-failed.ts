import type { z } from 'zod';
import { updateAnalysis } from '../../services/analyses/analysis-item.ts';
import type { Services } from '../../services/types.ts';
import { analysisPrefix } from '../../services/workspace.ts';
import { toUserMessage } from '../failure-message.ts';
import type { markFailedInput } from './step-input.ts';

/** Records the failure with a message the user can act on; uploads are never touched. */
export async function markFailed(input: z.infer<typeof markFailedInput>, services: Services): Promise<{ status: string; error: string }> {
  const error = toUserMessage(input.error);
  services.log.warn('analysis failed', { analysisId: input.analysisId, error: input.error?.Error, cause: input.error?.Cause });
  const updated = await updateAnalysis(services, input.userSub, input.analysisId, { status: 'failed', failedAt: new Date().toISOString(), error });
  // Deleted while running: drop what the run wrote after the delete.
  if (!updated) await services.blobs.deletePrefix(analysisPrefix(input.userSub, input.analysisId));
  return { status: 'failed', error };
}

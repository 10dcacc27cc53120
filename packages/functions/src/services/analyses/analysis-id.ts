import { z } from 'zod';
import { VisibleError } from '../../http/errors.ts';

/** Analysis ids are UUIDs (POST /analyze); anything else is refused before it reaches a key. */
export const analysisIdSchema = z.string().uuid('must be an analysisId returned by POST /analyze');

/** The `{id}` of a path as an analysis id, or 400 naming the problem. */
export function parseAnalysisPathId(raw: string | undefined): string {
  const parsed = analysisIdSchema.safeParse(raw ?? '');
  if (!parsed.success) throw new VisibleError('BAD_REQUEST', `Invalid analysis ID in the path: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

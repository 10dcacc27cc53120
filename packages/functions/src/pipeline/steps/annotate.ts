/**
 * The AI annotation steps. Pass-through placeholders until the AI issue fills them in; the
 * boundary stays: PrepareAnnotation splits the flagged records into batches (small
 * descriptors, e.g. ranges of `listFlaggedRecords`), AnnotateBatch annotates one batch and
 * appends to the workspace's `annotations.ndjson` (see ANNOTATIONS_NAME in the engine contract).
 */
import type { z } from 'zod';
import type { Services } from '../../services/types.ts';
import type { annotateBatchInput, prepareAnnotationInput } from './step-input.ts';

export interface AnnotationPlan {
  batches: unknown[];
}

export async function prepareAnnotation(_input: z.infer<typeof prepareAnnotationInput>, _services: Services): Promise<AnnotationPlan> {
  return { batches: [] };
}

export async function annotateBatch(_input: z.infer<typeof annotateBatchInput>, _services: Services): Promise<{ annotated: number }> {
  return { annotated: 0 };
}

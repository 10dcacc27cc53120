/**
 * Annotates one batch of flagged records with one model call. Never throws: an analysis always
 * completes, and records the model could not annotate are counted with the reason.
 */
import { buildBatchPrompt, parseBatchAnswer, type AiSettings, type AnnotationInput } from '@app/core/ai/index.ts';
import { withRetries, type AiProvider, type RetryOptions } from '../../adapters/ai/index.ts';

export interface BatchAnnotation {
  annotations: { ref: string; text: string }[];
  notAnnotated: number;
  reason?: string;
  inputTokens: number;
  outputTokens: number;
}

/** What the model did for a whole analysis (the result's `ai` field). */
export interface AiOutcome {
  annotated: number;
  notAnnotated: number;
  reason?: string;
  inputTokens: number;
  outputTokens: number;
  model?: string;
}

/** Output tokens allowed per record in one answer (one or two sentences, plus JSON framing). */
const OUTPUT_TOKENS_PER_RECORD = 120;

export async function annotateBatch(
  provider: AiProvider,
  settings: AiSettings,
  model: string,
  records: AnnotationInput[],
  retry?: RetryOptions,
): Promise<BatchAnnotation> {
  if (records.length === 0) return { annotations: [], notAnnotated: 0, inputTokens: 0, outputTokens: 0 };
  const prompt = buildBatchPrompt(records, settings);
  try {
    const completion = await withRetries(
      () => provider.complete({ model, system: prompt.system, user: prompt.user, maxTokens: Math.min(8000, 200 + OUTPUT_TOKENS_PER_RECORD * records.length) }),
      retry,
    );
    const mapped = parseBatchAnswer(completion.text, prompt.ids);
    const annotations = records.filter((r) => mapped.has(r.ref)).map((r) => ({ ref: r.ref, text: mapped.get(r.ref)! }));
    const missing = records.length - annotations.length;
    return {
      annotations,
      notAnnotated: missing,
      ...(missing ? { reason: 'The model did not answer for every record' } : {}),
      inputTokens: completion.inputTokens,
      outputTokens: completion.outputTokens,
    };
  } catch (e) {
    return { annotations: [], notAnnotated: records.length, reason: (e as Error).message, inputTokens: 0, outputTokens: 0 };
  }
}

/** The warning a result carries when some flagged records have no AI annotation, or undefined. */
export function aiLeftOutWarning(ai: Pick<AiOutcome, 'annotated' | 'notAnnotated' | 'reason'>): string | undefined {
  if (ai.notAnnotated <= 0) return undefined;
  const total = ai.annotated + ai.notAnnotated;
  return `AI annotation: ${ai.notAnnotated.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} flagged records have none (${ai.reason ?? 'the model did not answer for them'}).`;
}

/**
 * Annotates the flagged records of an analysis held in one process (the offline CLI): the same
 * batches and model calls as the pipeline's PrepareAnnotation → AnnotateBatches → Report path,
 * with the batches run a few at a time instead of by a Step Functions Map.
 */
import { chunk, type AiSettings, type AnnotationInput } from '@app/core/ai/index.ts';
import { ANNOTATIONS_NAME, type EngineContext, type FileStepResult } from '@app/core/engine/contract.ts';
import { engine } from '@app/core/engine/index.ts';
import type { AiProvider, RetryOptions } from '../../adapters/ai/index.ts';
import { annotateBatch, type AiOutcome } from './annotate.ts';

export interface AnnotateRecordsOptions {
  provider: AiProvider;
  settings: AiSettings;
  model: string;
  batchSize: number;
  maxRecords: number;
  /** Batches in flight at once (the state machine's Map uses 4). */
  concurrency?: number;
  retry?: RetryOptions;
}

/** Reads the flagged records up to `maxRecords`; the rest are counted, not sent. */
export async function collectFlaggedRecords(ctx: EngineContext, files: FileStepResult[], maxRecords: number): Promise<{ picked: AnnotationInput[]; flagged: number }> {
  const picked: AnnotationInput[] = [];
  let flagged = 0;
  for await (const r of engine.listFlaggedRecords(ctx, files)) {
    flagged++;
    if (picked.length < maxRecords) picked.push({ ref: r.ref, fileType: r.fileType, flags: r.flags, record: r.record });
  }
  return { picked, flagged };
}

export function capReason(maxRecords: number): string {
  return `Only the first ${maxRecords} flagged records are sent to the model per analysis`;
}

export async function annotateRecords(ctx: EngineContext, files: FileStepResult[], opts: AnnotateRecordsOptions): Promise<AiOutcome> {
  const { picked, flagged } = await collectFlaggedRecords(ctx, files, opts.maxRecords);
  const batches = chunk(picked, opts.batchSize);
  const outcome: AiOutcome = { annotated: 0, notAnnotated: flagged - picked.length, inputTokens: 0, outputTokens: 0, model: opts.model };
  const reasons = new Set<string>(flagged > picked.length ? [capReason(opts.maxRecords)] : []);
  const sink = ctx.workspace.write(ANNOTATIONS_NAME);
  const encoder = new TextEncoder();
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const records = batches[next++]!;
      const result = await annotateBatch(opts.provider, opts.settings, opts.model, records, opts.retry);
      for (const a of result.annotations) await sink.write(encoder.encode(JSON.stringify(a) + '\n'));
      outcome.annotated += result.annotations.length;
      outcome.notAnnotated += result.notAnnotated;
      outcome.inputTokens += result.inputTokens;
      outcome.outputTokens += result.outputTokens;
      if (result.reason) reasons.add(result.reason);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, batches.length)) }, worker));
  await sink.end();
  if (reasons.size) outcome.reason = [...reasons].join('; ');
  return outcome;
}

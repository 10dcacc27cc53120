/**
 * Annotates the flagged records of an analysis held in one process (the offline CLI): the same
 * batches and model calls as the pipeline's PrepareAnnotation → AnnotateBatches → Report path,
 * with the batches run a few at a time instead of by a Step Functions Map.
 */
import { chunk, type AiSettings, type AnnotationInput } from '@app/core/ai/index.ts';
import { ANNOTATIONS_NAME, type EngineContext, type FileStepResult } from '@app/core/engine/contract.ts';
import { engine } from '@app/core/engine/index.ts';
import type { AiProvider, RetryOptions } from '../../adapters/ai/index.ts';
import { annotateBatch, type AiOutcome, type BatchAnnotation } from './annotate.ts';

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

/** Writes `annotations.ndjson` batch by batch and sums what the model did. */
export class AnnotationCollector {
  private readonly outcome: AiOutcome;
  private readonly reasons = new Set<string>();
  private readonly sink;
  private readonly encoder = new TextEncoder();

  constructor(ctx: EngineContext, start: { notAnnotated: number; reason?: string; model?: string }) {
    this.outcome = { annotated: 0, notAnnotated: start.notAnnotated, inputTokens: 0, outputTokens: 0, ...(start.model ? { model: start.model } : {}) };
    if (start.reason) this.reasons.add(start.reason);
    this.sink = ctx.workspace.write(ANNOTATIONS_NAME);
  }

  async add(result: BatchAnnotation): Promise<void> {
    for (const a of result.annotations) await this.sink.write(this.encoder.encode(JSON.stringify(a) + '\n'));
    this.outcome.annotated += result.annotations.length;
    this.outcome.notAnnotated += result.notAnnotated;
    this.outcome.inputTokens += result.inputTokens;
    this.outcome.outputTokens += result.outputTokens;
    if (result.reason) this.reasons.add(result.reason);
  }

  /** Records whose batch never produced a result. */
  addMissing(count: number, reason: string): void {
    this.outcome.notAnnotated += count;
    this.reasons.add(reason);
  }

  async finish(): Promise<AiOutcome> {
    await this.sink.end();
    if (this.reasons.size) this.outcome.reason = [...this.reasons].join('; ');
    return this.outcome;
  }
}

export async function annotateRecords(ctx: EngineContext, files: FileStepResult[], opts: AnnotateRecordsOptions): Promise<AiOutcome> {
  const { picked, flagged } = await collectFlaggedRecords(ctx, files, opts.maxRecords);
  const batches = chunk(picked, opts.batchSize);
  const collector = new AnnotationCollector(ctx, {
    notAnnotated: flagged - picked.length,
    model: opts.model,
    ...(flagged > picked.length ? { reason: capReason(opts.maxRecords) } : {}),
  });
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const records = batches[next++]!;
      await collector.add(await annotateBatch(opts.provider, opts.settings, opts.model, records, opts.retry));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, batches.length)) }, worker));
  return collector.finish();
}

/**
 * The AI annotation steps. PrepareAnnotation collects the flagged records (after correlation)
 * into batches stored in the workspace and returns small descriptors; the AnnotateBatches Map
 * runs AnnotateBatch for each (bounded concurrency in the state machine); the Report step merges
 * the batch results into `annotations.ndjson` (mergeAnnotations below). A model that keeps
 * failing never fails the analysis: its records keep an empty AI column and the report says why.
 */
import type { FileStepResult } from '@app/core';
import type { EngineContext } from '@app/core/engine/contract.ts';
import { chunk, defaultAiSettings, type AiSettings, type AnnotationInput } from '@app/core/ai/index.ts';
import type { z } from 'zod';
import { createAiProvider } from '../../adapters/ai/index.ts';
import { cappedProvider } from '../../services/ai/call-slots.ts';
import { annotateBatch as annotateWithModel, type AiOutcome, type BatchAnnotation } from '../../services/ai/annotate.ts';
import { AnnotationCollector, capReason, collectFlaggedRecords } from '../../services/ai/annotate-records.ts';
import { resolveModelId } from '../../services/ai/catalog.ts';
import type { Services } from '../../services/types.ts';
import { openEngineContext } from '../snapshot.ts';
import type { annotateBatchInput, prepareAnnotationInput } from './step-input.ts';

const PLAN_NAME = 'ai/plan.json';
const batchName = (n: number) => `ai/batch-${n}.json`;
const resultName = (n: number) => `ai/result-${n}.json`;

/** Default cap on records sent to the model per analysis (AI_MAX_RECORDS overrides). */
export const DEFAULT_MAX_AI_RECORDS = 2000;
export const DEFAULT_BATCH_SIZE = 20;

export type { AiOutcome };

export interface AnnotationPlan {
  batches: { n: number; count: number }[];
  flagged: number;
  /** Flagged records left out by the cap or because AI is unavailable, with the reason. */
  skipped: number;
  reason?: string;
  model?: string;
}

async function writeJson(ctx: EngineContext, name: string, value: unknown): Promise<void> {
  const sink = ctx.workspace.write(name);
  await sink.write(new TextEncoder().encode(JSON.stringify(value)));
  await sink.end();
}

async function readJson<T>(ctx: EngineContext, name: string): Promise<T | undefined> {
  const chunks: Uint8Array[] = [];
  try {
    for await (const c of ctx.workspace.read(name)) chunks.push(c);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return undefined;
    throw e;
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
}

export async function prepareAnnotation(input: z.infer<typeof prepareAnnotationInput>, services: Services): Promise<AnnotationPlan> {
  const { ctx, snapshot } = await openEngineContext(services, input.userSub, input.analysisId);
  const provider = createAiProvider(services.config);
  const cap = services.config.ai.maxRecords ?? DEFAULT_MAX_AI_RECORDS;
  // Without a provider nothing is sent, but the flagged records are still counted for the note.
  const { picked, flagged } = await collectFlaggedRecords(ctx, input.files as FileStepResult[], provider ? cap : 0);
  let plan: AnnotationPlan;
  if (!provider) {
    plan = { batches: [], flagged, skipped: flagged, reason: 'AI analysis was requested but no AI provider is configured on this server' };
  } else {
    const size = services.config.ai.batchSize ?? DEFAULT_BATCH_SIZE;
    const batches = chunk(picked, size);
    for (const [i, records] of batches.entries()) await writeJson(ctx, batchName(i), records);
    const skipped = flagged - picked.length;
    plan = {
      batches: batches.map((b, n) => ({ n, count: b.length })),
      flagged,
      skipped,
      ...(skipped ? { reason: capReason(cap) } : {}),
      model: resolveModelId(services.config, snapshot.ai?.model).id,
    };
  }
  await writeJson(ctx, PLAN_NAME, plan);
  return plan;
}

export async function annotateBatch(input: z.infer<typeof annotateBatchInput>, services: Services): Promise<Omit<BatchAnnotation, 'annotations'> & { n: number; annotated: number }> {
  const { n } = input.batch as { n: number };
  const { ctx, snapshot } = await openEngineContext(services, input.userSub, input.analysisId);
  const records = (await readJson<AnnotationInput[]>(ctx, batchName(n))) ?? [];
  const configured = createAiProvider(services.config);
  // Calls across all analyses are capped (AI_MAX_CONCURRENT_CALLS): each holds a slot in the table.
  const provider = configured && cappedProvider(configured, services);
  const settings: AiSettings = snapshot.ai ?? defaultAiSettings();
  const result: BatchAnnotation = provider
    ? await annotateWithModel(provider, settings, resolveModelId(services.config, settings.model).id, records, services.config.ai.retryBaseDelayMs ? { baseDelayMs: services.config.ai.retryBaseDelayMs } : undefined)
    : { annotations: [], notAnnotated: records.length, reason: 'No AI provider is configured', inputTokens: 0, outputTokens: 0 };
  await writeJson(ctx, resultName(n), result);
  const { annotations, ...counts } = result;
  return { n, annotated: annotations.length, ...counts };
}

/**
 * Run by the Report step before writing outputs: merges the batch results into the engine's
 * `annotations.ndjson` and sums what the model did. Undefined when AI was not requested.
 */
export async function mergeAnnotations(ctx: EngineContext): Promise<AiOutcome | undefined> {
  const plan = await readJson<AnnotationPlan>(ctx, PLAN_NAME);
  if (!plan) return undefined;
  const collector = new AnnotationCollector(ctx, { notAnnotated: plan.skipped, reason: plan.reason, model: plan.model });
  for (const { n, count } of plan.batches) {
    const result = await readJson<BatchAnnotation>(ctx, resultName(n));
    if (result) await collector.add(result);
    else collector.addMissing(count, 'A batch of records was not analysed');
  }
  return collector.finish();
}

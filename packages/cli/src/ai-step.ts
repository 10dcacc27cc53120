/**
 * The CLI's optional AI step: the same providers, prompts and batching as the pipeline, run in
 * this process between correlation and the reports.
 */
import { defaultAiSettings } from '@app/core/ai/index.ts';
import type { EngineContext, FileStepResult } from '@app/core/engine/contract.ts';
import { createAiProvider } from '@app/functions/adapters/ai/index.ts';
import type { AppConfig } from '@app/functions/config/index.ts';
import type { AiOutcome } from '@app/functions/services/ai/annotate.ts';
import { annotateRecords } from '@app/functions/services/ai/annotate-records.ts';
import { resolveModelId } from '@app/functions/services/ai/catalog.ts';
import type { AiOptions } from './parse-args.ts';

const DEFAULT_BATCH_SIZE = 20;
const DEFAULT_MAX_RECORDS = 2000;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export interface AiStep {
  annotate(ctx: EngineContext, files: FileStepResult[]): Promise<void>;
  /** Set once annotate has run. */
  outcome?: AiOutcome;
}

export function createAiStep(options: AiOptions, env: NodeJS.ProcessEnv = process.env): AiStep {
  const config: Pick<AppConfig, 'region' | 'ai'> = {
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    ai: {
      provider: options.provider,
      baseUrl: options.baseUrl,
      model: options.model,
      apiKey: env.AI_API_KEY,
      bedrockEndpoint: env.BEDROCK_ENDPOINT,
      models: env.AI_MODELS,
    },
  };
  const provider = createAiProvider(config)!;
  const model = options.provider === 'openai' ? options.model || 'default' : resolveModelId(config, options.model).id;
  const step: AiStep = {
    async annotate(ctx, files) {
      step.outcome = await annotateRecords(ctx, files, {
        provider,
        settings: defaultAiSettings({ model }),
        model,
        batchSize: positiveInt(env.AI_BATCH_SIZE, DEFAULT_BATCH_SIZE),
        maxRecords: positiveInt(env.AI_MAX_RECORDS, DEFAULT_MAX_RECORDS),
      });
    },
  };
  return step;
}

import { defaultModel, estimateCostPer1000Records, resolveModels, type AiModel } from '@app/core/ai/index.ts';
import type { AppConfig } from '../../config/index.ts';

export interface ModelCatalog {
  available: boolean;
  provider: 'bedrock' | 'openai' | null;
  /** Why AI is unavailable, for the settings panel. */
  reason?: string;
  defaultModel: string;
  models: (AiModel & { pricePer1kRecords: number; default: boolean })[];
}

/** What the settings panel offers: the configured provider's models with their estimated cost. */
export function modelCatalog(config: Pick<AppConfig, 'ai'>): ModelCatalog {
  let models: AiModel[] = resolveModels(config.ai.models);
  if (config.ai.provider === 'openai') {
    const id = config.ai.model || 'local-model';
    models = [{ id, name: `On-premises model (${id})`, cost: '$', description: 'OpenAI-compatible endpoint configured for this installation', inputPerMTok: config.ai.inputPerMTok ?? 0, outputPerMTok: config.ai.outputPerMTok ?? 0, isDefault: true }];
  }
  const fallback = defaultModel(models);
  return {
    available: Boolean(config.ai.provider),
    provider: config.ai.provider ?? null,
    ...(config.ai.provider ? {} : { reason: 'No AI provider is configured on this server (set AI_PROVIDER).' }),
    defaultModel: fallback.id,
    models: models.map((m) => ({ ...m, pricePer1kRecords: estimateCostPer1000Records(m), default: m.id === fallback.id })),
  };
}

/** The model id to call: the user's choice when the catalogue offers it, else the default. */
export function resolveModelId(config: Pick<AppConfig, 'ai'>, requested: string | undefined): AiModel {
  const catalog = modelCatalog(config);
  return catalog.models.find((m) => m.id === requested) ?? catalog.models.find((m) => m.default) ?? catalog.models[0];
}

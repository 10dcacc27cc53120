/**
 * AI models offered in the settings panel. The server (GET /ai/models) is the source of the ids,
 * because a deployment configures which models it can call (DECISIONS.md, difference 5); the
 * engine's catalogue (the spec's list) is shown when the server lists none.
 */
import { z } from 'zod';
import { DEFAULT_MODELS, estimateCostPer1000Records } from '@app/core/ai/models.ts';

export const aiModelSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  cost: z.string().default(''),
  description: z.string().default(''),
  pricePer1kRecords: z.number().nonnegative().nullable().optional(),
  default: z.boolean().optional(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiModelsResponseSchema = z.object({
  available: z.boolean(),
  provider: z.string().nullable().optional(),
  /** Why AI is unavailable, when it is. */
  reason: z.string().optional(),
  models: z.array(aiModelSchema).default([]),
  defaultModel: z.string().optional(),
});
export type AiModelsResponse = z.infer<typeof aiModelsResponseSchema>;

export const NOT_CONFIGURED: AiModelsResponse = { available: false, provider: null, models: [] };

/** The spec's model list with list-price estimates; 3 Haiku is the default. */
export const SPEC_MODELS: AiModel[] = DEFAULT_MODELS.map((m) => ({
  id: m.id,
  name: m.name,
  cost: m.cost,
  description: m.description,
  pricePer1kRecords: estimateCostPer1000Records(m),
  default: m.isDefault === true,
}));

/** Models to offer: the server's list when it has one, otherwise the spec's. */
export function modelsToOffer(response: AiModelsResponse): AiModel[] {
  return response.models.length > 0 ? response.models : SPEC_MODELS;
}

/** The default model: the server's choice, else the one marked default, else the cheapest tier preferring a Haiku. */
export function defaultModelId(models: AiModel[], serverDefault?: string): string {
  if (serverDefault && models.some((m) => m.id === serverDefault)) return serverDefault;
  const marked = models.find((m) => m.default);
  if (marked) return marked.id;
  const tier = (m: AiModel) => m.cost.length || Number.POSITIVE_INFINITY;
  const cheapest = Math.min(...models.map(tier));
  const candidates = models.filter((m) => tier(m) === cheapest);
  return (candidates.find((m) => /haiku/i.test(m.name)) ?? candidates.at(-1) ?? models.at(-1))?.id ?? '';
}

/** Text of the cost indicator, e.g. 'Estimated $0.0750 per 1000 records ($)' or '$$ per 1000 records'. */
export function describeCost(model: AiModel | undefined): string {
  if (!model) return 'Cost unknown per 1000 records';
  if (typeof model.pricePer1kRecords === 'number') {
    const digits = model.pricePer1kRecords < 0.1 ? 4 : 2;
    return `Estimated $${model.pricePer1kRecords.toFixed(digits)} per 1000 records (${model.cost || 'tier unknown'})`;
  }
  return `${model.cost || 'Cost unknown'} per 1000 records`;
}

/** Label shown in the model select: name, cost tier, and which one is the default. */
export function modelLabel(model: AiModel, defaultId: string): string {
  return `${model.name} (${model.cost || '?'})${model.id === defaultId ? ' - default' : ''}`;
}

/**
 * AI models offered in the settings panel. The server (GET /ai/models) is the source of the ids,
 * because a deployment configures which models it can call (DECISIONS.md, difference 5); the spec's
 * list below supplies names, cost tiers and descriptions and is shown when the server lists none.
 */
import { z } from 'zod';

export const aiModelSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  cost: z.string().default(''),
  description: z.string().default(''),
  pricePer1kRecords: z.number().nonnegative().nullable().optional(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiModelsResponseSchema = z.object({
  available: z.boolean(),
  provider: z.string().nullable().optional(),
  models: z.array(aiModelSchema).default([]),
  defaultModel: z.string().optional(),
});
export type AiModelsResponse = z.infer<typeof aiModelsResponseSchema>;

export const NOT_CONFIGURED: AiModelsResponse = { available: false, provider: null, models: [] };

/** The spec's model list (section 3), cheapest last; 3 Haiku is the default. */
export const SPEC_MODELS: AiModel[] = [
  { id: 'anthropic.claude-3-opus-20240229-v1:0', name: 'Claude 3 Opus', cost: '$$$$$', description: 'Most capable, for complex analysis' },
  { id: 'anthropic.claude-3-5-sonnet-20241022-v2:0', name: 'Claude 3.5 Sonnet v2', cost: '$$$', description: 'Latest Sonnet, strong reasoning' },
  { id: 'anthropic.claude-3-5-sonnet-20240620-v1:0', name: 'Claude 3.5 Sonnet', cost: '$$$', description: 'Strong reasoning at moderate cost' },
  { id: 'anthropic.claude-3-sonnet-20240229-v1:0', name: 'Claude 3 Sonnet', cost: '$$', description: 'Balanced speed and quality' },
  { id: 'anthropic.claude-3-5-haiku-20241022-v1:0', name: 'Claude 3.5 Haiku', cost: '$$', description: 'Fast with improved quality' },
  { id: 'anthropic.claude-3-haiku-20240307-v1:0', name: 'Claude 3 Haiku', cost: '$', description: 'Fastest and most cost-efficient' },
];

/** Models to offer: the server's list when it has one, otherwise the spec's. */
export function modelsToOffer(response: AiModelsResponse): AiModel[] {
  return response.models.length > 0 ? response.models : SPEC_MODELS;
}

/** The default model: the server's choice, else the cheapest tier, preferring a Haiku. */
export function defaultModelId(models: AiModel[], serverDefault?: string): string {
  if (serverDefault && models.some((m) => m.id === serverDefault)) return serverDefault;
  const cheapest = Math.min(...models.map((m) => m.cost.length || Number.POSITIVE_INFINITY));
  const candidates = models.filter((m) => (m.cost.length || Number.POSITIVE_INFINITY) === cheapest);
  const haiku = candidates.find((m) => /haiku/i.test(m.name));
  return (haiku ?? candidates[candidates.length - 1] ?? models[models.length - 1])?.id ?? '';
}

/** Text of the cost indicator, e.g. '$0.05 per 1000 records' or '$$ per 1000 records'. */
export function describeCost(model: AiModel | undefined): string {
  if (!model) return 'Cost unknown per 1000 records';
  if (typeof model.pricePer1kRecords === 'number') {
    const digits = model.pricePer1kRecords < 0.1 ? 4 : 2;
    return `Estimated $${model.pricePer1kRecords.toFixed(digits)} per 1000 records (${model.cost || 'tier unknown'})`;
  }
  return `${model.cost || 'Cost unknown'} per 1000 records`;
}

/** Label shown in the model select: name, cost tier, and the default's note. */
export function modelLabel(model: AiModel, defaultId: string): string {
  const note = model.id === defaultId ? ' - default, most cost-efficient' : '';
  return `${model.name} (${model.cost || '?'})${note}`;
}

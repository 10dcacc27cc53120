/**
 * The AI model catalogue shown in the settings panel. Names and cost tiers follow the product
 * spec; ids are Bedrock model ids by default and can be replaced by configuration
 * (`AI_MODELS`, a JSON array of {name, id, inputPerMTok?, outputPerMTok?}) so a deployment can
 * offer current models without a code change.
 */
export interface AiModel {
  id: string;
  name: string;
  /** Cost tier as shown: $ … $$$$$. */
  cost: string;
  description: string;
  /** USD per million input / output tokens (list prices; configuration may override). */
  inputPerMTok: number;
  outputPerMTok: number;
  isDefault?: boolean;
}

export const DEFAULT_MODELS: readonly AiModel[] = [
  { name: 'Claude 3 Opus', cost: '$$$$$', id: 'anthropic.claude-3-opus-20240229-v1:0', description: 'Most capable, slowest and most expensive', inputPerMTok: 15, outputPerMTok: 75 },
  { name: 'Claude 3.5 Sonnet v2', cost: '$$$', id: 'anthropic.claude-3-5-sonnet-20241022-v2:0', description: 'Strong reasoning at moderate cost', inputPerMTok: 3, outputPerMTok: 15 },
  { name: 'Claude 3.5 Sonnet', cost: '$$$', id: 'anthropic.claude-3-5-sonnet-20240620-v1:0', description: 'Strong reasoning at moderate cost', inputPerMTok: 3, outputPerMTok: 15 },
  { name: 'Claude 3 Sonnet', cost: '$$', id: 'anthropic.claude-3-sonnet-20240229-v1:0', description: 'Balanced speed and quality', inputPerMTok: 3, outputPerMTok: 15 },
  { name: 'Claude 3.5 Haiku', cost: '$$', id: 'anthropic.claude-3-5-haiku-20241022-v1:0', description: 'Fast, with better reasoning than 3 Haiku', inputPerMTok: 0.8, outputPerMTok: 4 },
  { name: 'Claude 3 Haiku', cost: '$', id: 'anthropic.claude-3-haiku-20240307-v1:0', description: 'Fastest and most cost-efficient', inputPerMTok: 0.25, outputPerMTok: 1.25, isDefault: true },
];

/** Token use assumed per record for the estimate: the record, its share of the instructions, one short answer. */
export const ESTIMATED_INPUT_TOKENS_PER_RECORD = 180;
export const ESTIMATED_OUTPUT_TOKENS_PER_RECORD = 60;

export function estimateCostPer1000Records(model: Pick<AiModel, 'inputPerMTok' | 'outputPerMTok'>): number {
  const input = (1000 * ESTIMATED_INPUT_TOKENS_PER_RECORD * model.inputPerMTok) / 1_000_000;
  const output = (1000 * ESTIMATED_OUTPUT_TOKENS_PER_RECORD * model.outputPerMTok) / 1_000_000;
  return Math.round((input + output) * 10_000) / 10_000;
}

export function costOfTokens(model: Pick<AiModel, 'inputPerMTok' | 'outputPerMTok'>, inputTokens: number, outputTokens: number): number {
  return (inputTokens * model.inputPerMTok + outputTokens * model.outputPerMTok) / 1_000_000;
}

/**
 * The catalogue after configuration: `override` (JSON text) replaces ids and prices by name,
 * or lists entirely new models. Invalid JSON is a configuration error, reported as such.
 */
export function resolveModels(override?: string): AiModel[] {
  const models = DEFAULT_MODELS.map((m) => ({ ...m }));
  if (!override) return models;
  let parsed: unknown;
  try {
    parsed = JSON.parse(override);
  } catch {
    throw new Error('AI_MODELS must be a JSON array of {name, id, inputPerMTok?, outputPerMTok?}');
  }
  if (!Array.isArray(parsed)) throw new Error('AI_MODELS must be a JSON array of {name, id, inputPerMTok?, outputPerMTok?}');
  for (const raw of parsed as Record<string, unknown>[]) {
    if (typeof raw?.name !== 'string' || typeof raw?.id !== 'string') continue;
    const existing = models.find((m) => m.name === raw.name);
    const prices = {
      ...(typeof raw.inputPerMTok === 'number' ? { inputPerMTok: raw.inputPerMTok } : {}),
      ...(typeof raw.outputPerMTok === 'number' ? { outputPerMTok: raw.outputPerMTok } : {}),
    };
    if (existing) Object.assign(existing, { id: raw.id }, prices);
    else models.push({ name: raw.name, id: raw.id, cost: typeof raw.cost === 'string' ? raw.cost : '$$', description: typeof raw.description === 'string' ? raw.description : '', inputPerMTok: 1, outputPerMTok: 5, ...prices });
  }
  return models;
}

export function defaultModel(models: readonly AiModel[] = DEFAULT_MODELS): AiModel {
  return models.find((m) => m.isDefault) ?? models[models.length - 1];
}

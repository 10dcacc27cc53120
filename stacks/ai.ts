/// <reference path="../.sst/platform/config.d.ts" />
/**
 * AI settings, the same for the API (settings screen, model list and prices) and the pipeline
 * (AnnotateBatch), from the stage's settings file (stacks/settings.ts; docs/ai.md explains them).
 * The OpenAI-compatible provider's key is the `AiApiKey` secret, linked to the pipeline only; it
 * may stay empty.
 */
import { resolveModels } from '../packages/core/src/ai/models.ts';
import { settings, settingEnvironment } from './settings';

export const aiEnvironment: Record<string, string> = settingEnvironment([
  'AI_PROVIDER',
  'AI_BASE_URL',
  'AI_MODEL',
  'AI_MODELS',
  'AI_BATCH_SIZE',
  'AI_MAX_RECORDS',
  'AI_PRICE_INPUT_PER_MTOK',
  'AI_PRICE_OUTPUT_PER_MTOK',
  'AI_MAX_CONCURRENT_CALLS',
]);

/** `npx sst secret set AiApiKey "<key>"` for an OpenAI-compatible server that wants one. */
export const aiApiKey = new sst.Secret('AiApiKey', '');

const partition = aws.getPartitionOutput().partition;
const account = aws.getCallerIdentityOutput().accountId;
const region = aws.getRegionOutput().name;

/** A geographic inference profile's id starts with its geography (`eu.anthropic…`, `us.…`, `apac.…`, `global.…`). */
const PROFILE_PREFIX = /^(us|eu|apac|us-gov|ca|jp|au|global)\./;

/**
 * The ARNs bedrock:InvokeModel (which Converse needs) must allow for one model id: a foundation
 * model in the deployment's region, or an inference profile of this account and region plus the
 * foundation model in whichever region the profile routes the call to.
 */
export function bedrockModelResources(modelId: string, arn: { partition: string; region: string; account: string }): string[] {
  if (!PROFILE_PREFIX.test(modelId)) return [`arn:${arn.partition}:bedrock:${arn.region}::foundation-model/${modelId}`];
  return [
    `arn:${arn.partition}:bedrock:${arn.region}:${arn.account}:inference-profile/${modelId}`,
    `arn:${arn.partition}:bedrock:*::foundation-model/${modelId.replace(PROFILE_PREFIX, '')}`,
  ];
}

/** The models the pipeline may call: with AI_PROVIDER "bedrock", the catalogue (AI_MODELS overrides it); none otherwise. */
export const bedrockModelIds: string[] = settings.AI_PROVIDER === 'bedrock' ? resolveModels(settings.AI_MODELS === null ? undefined : String(settings.AI_MODELS)).map((m) => m.id) : [];

/** bedrock:InvokeModel on the configured models only (none when the stage uses no Bedrock). */
export const bedrockPermissions =
  bedrockModelIds.length === 0
    ? []
    : [
        {
          actions: ['bedrock:InvokeModel'],
          resources: $resolve({ partition, region, account }).apply((arn) => bedrockModelIds.flatMap((id) => bedrockModelResources(id, arn))),
        },
      ];

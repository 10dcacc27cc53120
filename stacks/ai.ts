/// <reference path="../.sst/platform/config.d.ts" />
/**
 * AI settings, the same for the API (settings screen, model list and prices) and the pipeline
 * (AnnotateBatch), read from the deploy's environment (docs/ai.md lists them). The OpenAI-compatible
 * provider's key is the `AiApiKey` secret, linked to the pipeline only; it may stay empty.
 */
const AI_SETTINGS = ['AI_PROVIDER', 'AI_BASE_URL', 'AI_MODEL', 'AI_MODELS', 'AI_BATCH_SIZE', 'AI_MAX_RECORDS', 'AI_PRICE_INPUT_PER_MTOK', 'AI_PRICE_OUTPUT_PER_MTOK'];

export const aiEnvironment: Record<string, string> = Object.fromEntries(
  AI_SETTINGS.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
);

/** `npx sst secret set AiApiKey "<key>"` for an OpenAI-compatible server that wants one. */
export const aiApiKey = new sst.Secret('AiApiKey', '');

const partition = aws.getPartitionOutput().partition;
const account = aws.getCallerIdentityOutput().accountId;

/**
 * Bedrock's Converse API is authorised by bedrock:InvokeModel, on foundation models and this
 * account's inference profiles. Granted whatever AI_PROVIDER was at deploy time, so switching
 * provider is a matter of settings; which models answer is governed by Bedrock model access.
 */
export const bedrockPermissions = [
  {
    actions: ['bedrock:InvokeModel'],
    resources: [$interpolate`arn:${partition}:bedrock:*::foundation-model/*`, $interpolate`arn:${partition}:bedrock:*:${account}:inference-profile/*`],
  },
];

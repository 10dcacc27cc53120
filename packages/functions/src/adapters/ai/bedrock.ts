import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import type { AppConfig } from '../../config/index.ts';
import { AiProviderError, type AiProvider, type Completion, type CompletionRequest } from './provider.ts';

const RETRYABLE = new Set(['ThrottlingException', 'ServiceUnavailableException', 'InternalServerException', 'ModelNotReadyException', 'ModelTimeoutException', 'TimeoutError']);

/** Amazon Bedrock through the Converse API. Our own retry loop decides on backoff, so the SDK tries once. */
export function createBedrockProvider(config: Pick<AppConfig, 'region' | 'ai'>): AiProvider {
  const client = new BedrockRuntimeClient({
    region: config.region,
    maxAttempts: 1,
    ...(config.ai.bedrockEndpoint ? { endpoint: config.ai.bedrockEndpoint } : {}),
  });
  return {
    name: 'bedrock',
    async complete(request: CompletionRequest): Promise<Completion> {
      try {
        const out = await client.send(
          new ConverseCommand({
            modelId: request.model,
            system: [{ text: request.system }],
            messages: [{ role: 'user', content: [{ text: request.user }] }],
            inferenceConfig: { maxTokens: request.maxTokens, temperature: 0 },
          }),
        );
        const text = (out.output?.message?.content ?? []).map((c) => ('text' in c && c.text ? c.text : '')).join('');
        return { text, inputTokens: out.usage?.inputTokens ?? 0, outputTokens: out.usage?.outputTokens ?? 0 };
      } catch (e) {
        const err = e as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
        const status = err.$metadata?.httpStatusCode ?? 0;
        const retryable = RETRYABLE.has(err.name ?? '') || status === 429 || status >= 500;
        throw new AiProviderError(`Bedrock ${err.name ?? 'error'}: ${err.message ?? 'request failed'}`, retryable);
      }
    },
  };
}

import type { AppConfig } from '../../config/index.ts';
import { createBedrockProvider } from './bedrock.ts';
import { createOpenAiProvider } from './openai.ts';
import type { AiProvider } from './provider.ts';

export * from './provider.ts';

/** The configured provider, or undefined when AI is not configured (the panel then says so). */
export function createAiProvider(config: Pick<AppConfig, 'region' | 'ai'>): AiProvider | undefined {
  if (config.ai.provider === 'bedrock') return createBedrockProvider(config);
  if (config.ai.provider === 'openai') return createOpenAiProvider(config);
  return undefined;
}

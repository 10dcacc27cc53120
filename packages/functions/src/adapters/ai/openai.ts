import type { AppConfig } from '../../config/index.ts';
import { AiProviderError, type AiProvider, type Completion, type CompletionRequest } from './provider.ts';

/** Any OpenAI-compatible `/chat/completions` endpoint (vLLM, Ollama, LM Studio, llama.cpp server …). */
export function createOpenAiProvider(config: Pick<AppConfig, 'ai'>, timeoutMs = 120_000): AiProvider {
  const base = (config.ai.baseUrl ?? '').replace(/\/+$/, '');
  if (!base) throw new Error('AI_BASE_URL is required when AI_PROVIDER=openai');
  return {
    name: 'openai',
    async complete(request: CompletionRequest): Promise<Completion> {
      let res: Response;
      try {
        res = await fetch(`${base}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.ai.apiKey ? { authorization: `Bearer ${config.ai.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.ai.model || request.model,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.user },
            ],
            max_tokens: request.maxTokens,
            temperature: 0,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        throw new AiProviderError(`AI endpoint unreachable: ${(e as Error).message}`, true);
      }
      if (!res.ok) {
        const detail = (await res.text().catch(() => '')).slice(0, 200);
        throw new AiProviderError(`AI endpoint answered ${res.status}${detail ? `: ${detail}` : ''}`, res.status === 429 || res.status >= 500);
      }
      const body = (await res.json().catch(() => undefined)) as
        | { choices?: { message?: { content?: string } }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } }
        | undefined;
      const text = body?.choices?.[0]?.message?.content;
      if (typeof text !== 'string') throw new AiProviderError('AI endpoint answered without a message', false);
      return { text, inputTokens: body?.usage?.prompt_tokens ?? 0, outputTokens: body?.usage?.completion_tokens ?? 0 };
    },
  };
}

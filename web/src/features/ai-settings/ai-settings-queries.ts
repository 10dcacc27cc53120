/**
 * Server state of the AI settings: the `ai_settings` preference and the models the server can call.
 * Both reads degrade instead of failing: a preference that cannot be loaded is only logged and the
 * defaults apply (spec section 8); a missing or failing /ai/models means "no AI provider configured".
 */
import { useMemo } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../api/client.ts';
import { NOT_CONFIGURED, aiModelsResponseSchema, defaultModelId, modelsToOffer, type AiModelsResponse } from './models.ts';
import { PREFERENCE_TYPE, readStoredSettings, toPreference, type AiSettings } from './settings.ts';

export const aiModelsQuery = queryOptions({
  queryKey: ['ai', 'models'],
  queryFn: fetchAiModels,
  staleTime: 5 * 60_000,
  retry: false,
});

export const aiSettingsQuery = queryOptions({
  queryKey: ['preferences', PREFERENCE_TYPE],
  queryFn: fetchStoredAiSettings,
  staleTime: 60_000,
  retry: false,
});

async function fetchAiModels(): Promise<AiModelsResponse> {
  try {
    const body = await api.get<unknown>('/ai/models');
    const parsed = aiModelsResponseSchema.safeParse(body);
    if (!parsed.success) {
      console.error('GET /ai/models answered an unexpected shape', parsed.error.message);
      return NOT_CONFIGURED;
    }
    return parsed.data;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) console.error('Failed to load AI models', err);
    return NOT_CONFIGURED;
  }
}

/** The stored preferences object, or undefined when none is stored or it cannot be loaded. */
async function fetchStoredAiSettings(): Promise<unknown> {
  try {
    const body = await api.get<{ preferences?: unknown }>(`/preferences/${PREFERENCE_TYPE}`, { fallback: 'Failed to get preferences' });
    return body?.preferences ?? null;
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) console.error('Failed to get preferences', err);
    return null;
  }
}

/** Saves the settings; the cached preference is replaced with what was saved. */
export function useSaveAiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AiSettings) => {
      const body = toPreference(settings);
      await api.put(`/preferences/${PREFERENCE_TYPE}`, body, { fallback: 'Failed to save preferences' });
      return body.preferences;
    },
    onSuccess: (saved) => client.setQueryData(aiSettingsQuery.queryKey, saved),
  });
}

export interface AiSettingsState {
  /** Complete settings (stored values over defaults). */
  settings: AiSettings;
  /** True when the user turned AI on and the server has a provider to run it. */
  enabled: boolean;
  /** Whether the server has an AI provider configured. */
  available: boolean;
  models: AiModelsResponse;
  isLoading: boolean;
}

/**
 * The user's AI settings as the analysis screens need them, e.g. for POST /analyze's `aiSettings`.
 *
 * @example const { settings, enabled } = useAiSettings(); api.post('/analyze', { ...req, aiSettings: enabled ? settings : undefined });
 */
export function useAiSettings(): AiSettingsState {
  const models = useQuery(aiModelsQuery);
  const stored = useQuery(aiSettingsQuery);
  const modelsResponse = models.data ?? NOT_CONFIGURED;
  const fallbackModel = defaultModelId(modelsToOffer(modelsResponse), modelsResponse.defaultModel);
  const settings = useMemo(() => readStoredSettings(stored.data, fallbackModel), [stored.data, fallbackModel]);
  return {
    settings,
    enabled: settings.enabled && modelsResponse.available,
    available: modelsResponse.available,
    models: modelsResponse,
    isLoading: models.isLoading || stored.isLoading,
  };
}

// zod/mini keeps the validator out of the first screen's weight (full zod is ~25 kB gzip).
import * as z from 'zod/mini';

/** What the server tells the browser at `GET /config.json` (loaded once at boot). */
const runtimeConfigSchema = z.object({
  apiUrl: z.string().check(z.minLength(1)),
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Only in local mode: where the embedded identity service listens. */
  userPoolEndpoint: z.optional(z.string()),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let current: RuntimeConfig | undefined;

/** Fetches and validates /config.json; call once before rendering. */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const res = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Could not load /config.json (HTTP ${res.status})`);
  const parsed = runtimeConfigSchema.safeParse(await res.json());
  if (!parsed.success) {
    throw new Error(`/config.json is invalid: expected apiUrl, region, userPoolId, userPoolClientId (${parsed.error.message})`);
  }
  current = { ...parsed.data, apiUrl: parsed.data.apiUrl.replace(/\/+$/, '') };
  return current;
}

/** Sets the config directly (tests, or when it was injected another way). */
export function setConfig(config: RuntimeConfig): void {
  current = config;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Configuration not loaded: call loadConfig() before using the API');
  return current;
}

/** A throttled model call is retried over minutes, with exponential backoff and jitter, then reported. */
import { describe, expect, it } from 'vitest';
import { AiProviderError, DEFAULT_RETRY, retryDelay, withRetries } from './provider.ts';

describe('retries of a throttled model call', () => {
  it('wait 2 s, 4 s, 8 s … up to 60 s, each between half and all of it', () => {
    const full = Array.from({ length: 9 }, (_, i) => retryDelay(i + 1, {}, () => 1));
    expect(full).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
    expect(Array.from({ length: 9 }, (_, i) => retryDelay(i + 1, {}, () => 0))).toEqual(full.map((ms) => ms / 2));
  });

  it('keep a busy model waited for over minutes before giving up, naming the tries', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = withRetries(
      async () => {
        calls++;
        throw new AiProviderError('Bedrock ThrottlingException: Too many requests', true);
      },
      { sleep: async (ms) => void waits.push(ms) },
    );
    await expect(failing).rejects.toThrow('Bedrock ThrottlingException: Too many requests (still refused after 10 tries)');
    expect(calls).toBe(DEFAULT_RETRY.attempts);
    const total = waits.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(171_000); // at least half of 342 s
    expect(total).toBeLessThanOrEqual(342_000);
    expect(new Set(waits.map((w) => Math.round(w))).size).toBeGreaterThan(1);
  });

  it('do not retry what the model refuses for good', async () => {
    let calls = 0;
    await expect(withRetries(async () => { calls++; throw new AiProviderError('Bedrock ValidationException: bad model', false); }, { sleep: async () => {} })).rejects.toThrow('bad model');
    expect(calls).toBe(1);
  });
});

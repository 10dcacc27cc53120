/** Messages between the local runner and its step workers. */
import type { SerializedError } from '@app/functions/pipeline/errors.ts';

export type ToWorker = { type: 'run'; id: number; event: unknown };

export type ToParent =
  | { type: 'ready' }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: SerializedError }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; msg: string; data?: Record<string, unknown> };

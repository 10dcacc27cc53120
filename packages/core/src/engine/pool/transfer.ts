/** Results of engine tasks that move their buffers to the caller (task-worker.ts). */

/**
 * A task's result may name, under this key, array buffers of its own that the worker moves to the
 * caller instead of copying them (the buffers are then gone from the worker, and its heap is not
 * left holding a second copy). Symbol keys are not cloned: the caller never sees the list.
 */
export const TRANSFER = Symbol.for('sap-analyzer.transfer');

/** The result with its buffers named for moving (TRANSFER). */
export function withTransfer<T extends object>(value: T, buffers: ArrayBufferLike[]): T {
  (value as Record<symbol, unknown>)[TRANSFER] = [...new Set(buffers.filter((b) => b.byteLength > 0))];
  return value;
}

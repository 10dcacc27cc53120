import { limitExceeded } from '../formats/read-limits.ts';
import type { ByteSink, Workspace } from './contract.ts';

/** Default cap on the bytes one analysis step writes (outputs and intermediates together). */
export const DEFAULT_OUTPUT_BYTES = 2048 * 1024 * 1024;

/**
 * Counts the bytes written through the sinks it wraps and fails the write that passes `limit`,
 * so a small file that expands to gigabytes of results stops early instead of filling the store.
 * @example const budget = new OutputBudget(1 << 30); const sink = budget.sink(store.writer(key));
 */
export class OutputBudget {
  private written = 0;
  constructor(readonly limit: number = DEFAULT_OUTPUT_BYTES) {}

  get bytesWritten(): number {
    return this.written;
  }

  sink(inner: ByteSink): ByteSink {
    return {
      write: (chunk) => {
        this.written += chunk.length;
        if (this.written > this.limit) throw limitExceeded('the results of this analysis come to', this.limit, 'bytes', '(the limit for one analysis); analyse fewer or smaller files at a time');
        return inner.write(chunk);
      },
      end: () => inner.end(),
    };
  }

  workspace(inner: Workspace): Workspace {
    return { write: (name) => this.sink(inner.write(name)), read: (name) => inner.read(name) };
  }
}

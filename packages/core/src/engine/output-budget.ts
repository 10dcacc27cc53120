import { limitExceeded } from '../formats/read-limits.ts';
import type { ByteSink, Workspace } from './contract.ts';

/** Default cap on the bytes one analysis step writes (outputs and intermediates together). */
export const DEFAULT_OUTPUT_BYTES = 2048 * 1024 * 1024;

/**
 * The cap for an analysis of `inputBytes` of uploads: 256 MB plus 16 bytes per input byte. The
 * report step of a 100 MB CDPOS export writes about 5.6 bytes per input byte (sheet and CSV parts,
 * then results.xlsx and results.csv); a 9.4 MB workbook that expanded to 1.6 GB of results had
 * 170 per byte.
 */
export function outputLimitFor(inputBytes: number): number {
  return 256 * 1024 * 1024 + 16 * inputBytes;
}

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
      write: (chunk, release) => {
        this.written += chunk.length;
        if (this.written > this.limit) throw limitExceeded('the results of this analysis come to', this.limit, 'bytes', '(the limit for one analysis); analyse fewer or smaller files at a time');
        return inner.write(chunk, release);
      },
      end: () => inner.end(),
    };
  }

  workspace(inner: Workspace): Workspace {
    const { copy, remove } = inner;
    return { write: (name) => this.sink(inner.write(name)), read: (name) => inner.read(name), ...(copy ? { copy: copy.bind(inner) } : {}), ...(remove ? { remove: remove.bind(inner) } : {}) };
  }
}

import { limitExceeded } from '../formats/read-limits.ts';
import type { ByteSink, Workspace } from './contract.ts';
import type { ChunkWriter } from '../workspace/index.ts';

/** Default cap on the bytes one analysis step writes (outputs and intermediates together). */
export const DEFAULT_OUTPUT_BYTES = 2048 * 1024 * 1024;

/**
 * The cap for an analysis of `inputBytes` of uploads: 1 GB plus 48 bytes per input byte. The
 * report step of a 100 MB CDPOS export writes about 5.6 bytes per input byte (sheet and CSV parts,
 * then results.xlsx and results.csv). Since nothing is capped (DETECTION.md v3 section 3), every
 * finding is stored with its evidence (findings.ndjson, about 1 KB a finding, written through
 * buckets of consecutive cases) beside every high-severity record (high-records.ndjson): an export
 * in which most records are flagged holds up to about 60 bytes per input byte at once while the
 * findings are written, which the old 256 MB + 16 per byte refused for 7 MB of such uploads. A
 * 9.4 MB workbook that expanded to 1.6 GB of results (170 per byte) still stops here (1.45 GB).
 */
export function outputLimitFor(inputBytes: number): number {
  return 1024 * 1024 * 1024 + 48 * inputBytes;
}

/**
 * Counts the bytes written through the sinks it wraps (less the workspace entries moved into the
 * outputs and removed) and fails the write that passes `limit`, so a small file that expands to
 * gigabytes of results stops early instead of filling the store.
 * The count can live in shared memory (`shared`): the budgets of one step's task workers, made
 * from the same `shared()`, then count against one limit together.
 * @example const budget = new OutputBudget(1 << 30); const sink = budget.sink(store.writer(key));
 */
export class OutputBudget {
  private readonly count: BigInt64Array;
  constructor(
    readonly limit: number = DEFAULT_OUTPUT_BYTES,
    shared?: SharedArrayBuffer,
  ) {
    this.count = new BigInt64Array(shared ?? new ArrayBuffer(8), 0, 1);
  }

  /** The count in shared memory, for budgets in other threads (`new OutputBudget(limit, budget.shared())`). */
  shared(): SharedArrayBuffer {
    if (!(this.count.buffer instanceof SharedArrayBuffer)) throw new Error('this budget counts in its own memory: pass a SharedArrayBuffer to share it');
    return this.count.buffer;
  }

  get bytesWritten(): number {
    return Number(Atomics.load(this.count, 0));
  }

  sink(inner: ByteSink): ByteSink {
    return {
      write: (chunk, release) => {
        const written = Number(Atomics.add(this.count, 0, BigInt(chunk.length))) + chunk.length;
        if (written > this.limit) throw limitExceeded('the results of this analysis come to', this.limit, 'bytes', '(the limit for one analysis); analyse fewer or smaller files at a time');
        return inner.write(chunk, release);
      },
      end: () => inner.end(),
    };
  }

  /**
   * The workspace with its writes counted. An entry read whole and then removed (a report part
   * moved into the outputs) gives its bytes back: the budget bounds what the step holds at once,
   * so a part and the output it was copied into do not count twice.
   */
  workspace(inner: Workspace): Workspace {
    const { copy, remove } = inner;
    /** Bytes of the longest whole pass over each entry read so far. */
    const read = new Map<string, number>();
    const passed = (name: string, bytes: number) => read.set(name, Math.max(read.get(name) ?? 0, bytes));
    return {
      write: (name) => this.sink(inner.write(name)),
      read: (name) => countedRead(inner.read(name), (bytes) => passed(name, bytes)),
      ...(copy
        ? {
            copy: async (name: string, write: ChunkWriter) => {
              let bytes = 0;
              await copy.call(inner, name, (chunk, release) => {
                bytes += chunk.length;
                return write(chunk, release);
              });
              passed(name, bytes);
            },
          }
        : {}),
      ...(remove
        ? {
            remove: async (name: string) => {
              await remove.call(inner, name);
              const bytes = read.get(name);
              read.delete(name);
              if (bytes) Atomics.sub(this.count, 0, BigInt(bytes));
            },
          }
        : {}),
    };
  }
}

/** The chunks of `source`, telling `done` their bytes once every chunk was read. */
async function* countedRead(source: AsyncIterable<Uint8Array>, done: (bytes: number) => void): AsyncIterable<Uint8Array> {
  let bytes = 0;
  for await (const chunk of source) {
    bytes += chunk.length;
    yield chunk;
  }
  done(bytes);
}

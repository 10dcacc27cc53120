/**
 * The `correlate-items` task started during step 1, on the worker that read the last parts: it
 * reads the facts of the SM20 and change-document files only, so once those are all done and
 * the files still in step 1 are ticket files whose parts have all been read (this thread still
 * merges them and writes their facts), it can run. Correlation (correlate-step.ts) then takes its
 * result instead of starting it; the rest of correlation, and the report after it, still wait for
 * the whole of step 1.
 */
import type { ItemCorrelation } from '../../correlate/index.ts';
import type { EngineContext, FileStepResult } from '../contract.ts';
import type { PartReaders, PartRelay } from '../parse/parse-parts.ts';
import type { CorrelateItemsInput } from './correlate-items.ts';

type FileType = FileStepResult['fileType'];

interface Seen {
  fileName?: string;
  fileType?: FileType;
  /** Step 1 is done (its facts are written). */
  done: boolean;
  /** Every part has been handed out and the pool's readers of them are done. */
  partsRead: boolean;
}

/**
 * Watches step 1 of `count` files (analyze-files.ts tells it what happens) and starts the
 * `correlate-items` task on the context's pool as soon as (a) every file is open and change
 * documents are among them (else correlation does not run the task), (b) every file it reads
 * (all but TICKETS) is done, and (c) no file still in step 1 has a part left for the pool: the
 * task then goes to the worker that is free, not to a second one started beside it.
 */
export class EarlyItems {
  private readonly files: Seen[];
  private started: Promise<ItemCorrelation> | undefined;
  private stopped = false;

  constructor(
    private readonly ctx: EngineContext,
    count: number,
  ) {
    this.files = Array.from({ length: count }, () => ({ done: false, partsRead: false }));
  }

  /** The task's result when it was started early, else undefined (correlation starts it then). */
  get items(): Promise<ItemCorrelation> | undefined {
    return this.started;
  }

  /** No early start any more (a file failed: step 1 ends with its error). */
  stop(): void {
    this.stopped = true;
  }

  /** File i's relay, with its readers watched (they are handed out once every part of the file has been taken). */
  relay(i: number, relay: PartRelay): PartRelay {
    return {
      ...relay,
      handedOut: (readers: PartReaders) => {
        const read = () => {
          this.files[i]!.partsRead = true;
          this.check();
        };
        readers.pool.then(read, () => this.stop());
        relay.handedOut?.(readers);
      },
    };
  }

  opened(i: number, fileName: string, fileType: FileType): void {
    Object.assign(this.files[i]!, { fileName, fileType });
    this.check();
  }

  done(file: FileStepResult): void {
    Object.assign(this.files[file.index]!, { fileName: file.fileName, fileType: file.fileType, done: true });
    this.check();
  }

  private check(): void {
    const tasks = this.ctx.tasks;
    if (this.started || this.stopped || !tasks) return;
    const files = this.files;
    if (!files.every((f) => f.fileType !== undefined)) return;
    if (!files.some((f) => f.fileType === 'CDHDR' || f.fileType === 'CDPOS')) return;
    if (!files.every((f) => f.done || (f.fileType === 'TICKETS' && f.partsRead))) return;
    // Every file is done here: correlation starts the task itself, after the pool's shrink.
    if (files.every((f) => f.done)) return;
    const input: CorrelateItemsInput = { files: files.map((f, index) => ({ index, fileName: f.fileName!, fileType: f.fileType! })) };
    this.started = tasks.run('correlate-items', input) as Promise<ItemCorrelation>;
    // Awaited by correlation; when step 1 fails it is not, and must not be an unhandled rejection.
    this.started.catch(() => {});
  }
}

/** A sink for bytes; resolves `end()` once everything is durable. */
export interface ByteSink {
  /**
   * `release`, when given, is called once the sink reads `chunk` no more (the writer may then reuse
   * its memory); a sink may also never call it.
   */
  write(chunk: Uint8Array, release?: () => void): void | Promise<void>;
  end(): Promise<void>;
}

/** Takes chunks as ByteSink.write does (`release`: the chunk's memory may be reused once called). */
export type ChunkWriter = (chunk: Uint8Array, release?: () => void) => void | Promise<void>;

/** Hands a stream's bytes to a ChunkWriter, in order; resolves once the last write resolved. */
export type ChunkSource = (write: ChunkWriter) => Promise<void>;

/** Named byte streams belonging to one analysis (intermediates, outputs). */
export interface Workspace {
  write(name: string): ByteSink;
  read(name: string): AsyncIterable<Uint8Array>;
  /**
   * Optional: `read` into a ChunkWriter, in buffers filled again once released (copying a large
   * stream then allocates no buffer per chunk). `copyOf` falls back to `read` without it.
   */
  copy?(name: string, write: ChunkWriter): Promise<void>;
  /**
   * Optional: drops an entry no step reads again. The folder workspace unlinks the file, so the
   * report's parts (as many bytes as both outputs) leave the page cache before the kernel writes them
   * to disk: kept to the end of a run, they made the kernel write gigabytes back and throttle the
   * outputs' writes.
   */
  remove?(name: string): Promise<void>;
}

/** A sink for bytes; resolves `end()` once everything is durable. */
export interface ByteSink {
  write(chunk: Uint8Array): void | Promise<void>;
  end(): Promise<void>;
}

/** Named byte streams belonging to one analysis (intermediates, outputs). */
export interface Workspace {
  write(name: string): ByteSink;
  read(name: string): AsyncIterable<Uint8Array>;
}

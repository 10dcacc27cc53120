/** The first bytes of a one-shot byte stream, and the stream with those bytes put back in front. */
export interface ByteHead {
  head: Uint8Array;
  /** Every byte of the source in order, the head first; iterate once. */
  all: AsyncIterable<Uint8Array>;
  /** True when the whole source fitted in the head. */
  done: boolean;
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Reads at least `minBytes` (or everything, if shorter) so format and encoding can be sniffed. */
export async function readHead(source: AsyncIterable<Uint8Array>, minBytes: number): Promise<ByteHead> {
  const iterator = source[Symbol.asyncIterator]();
  const parts: Uint8Array[] = [];
  let total = 0;
  let done = false;
  while (total < minBytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = next.value instanceof Uint8Array ? next.value : new Uint8Array(next.value as ArrayBufferLike);
    if (chunk.length === 0) continue;
    parts.push(chunk);
    total += chunk.length;
  }
  const head = concat(parts, total);
  async function* all(): AsyncGenerator<Uint8Array> {
    if (head.length > 0) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      if (next.value.length > 0) yield next.value;
    }
  }
  return { head, all: all(), done };
}

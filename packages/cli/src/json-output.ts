import { ITEM_JSON } from '@app/core';

/** Bytes handed to the writer at a time. */
const PIECE_BYTES = 1 << 20;

/**
 * The `--json` document written piece by piece: an array (every pattern: there is no cap) goes out
 * 1 MB at a time, so no single string holds the whole document. The bytes are those of
 * JSON.stringify(doc). Each piece is a Buffer the text is encoded into as it is made: concatenating
 * strings instead left a megabyte rope per piece for the garbage collector, and on a million
 * patterns the heap grew by hundreds of megabytes at the end of a run.
 */
export async function writeJsonDocument(doc: Record<string, unknown>, write: (bytes: Uint8Array) => Promise<void>): Promise<void> {
  // `write` resolves once it is done with the bytes: they are overwritten after.
  // One buffer, filled again once the writer is done with it (its promise resolves when the bytes are written).
  const buf = Buffer.allocUnsafe(PIECE_BYTES);
  let used = 0;
  const flush = async () => {
    if (used === 0) return;
    const piece = buf.subarray(0, used);
    await write(piece);
    used = 0;
  };
  // A promise only when a piece goes out (no microtask per pattern otherwise).
  const add = (text: string): Promise<void> | undefined => {
    // At most 3 bytes per UTF-16 unit.
    if (used + 3 * text.length <= buf.length) {
      used += buf.write(text, used);
      return undefined;
    }
    return flush().then(() => (3 * text.length > buf.length ? write(Buffer.from(text)) : void (used += buf.write(text, used))));
  };
  await add('{');
  let first = true;
  for (const [key, value] of Object.entries(doc)) {
    if (value === undefined) continue;
    await add(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if (!Array.isArray(value)) {
      await add(JSON.stringify(value));
      continue;
    }
    await add('[');
    // A lazy array of the engine (every pattern) writes its items' JSON without making them.
    const itemJson = (value as { [ITEM_JSON]?: (i: number) => string })[ITEM_JSON];
    for (let i = 0; i < value.length; i++) {
      const item = itemJson ? itemJson(i) : (JSON.stringify(value[i]) ?? 'null');
      const pending = add(i === 0 ? item : `,${item}`);
      if (pending) await pending;
    }
    await add(']');
  }
  await add('}\n');
  await flush();
}

/** A writer to a stream: resolves once the stream has written the bytes (so they may be reused). */
export function streamWriter(stream: NodeJS.WritableStream): (bytes: Uint8Array) => Promise<void> {
  return (bytes) =>
    new Promise((resolve, reject) => {
      stream.write(bytes, (e) => (e ? reject(e) : resolve()));
    });
}

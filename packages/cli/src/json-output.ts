import { ITEM_JSON } from '@app/core';

/**
 * The `--json` document written piece by piece: an array (every pattern: there is no cap) goes out
 * 1 MB at a time, so no single string holds the whole document. The bytes are those of
 * JSON.stringify(doc).
 */
export async function writeJsonDocument(doc: Record<string, unknown>, write: (text: string) => Promise<void>): Promise<void> {
  let text = '{';
  let first = true;
  for (const [key, value] of Object.entries(doc)) {
    if (value === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(value)) {
      text += JSON.stringify(value);
      continue;
    }
    text += '[';
    // A lazy array of the engine (every pattern) writes its items' JSON without making them.
    const itemJson = (value as { [ITEM_JSON]?: (i: number) => string })[ITEM_JSON];
    for (let i = 0; i < value.length; i++) {
      text += `${i === 0 ? '' : ','}${itemJson ? itemJson(i) : (JSON.stringify(value[i]) ?? 'null')}`;
      if (text.length >= 1 << 20) {
        await write(text);
        text = '';
      }
    }
    text += ']';
  }
  await write(`${text}}\n`);
}

/** A writer to a stream that waits when the stream asks it to. */
export function streamWriter(stream: NodeJS.WritableStream): (text: string) => Promise<void> {
  return (text) =>
    new Promise((resolve, reject) => {
      if (stream.write(text, (e) => (e ? reject(e) : undefined))) resolve();
      else stream.once('drain', () => resolve());
    });
}

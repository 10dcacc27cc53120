/**
 * Reads an uploaded object but stops past the product's 100 MB rule: the presigned upload URL
 * stays valid after PUT /files measured the object, so it could be replaced by a larger one
 * before or while the pipeline reads it.
 */
import { MAX_FILE_BYTES } from '../services/files.ts';
import { FileUnreadableError } from './errors.ts';

export async function* readCapped(source: AsyncIterable<Uint8Array>, fileName: string, maxBytes = MAX_FILE_BYTES): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > maxBytes) throw new FileUnreadableError(fileName, `it is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
    yield chunk;
  }
}

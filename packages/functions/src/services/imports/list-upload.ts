/**
 * List files travel through the blob store, not the request body: the browser uploads the file to
 * a presigned target (on S3 a POST whose policy bounds the size with content-length-range), then
 * names its key in the import call. Lambda's 6 MB request limit no longer bounds a list, and the
 * object is deleted once read (a lifecycle rule expires what an abandoned import leaves,
 * stacks/storage.ts). The key holds the uploader's `sub`: only they can import it.
 */
import { randomUUID } from 'node:crypto';
import { VisibleError } from '../../http/errors.ts';
import { UPLOAD_URL_TTL_SECONDS } from '../files.ts';
import { safeName } from '../keys.ts';
import type { Services } from '../types.ts';
import { fileTooLarge, LIST_IMPORT_MAX_BYTES, readListFile } from './read-list.ts';

export const LIST_IMPORT_PREFIX = 'admin/imports/';
// The last name is what safeName makes of a file name: never only dots (`.` and `..` are no blob key).
const IMPORT_KEY = /^admin\/imports\/([^/]{1,200})\/[0-9a-f-]{36}\/((?!\.{1,2}$)[A-Za-z0-9._-]{1,120})$/;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';


/** A single-use target for one list file, bounded to LIST_IMPORT_MAX_BYTES. */
export async function createListUpload(services: Services, ownerSub: string, fileName: string) {
  if (!/\.(csv|txt|xlsx)$/i.test(fileName)) throw new VisibleError('BAD_REQUEST', `${fileName}: use a CSV or XLSX file`);
  const key = `${LIST_IMPORT_PREFIX}${ownerSub}/${randomUUID()}/${safeName(fileName)}`;
  const contentType = /\.xlsx$/i.test(fileName) ? XLSX_TYPE : 'text/csv';
  const post = await services.blobs.presignPost?.(key, contentType, LIST_IMPORT_MAX_BYTES, UPLOAD_URL_TTL_SECONDS);
  const uploadUrl = post?.url ?? (await services.blobs.presignPut(key, contentType, UPLOAD_URL_TTL_SECONDS, LIST_IMPORT_MAX_BYTES));
  return { uploadUrl, ...(post ? { uploadFields: post.fields } : {}), key, contentType, maxBytes: LIST_IMPORT_MAX_BYTES, expiresIn: UPLOAD_URL_TTL_SECONDS };
}

/**
 * Reads an uploaded list file (XLSX by its zip signature, else text) into rows and deletes it.
 * Another administrator's key is answered 404, as if it did not exist.
 */
export async function takeListUpload(services: Services, ownerSub: string, key: string): Promise<string[][]> {
  const match = IMPORT_KEY.exec(key);
  if (!match) throw new VisibleError('BAD_REQUEST', 'Invalid request: key must be one returned by POST /imports/upload');
  const notFound = new VisibleError('NOT_FOUND', 'The uploaded file was not found: upload it again');
  if (match[1] !== ownerSub) throw notFound;
  const head = await services.blobs.head(key);
  if (!head) throw notFound;
  // Consumed: its upload URL writes no more, whatever happens below (delete closes it too).
  await services.blobs.closeUpload?.(key);
  try {
    const fileName = match[2]!;
    if (head.size > LIST_IMPORT_MAX_BYTES) throw new VisibleError('TOO_LARGE', fileTooLarge(fileName).message);
    return await readListFile(capped(services.blobs.read(key), fileName), fileName);
  } finally {
    await services.blobs.delete(key);
  }
}

/** The stored object, stopped past the limit (a PUT target on the local stack bounds nothing). */
async function* capped(chunks: AsyncIterable<Uint8Array>, fileName: string): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > LIST_IMPORT_MAX_BYTES) throw fileTooLarge(fileName);
    yield chunk;
  }
}

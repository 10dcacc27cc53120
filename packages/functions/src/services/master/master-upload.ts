/**
 * Master-list exports travel through the blob store, not the request body: the browser uploads
 * the file to a presigned target (on S3 a POST whose policy bounds the size), then names its key
 * in POST /master-import. Lambda's 6 MB request limit no longer bounds the export, and the object
 * is deleted once read (a lifecycle rule expires what an abandoned import leaves, stacks/storage.ts).
 */
import { randomUUID } from 'node:crypto';
import { VisibleError } from '../../http/errors.ts';
import type { Services } from '../types.ts';
import { UPLOAD_URL_TTL_SECONDS } from '../files.ts';
import { safeName } from '../keys.ts';
import type { MasterImportSource } from './master-import.ts';

/** Largest export an import reads (TSTCT of a full system as CSV is about 8 MB). */
export const MASTER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/**
 * XLSX is inflated whole in memory (services/master/xlsx-rows.ts reads without a cap), so it keeps
 * the limit it had as a request body until that reader is capped.
 */
export const MASTER_IMPORT_MAX_XLSX_BYTES = 4 * 1024 * 1024;

export const MASTER_IMPORT_PREFIX = 'admin/imports/';
const IMPORT_KEY = /^admin\/imports\/[0-9a-f-]{36}\/[A-Za-z0-9._-]{1,120}$/;

export async function createMasterUpload(services: Services, fileName: string) {
  const key = `${MASTER_IMPORT_PREFIX}${randomUUID()}/${safeName(fileName)}`;
  const contentType = /\.xlsx$/i.test(fileName) ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
  const post = await services.blobs.presignPost?.(key, contentType, MASTER_IMPORT_MAX_BYTES, UPLOAD_URL_TTL_SECONDS);
  const uploadUrl = post?.url ?? (await services.blobs.presignPut(key, contentType, UPLOAD_URL_TTL_SECONDS));
  return { uploadUrl, ...(post ? { uploadFields: post.fields } : {}), key, contentType, expiresIn: UPLOAD_URL_TTL_SECONDS };
}

/** Reads an uploaded export (XLSX by its zip signature, else UTF-8 text) and deletes it. */
export async function takeMasterUpload(services: Services, key: string): Promise<MasterImportSource> {
  if (!IMPORT_KEY.test(key)) throw new VisibleError('BAD_REQUEST', 'Invalid request: key must be one returned by POST /master-import/upload');
  const head = await services.blobs.head(key);
  if (!head) throw new VisibleError('NOT_FOUND', 'The uploaded export was not found: upload it again');
  try {
    if (head.size > MASTER_IMPORT_MAX_BYTES) throw new VisibleError('TOO_LARGE', `The export is too large: at most ${MASTER_IMPORT_MAX_BYTES / 1024 / 1024} MB per import; split the file`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of services.blobs.read(key)) {
      size += chunk.length;
      if (size > MASTER_IMPORT_MAX_BYTES) throw new VisibleError('TOO_LARGE', `The export is too large: at most ${MASTER_IMPORT_MAX_BYTES / 1024 / 1024} MB per import; split the file`);
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    const isZip = bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;
    if (!isZip) return { csvContent: bytes.toString('utf8') };
    if (bytes.length > MASTER_IMPORT_MAX_XLSX_BYTES) throw new VisibleError('TOO_LARGE', 'The XLSX export is too large: at most 4 MB per import; export as CSV (up to 20 MB) or split the file');
    return { xlsx: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
  } finally {
    await services.blobs.delete(key);
  }
}

/**
 * A user's uploaded files: the item under `USER#<sub>` / `FILE#<id>` and the object under
 * `users/<sub>/uploads/<id>/`. Every function takes the caller's `sub` and reads through that
 * partition, so another user's fileId simply is not found.
 */
import { createHash, randomUUID } from 'node:crypto';
import { checkTextHead, decodeHead, unknownHeaderMessage } from '@app/core/formats/header-check.ts';
import { openFile } from '@app/core/formats/index.ts';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { VisibleError } from '../http/errors.ts';
import { queryAll } from './db.ts';
import { blobKeys, keys } from './keys.ts';
import type { Services } from './types.ts';

export const MAX_FILE_BYTES = 104_857_600;
export const UPLOAD_URL_TTL_SECONDS = 900;

export type UploadFileType = 'csv' | 'excel';
export type FileStatus = 'pending' | 'ready';

/** What GET /files returns per file. */
export interface FileSummary {
  fileId: string;
  fileName: string;
  fileType: UploadFileType;
  size: number;
  status: FileStatus;
  uploadDate: string;
  key: string;
  /** What the content is (SM20, CDHDR, CDPOS, TICKETS), read from its header when it was confirmed; absent for workbooks and older files. */
  sapType?: string;
}

export interface FileItem extends FileSummary {
  pk: string;
  sk: string;
  userId: string;
  contentType: string;
  readyDate?: string;
  /** SHA-256 (hex) of the object when the upload was confirmed; POST /analyze checks it again. */
  sha256?: string;
}

// Spec 5: the storage type comes from the extension, anything but xls/xlsx is stored as CSV (txt included).
const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/csv',
  tsv: 'text/csv',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const ALLOWED_EXTENSIONS = Object.keys(CONTENT_TYPES);

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Content type the browser must send with the presigned PUT (S3 signs it). */
export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[fileExtension(fileName)] ?? 'text/csv';
}

export function tooLargeMessage(fileName: string): string {
  return `${fileName}: File is too large (max 100MB)`;
}

function toSummary(item: FileItem): FileSummary {
  const { fileId, fileName, fileType, size, status, uploadDate, key, sapType } = item;
  return { fileId, fileName, fileType, size: size ?? 0, status, uploadDate, key, ...(sapType ? { sapType } : {}) };
}

export async function createUpload(
  services: Services,
  sub: string,
  input: { fileName: string; fileType: UploadFileType },
): Promise<{ uploadUrl: string; uploadFields?: Record<string, string>; fileId: string; key: string; contentType: string; expiresIn: number }> {
  if (!ALLOWED_EXTENSIONS.includes(fileExtension(input.fileName))) {
    throw new VisibleError('BAD_REQUEST', `${input.fileName}: Invalid file type. Please use CSV, TSV, TXT or Excel files`);
  }
  const fileId = randomUUID();
  const key = blobKeys.upload(sub, fileId, input.fileName);
  const contentType = contentTypeFor(input.fileName);
  const item: FileItem = {
    pk: keys.user(sub),
    sk: keys.file(fileId),
    userId: sub,
    fileId,
    fileName: input.fileName,
    fileType: input.fileType,
    contentType,
    size: 0,
    status: 'pending',
    uploadDate: new Date().toISOString(),
    key,
  };
  await services.ddb.send(new PutCommand({ TableName: services.config.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  // On S3 a size-bounded form POST (uploadFields present); locally a PUT URL capped by the server.
  const post = await services.blobs.presignPost?.(key, contentType, MAX_FILE_BYTES, UPLOAD_URL_TTL_SECONDS);
  const uploadUrl = post?.url ?? (await services.blobs.presignPut(key, contentType, UPLOAD_URL_TTL_SECONDS, MAX_FILE_BYTES));
  return { uploadUrl, ...(post ? { uploadFields: post.fields } : {}), fileId, key, contentType, expiresIn: UPLOAD_URL_TTL_SECONDS };
}

/** The caller's file, or undefined: ownership is the partition key itself. */
export async function findOwnedFile(services: Services, sub: string, fileId: string): Promise<FileItem | undefined> {
  const out = await services.ddb.send(
    new GetCommand({ TableName: services.config.tableName, Key: { pk: keys.user(sub), sk: keys.file(fileId) }, ConsistentRead: true }),
  );
  return out.Item as FileItem | undefined;
}

export async function requireOwnedFile(services: Services, sub: string, fileId: string): Promise<FileItem> {
  const item = await findOwnedFile(services, sub, fileId);
  if (!item) throw new VisibleError('NOT_FOUND', `File not found: ${fileId}`);
  return item;
}

/**
 * Confirms an upload. The size is read from the stored object, never trusted from the client:
 * an oversized object is deleted along with its item and the user told why.
 */
export async function markFileReady(services: Services, sub: string, fileId: string): Promise<FileSummary> {
  const item = await requireOwnedFile(services, sub, fileId);
  // Confirmed once: confirming again must not accept content written since.
  if (item.status === 'ready') return toSummary(item);
  const head = await services.blobs.head(item.key);
  if (!head) throw new VisibleError('BAD_REQUEST', `${item.fileName}: The file has not been uploaded yet; PUT it to the uploadUrl first`);
  if (head.size > MAX_FILE_BYTES) {
    await services.blobs.delete(item.key);
    await services.ddb.send(new DeleteCommand({ TableName: services.config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    services.log.warn('oversized upload removed', { sub, fileId, size: head.size });
    throw new VisibleError('TOO_LARGE', tooLargeMessage(item.fileName));
  }
  // Confirmed: the upload URL writes no more (the local store refuses it; see closeUpload on S3).
  await services.blobs.closeUpload?.(item.key);
  const firstBytes: Uint8Array[] = [];
  const { size, sha256 } = await measureObject(services, item.key, firstBytes);
  const verdict = await sapTypeOfHead(firstBytes, item.fileName);
  if (typeof verdict === 'object') {
    // A text file whose header names no known export cannot be analysed: refused now, with what was found and what is expected (issue 27).
    await services.blobs.delete(item.key);
    await services.ddb.send(new DeleteCommand({ TableName: services.config.tableName, Key: { pk: item.pk, sk: item.sk } }));
    services.log.info('upload with an unknown header refused', { sub, fileId });
    throw new VisibleError('BAD_REQUEST', verdict.refused);
  }
  const sapType = verdict;
  const readyDate = new Date().toISOString();
  await services.ddb.send(
    new UpdateCommand({
      TableName: services.config.tableName,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: `SET #status = :ready, #size = :size, readyDate = :now, sha256 = :sha${sapType ? ', sapType = :sapType' : ''}`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#status': 'status', '#size': 'size' },
      ExpressionAttributeValues: { ':ready': 'ready', ':size': size, ':now': readyDate, ':sha': sha256, ...(sapType ? { ':sapType': sapType } : {}) },
    }),
  );
  return toSummary({ ...item, status: 'ready', size, readyDate, ...(sapType ? { sapType } : {}) });
}

const SNIFF_BYTES = 64 * 1024;

/**
 * The SAP export type a text file's header shows (the engine's own header search, on the first
 * 64 KB): what the File Manager shows instead of csv/excel; undefined for a workbook (read whole
 * only by the analysis) or a head the reader fails on for another reason; `{ refused }` with the
 * message when the engine finds no known header in text (the upload pages say the same words).
 */
export async function sapTypeOfHead(head: readonly Uint8Array[], fileName: string): Promise<string | undefined | { refused: string }> {
  const bytes = Buffer.concat(head).subarray(0, SNIFF_BYTES);
  if (bytes.length === 0 || (bytes[0] === 0x50 && bytes[1] === 0x4b) || (bytes[0] === 0xd0 && bytes[1] === 0xcf)) return undefined;
  try {
    const opened = await openFile((async function* () { yield new Uint8Array(bytes); })(), fileName);
    return opened.fileType;
  } catch (e) {
    if ((e as { code?: string }).code !== 'UNRECOGNISED_FILE' || !/header row/.test((e as Error).message)) return undefined;
    let found: string[] = [];
    try {
      const check = checkTextHead(decodeHead(new Uint8Array(bytes)));
      if (!check.ok) found = check.found;
    } catch {
      // The words found are a courtesy; the engine's verdict stands.
    }
    return { refused: unknownHeaderMessage(fileName, found) };
  }
}

/** Size and SHA-256 of a stored object, read once as a stream; `head` (when given) collects its first 64 KB. */
export async function measureObject(services: Services, key: string, head?: Uint8Array[]): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of services.blobs.read(key)) {
    if (head && size < SNIFF_BYTES) head.push(chunk.slice(0, SNIFF_BYTES - size));
    size += chunk.length;
    if (size > MAX_FILE_BYTES) throw new VisibleError('TOO_LARGE', 'The stored object is larger than the upload limit');
    hash.update(chunk);
  }
  return { size, sha256: hash.digest('hex') };
}

export async function listFiles(services: Services, sub: string): Promise<FileSummary[]> {
  const items = await queryAll<FileItem>(services.ddb, {
    TableName: services.config.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :file)',
    ExpressionAttributeValues: { ':pk': keys.user(sub), ':file': keys.file('') },
  });
  return items.map(toSummary).sort((a, b) => b.uploadDate.localeCompare(a.uploadDate));
}

export async function deleteFile(services: Services, sub: string, fileId: string): Promise<void> {
  const item = await requireOwnedFile(services, sub, fileId);
  await services.blobs.delete(item.key);
  await services.ddb.send(new DeleteCommand({ TableName: services.config.tableName, Key: { pk: item.pk, sk: item.sk } }));
}

/**
 * The local server's answer to presigned blob URLs: verifies op, key, expiry and signature,
 * then streams the body to disk (PUT) or to the client (GET). Errors are small XML-free JSON
 * bodies; the browser only looks at the status.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { blobPath, decodeKeyFromUrl, isValidBlobKey } from './blob-keys.ts';
import { verifyBlobSignature, type BlobOp } from './url-signature.ts';

/** What an upload URL issued without a size may write (URLs for uploads carry their own, e.g. 100 MB). */
export const MAX_BLOB_PUT_BYTES = 1024 * 1024 * 1024;

export interface BlobRequestContext {
  root: string;
  secret: string;
  tempDir(): Promise<string>;
  moveIntoPlace(temp: string, key: string): Promise<void>;
  /** Whether an upload URL of the key may still write: issued, and its file not deleted, confirmed or consumed since. */
  isOpenUpload(key: string): Promise<boolean>;
  closeUpload(key: string): Promise<void>;
}

export const UPLOAD_CLOSED = 'This upload URL can no longer be used: its file was deleted, confirmed or already imported; request a new one';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, PUT, OPTIONS',
  'access-control-allow-headers': 'Content-Type',
  'access-control-max-age': '600',
};

function reply(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { ...CORS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { message } }));
}

const TYPES: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function guessType(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function receive(ctx: BlobRequestContext, key: string, max: number, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // An upload URL writes once: a stored object (e.g. a confirmed upload) is never replaced through it.
  if (await stat(blobPath(ctx.root, key)).then(() => true, () => false)) {
    req.resume();
    return reply(res, 409, 'This upload URL has already been used; request a new one');
  }
  // Nor does it write once its file is gone: deleted, or read and removed by an import.
  if (!(await ctx.isOpenUpload(key))) {
    req.resume();
    return reply(res, 403, UPLOAD_CLOSED);
  }
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > max) {
    req.resume();
    return reply(res, 413, `Object is too large: this upload URL takes at most ${max} bytes`);
  }
  const temp = await ctx.tempDir();
  let received = 0;
  try {
    await pipeline(
      req,
      async function* limit(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          received += chunk.length;
          if (received > max) throw Object.assign(new Error('too large'), { status: 413 });
          yield chunk;
        }
      },
      createWriteStream(temp, { mode: 0o600 }),
    );
    await ctx.moveIntoPlace(temp, key);
    await ctx.closeUpload(key);
  } catch (e) {
    await rm(temp, { force: true });
    if ((e as { status?: number }).status === 413) return reply(res, 413, `Object is too large: this upload URL takes at most ${max} bytes`);
    throw e;
  }
  res.writeHead(200, { ...CORS, etag: `"${received}"`, 'content-length': '0' });
  res.end();
}

async function send(ctx: BlobRequestContext, key: string, url: URL, res: ServerResponse, headOnly: boolean): Promise<void> {
  const path = blobPath(ctx.root, key);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return reply(res, 404, 'No such object');
  const name = url.searchParams.get('name');
  const headers: Record<string, string> = {
    ...CORS,
    'content-type': url.searchParams.get('type') ?? guessType(key),
    'content-length': String(info.size),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
  if (name) headers['content-disposition'] = contentDisposition(name);
  res.writeHead(200, headers);
  if (headOnly) return void res.end();
  await pipeline(createReadStream(path), res);
}

export async function handleSignedBlobRequest(ctx: BlobRequestContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return void res.end();
    }
    const rawKey = url.pathname.replace(/^\/blobs\//, '');
    const key = decodeKeyFromUrl(rawKey);
    if (!key || !isValidBlobKey(key)) return reply(res, 400, 'Invalid object key');
    const op = url.searchParams.get('op') as BlobOp | null;
    const expectedOp: BlobOp | undefined = method === 'PUT' ? 'put' : method === 'GET' || method === 'HEAD' ? 'get' : undefined;
    if (!expectedOp) return reply(res, 405, 'Method not allowed');
    if (op !== expectedOp) return reply(res, 403, 'This URL does not allow this operation');
    const maxParam = url.searchParams.get('max');
    const verdict = verifyBlobSignature(
      ctx.secret,
      {
        op,
        key,
        exp: Number(url.searchParams.get('exp')),
        name: url.searchParams.get('name') ?? undefined,
        type: url.searchParams.get('type') ?? undefined,
        max: maxParam === null ? undefined : Number(maxParam),
      },
      url.searchParams.get('sig'),
    );
    if (verdict === 'expired') return reply(res, 403, 'Request has expired');
    if (verdict !== 'ok') return reply(res, 403, 'The request signature does not match');
    if (op === 'put') return await receive(ctx, key, maxParam === null ? MAX_BLOB_PUT_BYTES : Number(maxParam), req, res);
    return await send(ctx, key, url, res, method === 'HEAD');
  } catch (e) {
    reply(res, 500, 'Internal error');
    // The local server logs; an aborted upload is not worth more than that.
    if ((e as NodeJS.ErrnoException)?.code !== 'ERR_STREAM_PREMATURE_CLOSE') console.error('blob request failed', e);
  }
}

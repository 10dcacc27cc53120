/**
 * File-system BlobStore for the one-machine stack. Objects live under `dir`, writes go to a temp
 * file first and are renamed into place, so a reader never sees half an object. Browser
 * uploads and downloads go through HMAC-signed, expiring URLs served by `handleBlobRequest`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, relative, sep } from 'node:path';
import type { ByteSink } from '@app/core';
import { BlobNotFoundError, type BlobStore } from '../../ports/index.ts';
import { blobPath, encodeKeyForUrl, OPEN_UPLOADS_FOLDER, TEMP_FOLDER } from './blob-keys.ts';
import { readFileRange } from './file-range.ts';
import { handleSignedBlobRequest } from './fs-request-handler.ts';
import { signBlobParams, type SignedBlobParams } from './url-signature.ts';

export const DEFAULT_URL_TTL_SECONDS = 900;

export interface FsBlobStoreOptions {
  dir: string;
  secret: string;
  /** Base URL of the local server, e.g. http://127.0.0.1:3000 (URLs are `${publicUrl}/blobs/<key>?…`). */
  publicUrl: string;
}

export interface FsBlobStore extends BlobStore {
  /** Serves `/blobs/<key>?op=put|get&exp=…&sig=…` (and CORS preflight). */
  handleBlobRequest(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

function isNotFound(e: unknown): boolean {
  return (e as NodeJS.ErrnoException)?.code === 'ENOENT';
}

export function createFsBlobStore(opts: FsBlobStoreOptions): FsBlobStore {
  const root = opts.dir;
  const tempDir = join(root, TEMP_FOLDER);
  const openDir = join(root, OPEN_UPLOADS_FOLDER);
  const base = opts.publicUrl.replace(/\/+$/, '');

  // An upload URL writes only while its key's marker is here: made when the URL is issued,
  // removed when the object is written, deleted, confirmed or consumed (closeUpload).
  const markerOf = (key: string) => join(openDir, createHash('sha256').update(key).digest('hex'));
  let lastPrune = 0;
  async function openUpload(key: string, exp: number): Promise<void> {
    await mkdir(openDir, { recursive: true, mode: 0o700 });
    await writeFile(markerOf(key), String(exp), { mode: 0o600 });
    if (Date.now() - lastPrune > 60_000) {
      lastPrune = Date.now();
      void pruneMarkers().catch(() => undefined);
    }
  }
  /** Markers of URLs that have expired unused. */
  async function pruneMarkers(): Promise<void> {
    const now = Date.now() / 1000;
    for (const name of await readdir(openDir)) {
      const exp = Number(await readFile(join(openDir, name), 'utf8').catch(() => '0'));
      if (exp < now) await rm(join(openDir, name), { force: true });
    }
  }
  async function isOpenUpload(key: string): Promise<boolean> {
    const exp = Number(await readFile(markerOf(key), 'utf8').catch(() => '0'));
    return exp * 1000 >= Date.now();
  }
  async function closeUpload(key: string): Promise<void> {
    await rm(markerOf(key), { force: true });
  }

  async function newTempFile(): Promise<string> {
    await mkdir(tempDir, { recursive: true, mode: 0o700 });
    return join(tempDir, randomUUID());
  }

  async function moveIntoPlace(temp: string, key: string): Promise<void> {
    const target = blobPath(root, key);
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    await rename(temp, target);
  }

  function signedUrl(p: SignedBlobParams): string {
    const q = new URLSearchParams({ op: p.op, exp: String(p.exp) });
    if (p.name !== undefined) q.set('name', p.name);
    if (p.type !== undefined) q.set('type', p.type);
    if (p.max !== undefined) q.set('max', String(p.max));
    q.set('sig', signBlobParams(opts.secret, p));
    return `${base}/blobs/${encodeKeyForUrl(p.key)}?${q.toString()}`;
  }

  const expiry = (seconds: number | undefined) => Math.floor(Date.now() / 1000) + (seconds ?? DEFAULT_URL_TTL_SECONDS);

  const store: FsBlobStore = {
    async presignPut(key, _contentType, expiresIn, maxBytes) {
      blobPath(root, key);
      const exp = expiry(expiresIn);
      await openUpload(key, exp);
      return signedUrl({ op: 'put', key, exp, ...(maxBytes === undefined ? {} : { max: maxBytes }) });
    },

    closeUpload: (key) => closeUpload(key),

    async presignGet(key, options = {}) {
      blobPath(root, key);
      return signedUrl({ op: 'get', key, exp: expiry(options.expiresIn), name: options.downloadName, type: options.contentType });
    },

    async *read(key) {
      const path = blobPath(root, key);
      const stream = createReadStream(path);
      try {
        for await (const chunk of stream) yield chunk as Uint8Array;
      } catch (e) {
        if (isNotFound(e)) throw new BlobNotFoundError(key);
        throw e;
      } finally {
        stream.destroy();
      }
    },

    async readRange(key, start, length) {
      try {
        return await readFileRange(blobPath(root, key), start, length);
      } catch (e) {
        if (isNotFound(e)) throw new BlobNotFoundError(key);
        throw e;
      }
    },

    writer(key): ByteSink {
      blobPath(root, key);
      let out: WriteStream | undefined;
      let temp: string | undefined;
      const open = async () => {
        if (!out) {
          temp = await newTempFile();
          // 1 MB before a write waits for the disk (the report writes its outputs in 1 MB chunks).
          out = createWriteStream(temp, { mode: 0o600, highWaterMark: 1 << 20 });
        }
        return out;
      };
      return {
        async write(chunk, release) {
          const s = await open();
          // The writer may fill the chunk's buffer again once the file has it.
          if (!s.write(chunk, release && (() => release()))) await new Promise<void>((resolve, reject) => {
            // Remove both listeners whichever fires, so long writes don't pile them up.
            const onDrain = () => {
              s.off('error', onError);
              resolve();
            };
            const onError = (e: Error) => {
              s.off('drain', onDrain);
              reject(e);
            };
            s.once('drain', onDrain);
            s.once('error', onError);
          });
        },
        async end() {
          const s = await open();
          await new Promise<void>((resolve, reject) => {
            s.once('error', reject);
            s.end(resolve);
          });
          await moveIntoPlace(temp!, key);
        },
      };
    },

    async put(key, body) {
      blobPath(root, key);
      const temp = await newTempFile();
      await writeFile(temp, body, { mode: 0o600 });
      await moveIntoPlace(temp, key);
    },

    async head(key) {
      try {
        const s = await stat(blobPath(root, key));
        return s.isFile() ? { size: s.size } : undefined;
      } catch (e) {
        if (isNotFound(e)) return undefined;
        throw e;
      }
    },

    localPath: (key) => blobPath(root, key),

    async delete(key) {
      await rm(blobPath(root, key), { force: true });
      await closeUpload(key);
    },

    async deletePrefix(prefix) {
      // A folder prefix (`…/`) goes with its folders, so no empty tree is left behind.
      if (prefix.endsWith('/') && prefix.length > 1 && !prefix.startsWith(`${TEMP_FOLDER}/`)) {
        return void (await rm(blobPath(root, prefix.slice(0, -1)), { recursive: true, force: true }));
      }
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = folder ? blobPath(root, folder) : root;
      const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch((e) => {
        if (isNotFound(e)) return [];
        throw e;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = join(entry.parentPath, entry.name);
        const key = relative(root, full).split(sep).join('/');
        if (key.startsWith(prefix) && !key.startsWith(`${TEMP_FOLDER}/`)) await rm(full, { force: true });
      }
    },

    handleBlobRequest(req, res) {
      return handleSignedBlobRequest({ root, secret: opts.secret, tempDir: () => newTempFile(), moveIntoPlace, isOpenUpload, closeUpload }, req, res);
    },
  };
  return store;
}

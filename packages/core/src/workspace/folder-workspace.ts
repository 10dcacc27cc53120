import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { ByteSink, ChunkSource, ChunkWriter, Workspace } from './types.ts';

/** Chunks of reads and copies: the report step copies gigabytes of part files into the outputs. */
const READ_CHUNK = 1 << 20;
/** Released buffers a copy keeps to fill again. */
const MAX_FREE_BUFFERS = 4;

/** A sink writing one file; `end()` resolves once the file is closed. */
export function fileSink(path: string): ByteSink {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  let failed: Error | undefined;
  out.on('error', (e) => (failed = e));
  return {
    write(chunk, release) {
      if (failed) throw failed;
      if (out.write(chunk, release && (() => release()))) return;
      return new Promise<void>((res, rej) => {
        const onError = (e: Error) => rej(e);
        out.once('error', onError);
        out.once('drain', () => {
          out.off('error', onError);
          res();
        });
      });
    },
    end: () =>
      new Promise<void>((res, rej) => {
        if (failed) return rej(failed);
        out.end(() => (failed ? rej(failed) : res()));
      }),
  };
}

/** A Workspace in a folder (the CLI's temp folder); names may contain `/`. */
export function createFolderWorkspace(root: string): Workspace {
  const pathOf = (name: string) => {
    const p = resolve(root, name);
    if (!p.startsWith(resolve(root))) throw new Error(`workspace name escapes its folder: ${name}`);
    return p;
  };
  return {
    write: (name) => fileSink(pathOf(name)),
    // 64 KB chunks (the default) cost a read, a write and a buffer each.
    read: (name) => createReadStream(join(pathOf(name)), { highWaterMark: READ_CHUNK }),
    copy: async (name, write) => copyFile(pathOf(name), write),
    remove: (name) => rm(pathOf(name), { force: true }),
  };
}

/**
 * A file's bytes into `write`, filling a buffer again once `write` released it: a fresh buffer per
 * chunk made most of the main thread's full garbage collections while it joined the report parts
 * (V8 starts one for every 64 MB or so of new ArrayBuffers, however small the heap).
 */
async function copyFile(path: string, write: ChunkWriter): Promise<void> {
  const file = await open(path, 'r');
  const free: Buffer[] = [];
  try {
    for (;;) {
      const buf = free.pop() ?? Buffer.allocUnsafe(READ_CHUNK);
      const { bytesRead } = await file.read(buf, 0, buf.length, null);
      if (bytesRead === 0) return;
      let released = false;
      const pending = write(buf.subarray(0, bytesRead), () => {
        if (!released && free.length < MAX_FREE_BUFFERS) free.push(buf);
        released = true;
      });
      if (pending) await pending;
    }
  } finally {
    await file.close();
  }
}

/** Workspace entry `name` as a ChunkSource read once: the entry is removed after (when the workspace can). */
export function moveOf(ws: Workspace, name: string): ChunkSource {
  const copy = copyOf(ws, name);
  return async (write) => {
    await copy(write);
    await ws.remove?.(name);
  };
}

/** Workspace entry `name` as a ChunkSource: through `copy` when the workspace has it, else `read`. */
export function copyOf(ws: Workspace, name: string): ChunkSource {
  if (ws.copy) return (write) => ws.copy!(name, write);
  return async (write) => {
    for await (const chunk of ws.read(name)) {
      const pending = write(chunk);
      if (pending) await pending;
    }
  };
}

/** Writes a JSON document to the workspace. */
export async function writeJson(ws: Workspace, name: string, value: unknown): Promise<void> {
  const sink = ws.write(name);
  await sink.write(Buffer.from(JSON.stringify(value), 'utf8'));
  await sink.end();
}

/** Reads a workspace entry as text; undefined when it does not exist. */
export async function readText(ws: Workspace, name: string): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const c of ws.read(name)) chunks.push(Buffer.from(c));
  } catch (e) {
    if (isMissing(e)) return undefined;
    throw e;
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson<T>(ws: Workspace, name: string): Promise<T | undefined> {
  const text = await readText(ws, name);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/**
 * Writes an object as JSON lines, one `[key, value]` per top-level key: no single huge string on
 * write or read (facts of a 100 MB file run to tens of MB).
 */
export async function writeJsonLines(ws: Workspace, name: string, value: object): Promise<void> {
  const sink = ws.write(name);
  for (const [key, v] of Object.entries(value)) await sink.write(Buffer.from(`${JSON.stringify([key, v])}\n`, 'utf8'));
  await sink.end();
}

/** Reads what writeJsonLines wrote; undefined when the entry does not exist. */
export async function readJsonLines<T>(ws: Workspace, name: string): Promise<T | undefined> {
  const out: Record<string, unknown> = {};
  let pending: Buffer[] = [];
  const take = (line: Buffer) => {
    if (line.length === 0) return;
    const [key, v] = JSON.parse(line.toString('utf8')) as [string, unknown];
    out[key] = v;
  };
  try {
    for await (const chunk of ws.read(name)) {
      let buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      let nl = buf.indexOf(10);
      while (nl >= 0) {
        take(pending.length ? Buffer.concat([...pending, buf.subarray(0, nl)]) : buf.subarray(0, nl));
        pending = [];
        buf = buf.subarray(nl + 1);
        nl = buf.indexOf(10);
      }
      if (buf.length) pending.push(buf);
    }
  } catch (e) {
    if (isMissing(e)) return undefined;
    throw e;
  }
  if (pending.length) take(Buffer.concat(pending));
  return out as T;
}

function isMissing(e: unknown): boolean {
  return (e as NodeJS.ErrnoException).code === 'ENOENT' || (e as { name?: string }).name === 'NoSuchKey' || (e as { code?: string }).code === 'NotFound';
}

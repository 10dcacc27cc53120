import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { copyOf, createFolderWorkspace, fileSink, moveOf } from './folder-workspace.ts';
import type { Workspace } from './types.ts';

const dir = mkdtempSync(join(tmpdir(), 'folder-workspace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// 2.5 MB: three reads of 1 MB.
const bytes = Buffer.from(Array.from({ length: 2_621_440 }, (_, i) => (i * 7 + (i >> 10)) & 255));

async function written(ws: Workspace, name: string): Promise<void> {
  const sink = ws.write(name);
  await sink.write(bytes.subarray(0, 1000));
  await sink.write(bytes.subarray(1000));
  await sink.end();
}

describe('folder workspace copy', () => {
  it('hands over the bytes in order, filling released buffers again', async () => {
    const ws = createFolderWorkspace(dir);
    await written(ws, 'parts/a.bin');
    const chunks: Uint8Array[] = [];
    const copies: Buffer[] = [];
    await copyOf(ws, 'parts/a.bin')((chunk, release) => {
      chunks.push(chunk);
      copies.push(Buffer.from(chunk));
      release?.();
    });
    expect(Buffer.concat(copies).equals(bytes)).toBe(true);
    expect(chunks.length).toBe(3);
    expect(chunks[1]!.buffer).toBe(chunks[0]!.buffer);
  });

  it('never reads into a buffer the writer has not released', async () => {
    const ws = createFolderWorkspace(dir);
    await written(ws, 'b.bin');
    const chunks: Uint8Array[] = [];
    await copyOf(ws, 'b.bin')(async (chunk) => {
      chunks.push(chunk);
      await new Promise((r) => setTimeout(r, 1));
    });
    expect(new Set(chunks.map((c) => c.buffer)).size).toBe(3);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('reads through `read` in a workspace without `copy`, and fails on a missing entry', async () => {
    const folder = createFolderWorkspace(dir);
    await written(folder, 'c.bin');
    const plain: Workspace = { write: folder.write, read: folder.read };
    const copies: Buffer[] = [];
    await copyOf(plain, 'c.bin')((chunk) => void copies.push(Buffer.from(chunk)));
    expect(Buffer.concat(copies).equals(bytes)).toBe(true);
    await expect(copyOf(folder, 'missing.bin')(() => undefined)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(copyOf(plain, 'missing.bin')(() => undefined)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a file sink releases each chunk once it has written it', async () => {
    const sink = fileSink(join(dir, 'd.bin'));
    const released: number[] = [];
    const chunk = Buffer.from(bytes.subarray(0, 3000));
    await sink.write(chunk, () => released.push(1));
    await sink.write(bytes.subarray(3000, 5000), () => released.push(2));
    await sink.end();
    expect(released).toEqual([1, 2]);
    chunk.fill(0);
    expect(readFileSync(join(dir, 'd.bin')).equals(bytes.subarray(0, 5000))).toBe(true);
  });
});

describe('folder workspace move', () => {
  it('hands over the bytes, then removes the entry', async () => {
    const ws = createFolderWorkspace(dir);
    await written(ws, 'parts/moved.bin');
    const copies: Buffer[] = [];
    await moveOf(ws, 'parts/moved.bin')((chunk, release) => {
      copies.push(Buffer.from(chunk));
      release?.();
    });
    expect(Buffer.concat(copies).equals(bytes)).toBe(true);
    expect(existsSync(join(dir, 'parts/moved.bin'))).toBe(false);
  });

  it('keeps the entry of a workspace that cannot remove (as the blob store)', async () => {
    const inner = createFolderWorkspace(dir);
    await written(inner, 'kept.bin');
    const ws: Workspace = { write: (n) => inner.write(n), read: (n) => inner.read(n) };
    const copies: Buffer[] = [];
    await moveOf(ws, 'kept.bin')((chunk) => {
      copies.push(Buffer.from(chunk));
    });
    expect(Buffer.concat(copies).equals(bytes)).toBe(true);
    expect(existsSync(join(dir, 'kept.bin'))).toBe(true);
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from '../../ports/index.ts';
import { blobPath, InvalidBlobKeyError } from './blob-keys.ts';
import { createFsBlobStore, type FsBlobStore } from './fs-store.ts';

let dir: string;
let server: Server;
let store: FsBlobStore;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-blobs-'));
  server = createServer((req, res) => void store.handleBlobRequest(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  store = createFsBlobStore({ dir, secret: 'unit-test-secret-0123456789abcdef', publicUrl: base });
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await rm(dir, { recursive: true, force: true });
});

async function collect(it: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of it) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString('utf8');
}

describe('fs blob store: direct API', () => {
  it('reads a byte range, shorter at the end of the object, and names a missing one', async () => {
    await store.put('users/u1/r.csv', '0123456789');
    expect(Buffer.from(await store.readRange('users/u1/r.csv', 2, 3)).toString()).toBe('234');
    expect(Buffer.from(await store.readRange('users/u1/r.csv', 8, 10)).toString()).toBe('89');
    expect((await store.readRange('users/u1/r.csv', 20, 5)).length).toBe(0);
    await expect(store.readRange('users/u1/none.csv', 0, 5)).rejects.toThrow(BlobNotFoundError);
    await store.delete('users/u1/r.csv');
  });

  it('puts, heads, reads and deletes an object', async () => {
    await store.put('users/u1/a.csv', 'A,B\n1,2\n');
    expect(await store.head('users/u1/a.csv')).toEqual({ size: 8 });
    expect(await collect(store.read('users/u1/a.csv'))).toBe('A,B\n1,2\n');
    await store.delete('users/u1/a.csv');
    expect(await store.head('users/u1/a.csv')).toBeUndefined();
    await store.delete('users/u1/a.csv'); // deleting twice is not an error
  });

  it('throws BlobNotFoundError when reading a missing object', async () => {
    await expect(collect(store.read('users/u1/missing.csv'))).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('streams writes and only shows the object once end() resolves', async () => {
    const w = store.writer('users/u1/out/report.csv', 'text/csv');
    await w.write(new TextEncoder().encode('x,'));
    expect(await store.head('users/u1/out/report.csv')).toBeUndefined();
    await w.write(new TextEncoder().encode('y'));
    await w.end();
    expect(await collect(store.read('users/u1/out/report.csv'))).toBe('x,y');
  });

  it('deletes by prefix without touching neighbours', async () => {
    await store.put('users/u2/analyses/a1/x.json', '1');
    await store.put('users/u2/analyses/a1/work/y.bin', '2');
    await store.put('users/u2/analyses/a10/z.json', '3');
    await store.deletePrefix('users/u2/analyses/a1/');
    expect(await store.head('users/u2/analyses/a1/x.json')).toBeUndefined();
    expect(await store.head('users/u2/analyses/a1/work/y.bin')).toBeUndefined();
    expect(await store.head('users/u2/analyses/a10/z.json')).toEqual({ size: 1 });
  });

  it('refuses keys that could leave the store folder', async () => {
    for (const key of ['../x', 'users/../../etc/passwd', '/abs', 'a//b', 'a\\b', '.tmp/x', '']) {
      expect(() => blobPath(dir, key), key).toThrow(InvalidBlobKeyError);
    }
    await expect(store.put('../escape.txt', 'x')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    expect(await readdir(join(dir, '..'))).not.toContain('escape.txt');
  });
});

describe('fs blob store: signed URLs', () => {
  it('uploads through a presigned PUT and downloads through a presigned GET with name and type', async () => {
    const putUrl = await store.presignPut('users/u3/uploads/f1/data file.csv', 'text/csv');
    expect(putUrl.startsWith(`${base}/blobs/users/u3/uploads/f1/data%20file.csv?op=put&exp=`)).toBe(true);
    const put = await fetch(putUrl, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: 'USER,TCODE\nALICE,SU01\n' });
    expect(put.status).toBe(200);
    expect(await store.head('users/u3/uploads/f1/data file.csv')).toEqual({ size: 22 });

    const getUrl = await store.presignGet('users/u3/uploads/f1/data file.csv', { downloadName: 'résultats.csv', contentType: 'text/csv' });
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('text/csv');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="r_sultats.csv"; filename*=UTF-8''r%C3%A9sultats.csv`);
    expect(await got.text()).toBe('USER,TCODE\nALICE,SU01\n');
  });

  it('answers 403 to tampered URLs: other key, other op, altered signature, altered name', async () => {
    await store.put('users/u4/secret.csv', 'private');
    await store.put('users/u5/other.csv', 'other');
    const getUrl = await store.presignGet('users/u4/secret.csv');
    const otherKey = getUrl.replace('users/u4/secret.csv', 'users/u5/other.csv');
    expect((await fetch(otherKey)).status).toBe(403);
    const asPut = await fetch(getUrl.replace('op=get', 'op=put'), { method: 'PUT', body: 'overwrite' });
    expect(asPut.status).toBe(403);
    const url = new URL(getUrl);
    url.searchParams.set('sig', url.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')));
    expect((await fetch(url)).status).toBe(403);
    const named = new URL(await store.presignGet('users/u4/secret.csv', { downloadName: 'a.csv' }));
    named.searchParams.set('name', 'b.html');
    expect((await fetch(named)).status).toBe(403);
    const later = new URL(getUrl);
    later.searchParams.set('exp', String(Number(later.searchParams.get('exp')) + 3600));
    expect((await fetch(later)).status).toBe(403);
    expect(await collect(store.read('users/u4/secret.csv'))).toBe('private');
  });

  it('answers 403 to an expired URL and keeps the object unchanged', async () => {
    await store.put('users/u6/a.csv', 'original');
    const putUrl = await store.presignPut('users/u6/a.csv', 'text/csv', -1);
    const res = await fetch(putUrl, { method: 'PUT', body: 'replaced' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { message: 'Request has expired' } });
    expect(await collect(store.read('users/u6/a.csv'))).toBe('original');
  });

  it('answers 404 for a signed URL whose object is gone, 400 for a traversal key', async () => {
    const url = await store.presignGet('users/u7/gone.csv');
    expect((await fetch(url)).status).toBe(404);
    const res = await fetch(`${base}/blobs/users/%2E%2E/%2E%2E/etc/passwd?op=get&exp=9999999999&sig=x`);
    expect(res.status).toBe(400);
  });
});

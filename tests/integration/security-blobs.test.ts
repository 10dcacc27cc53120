/**
 * Presigned blob URLs and uploads on the real local server: a URL grants exactly one operation on
 * one key until it expires; keys never leave the store's folder; file names can neither climb
 * out of the caller's prefix nor inject headers; the 100 MB rule holds however the client lies.
 */
import { readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBlobParams } from '@app/functions/adapters/blobs/url-signature.ts';
import { SM20_LINE, SM20_MINI, startTestStack, uploadFile, type TestClient, type TestStack } from '../support/stack.ts';
import { putStreamed } from '../support/uploads.ts';

let stack: TestStack;
let alice: TestClient;
let mallory: TestClient;
let secret: string;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
  [alice, mallory] = await Promise.all([
    stack.signIn(stack.user.email, stack.user.password),
    stack.createUser('mallory@test.local', 'Mallory-Pass-123!'),
  ]);
  secret = (await readFile(join(stack.dataDir, 'secret'), 'utf8')).trim();
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

/** Sends `path` byte for byte (fetch and URL would normalise `..` and `%2e%2e` away). */
function rawRequest(method: string, path: string, body?: string): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  const base = new URL(stack.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method, path, headers: body ? { 'content-length': String(Buffer.byteLength(body)) } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function signedPath(op: 'put' | 'get', rawKeyPath: string, decodedKey: string, exp = Math.floor(Date.now() / 1000) + 600): string {
  const sig = signBlobParams(secret, { op, key: decodedKey, exp });
  return `/blobs/${rawKeyPath}?op=${op}&exp=${exp}&sig=${sig}`;
}

async function startUpload(client: TestClient, fileName = 'data.csv') {
  const res = await client.call('POST', '/upload', { fileName, fileType: 'csv' });
  expect(res.status, res.text).toBe(200);
  return res.json as { uploadUrl: string; fileId: string; key: string; contentType: string };
}

const put = (url: string, body: string) => fetch(url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body });

describe('presigned upload URLs', () => {
  it('refuse a changed signature, expiry, operation or key with 403 and store nothing', async () => {
    const { uploadUrl, key } = await startUpload(alice);
    const url = new URL(uploadUrl);
    const malloryKey = key.replace(alice.sub, mallory.sub);
    const variants: [string, (u: URL) => void][] = [
      ['signature', (u) => u.searchParams.set('sig', u.searchParams.get('sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')))],
      ['no signature', (u) => u.searchParams.delete('sig')],
      ['expiry', (u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600))],
      ['operation', (u) => u.searchParams.set('op', 'get')],
      ["key (into mallory's prefix)", (u) => (u.pathname = `/blobs/${malloryKey}`)],
      ['key (sibling name)', (u) => (u.pathname = u.pathname.replace(/data\.csv$/, 'other.csv'))],
    ];
    for (const [what, change] of variants) {
      const tampered = new URL(url);
      change(tampered);
      const res = await put(tampered.toString(), 'x');
      expect(res.status, what).toBe(403);
    }
    expect(await stack.services.blobs.head(key)).toBeUndefined();
    expect(await stack.services.blobs.head(malloryKey)).toBeUndefined();
    // Control: the untouched URL works.
    expect((await put(uploadUrl, 'a,b\r\n')).status).toBe(200);
    expect(await stack.services.blobs.head(key)).toEqual({ size: 5 });
  });

  it('refuse an expired URL with 403 even when correctly signed', async () => {
    const { key } = await startUpload(alice);
    const res = await rawRequest('PUT', signedPath('put', key, key, Math.floor(Date.now() / 1000) - 1), 'x');
    expect(res.status).toBe(403);
    expect(JSON.parse(res.text).error.message).toBe('Request has expired');
    expect(await stack.services.blobs.head(key)).toBeUndefined();
  });

  it('cannot be used to read, and a download URL cannot be used to write', async () => {
    const up = await uploadFile(alice, 'keep.csv', SM20_MINI);
    expect(up.ready.status).toBe(200);
    const { uploadUrl } = await startUpload(alice, 'other.csv');
    expect((await fetch(uploadUrl)).status).toBe(403);

    const getUrl = await stack.services.blobs.presignGet(up.key);
    const write = await put(getUrl, 'overwritten');
    expect(write.status).toBe(403);
    const read = await fetch(getUrl);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe(SM20_MINI);
  });
});

describe('blob keys cannot leave the store', () => {
  it('are refused when they climb, are absolute, use backslashes or reach the temp folder, even with a valid signature', async () => {
    const attempts: [string, string][] = [
      ['users/%2e%2e/%2e%2e/secret', 'users/../../secret'],
      ['..%2f..%2fsecret', '../../secret'],
      ['%2e%2e/secret', '../secret'],
      ['%2fetc%2fpasswd', '/etc/passwd'],
      ['users%5c..%5c..%5csecret', 'users\\..\\..\\secret'],
      ['.tmp/x', '.tmp/x'],
      ['users/a%00b', 'users/a\0b'],
    ];
    for (const [raw, decoded] of attempts) {
      for (const op of ['get', 'put'] as const) {
        const res = await rawRequest(op === 'get' ? 'GET' : 'PUT', signedPath(op, raw, decoded), op === 'put' ? 'pwned' : undefined);
        expect(res.text, `${op} ${raw}`).not.toContain(secret);
        // `%2e%2e` segments are normalised by the URL parser before routing, so those requests
        // never reach the blob handler at all (the web app answers); the rest it refuses itself.
        const normalisedAway = !new URL(`http://x/blobs/${raw}`).pathname.startsWith('/blobs/');
        if (normalisedAway) expect(res.status === 200 && op === 'put', `${op} ${raw}`).toBe(false);
        else expect(res.status, `${op} ${raw}`).toBe(400);
      }
    }
    // Nothing was written next to the data folder's secret.
    expect((await readFile(join(stack.dataDir, 'secret'), 'utf8')).trim()).toBe(secret);
    await expect(stat(join(stack.dataDir, 'blobs', '..', 'x'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('cannot be presigned by the server either', async () => {
    for (const key of ['../secret', 'users/../../secret', '/etc/passwd', '.tmp/x', '']) {
      await expect(stack.services.blobs.presignGet(key), key).rejects.toThrow(/Invalid blob key/);
      await expect(stack.services.blobs.presignPut(key, 'text/csv', 60), key).rejects.toThrow(/Invalid blob key/);
    }
  });
});

describe('download names', () => {
  it('cannot inject headers through Content-Disposition', async () => {
    const up = await uploadFile(alice, 'dl.csv', SM20_MINI);
    const hostile = 'report"\r\nSet-Cookie: session=stolen\r\nX-Evil: 1\r\n; filename="evil.exe.csv';
    const res = await fetch(await stack.services.blobs.presignGet(up.key, { downloadName: hostile, contentType: 'text/csv' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('x-evil')).toBeNull();
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).not.toMatch(/[\r\n]/);
    // One quoted ASCII name (quotes replaced) and the exact name percent-encoded.
    expect(disposition).toBe(`attachment; filename="report___Set-Cookie: session=stolen__X-Evil: 1__; filename=_evil.exe.csv"; filename*=UTF-8''${encodeURIComponent(hostile)}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('are bound to the signature: a changed name or type is a 403', async () => {
    const up = await uploadFile(alice, 'dl2.csv', SM20_MINI);
    const url = new URL(await stack.services.blobs.presignGet(up.key, { downloadName: 'report.csv', contentType: 'text/csv' }));
    for (const [param, value] of [['name', 'evil.html'], ['type', 'text/html']]) {
      const changed = new URL(url);
      changed.searchParams.set(param!, value!);
      expect((await fetch(changed)).status, param).toBe(403);
    }
  });
});

describe('upload file names', () => {
  const keyPrefix = () => `users/${alice.sub}/uploads/`;

  it('keep unicode, path separators and markup as display text while the key stays one safe segment', async () => {
    for (const name of ['Prüfung 日本語 ✓.csv', '../../../etc/passwd.csv', '..\\..\\windows\\x.csv', '<img src=x onerror=alert(1)>.csv', '/abs/path.txt']) {
      const up = await uploadFile(alice, name, SM20_MINI);
      expect(up.ready.status, name).toBe(200);
      expect(up.ready.json.file.fileName, name).toBe(name);
      const rest = up.key.slice(keyPrefix().length);
      expect(up.key.startsWith(keyPrefix()), name).toBe(true);
      expect(rest, name).toMatch(new RegExp(`^${up.fileId}/[A-Za-z0-9_][A-Za-z0-9._-]*$`));
    }
  });

  it('limit names to 255 characters, keep the key short, and refuse control characters', async () => {
    const long = `${'n'.repeat(251)}.csv`;
    const ok = await startUpload(alice, long);
    expect(ok.key.split('/').at(-1)!.length).toBeLessThanOrEqual(120);
    for (const name of [`${'n'.repeat(252)}.csv`, 'a\r\nb.csv', 'tab\there.csv', 'nul\0.csv']) {
      const res = await alice.call('POST', '/upload', { fileName: name, fileType: 'csv' });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json.error.message, JSON.stringify(name)).toMatch(/fileName/);
    }
  });
});

describe('the 100 MB limit', () => {

  it('cannot be bypassed by replacing a confirmed upload: its URL writes once, and analyze checks size and hash', async () => {
    const eve = await stack.createUser('eve@test.local', 'Eve-Pass-123!');
    const { uploadUrl, fileId, key } = await startUpload(eve, 'small.csv');
    expect((await put(uploadUrl, SM20_MINI)).status).toBe(200);
    // The client lies about the size; the server measures.
    const ready = await eve.call('PUT', '/files', { fileId, status: 'ready', size: 1 });
    expect(ready.json.file.size).toBe(SM20_MINI.length);
    // The upload URL is spent: neither a large nor a small body replaces the confirmed object.
    expect(await putStreamed(uploadUrl, 104_857_601)).toBe(409);
    const again = await put(uploadUrl, '36 bytes that would replace the file');
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('This upload URL has already been used; request a new one');
    expect((await stack.services.blobs.head(key))?.size).toBe(SM20_MINI.length);
    // Confirming again does not take in content written since.
    expect((await eve.call('PUT', '/files', { fileId, status: 'ready', size: 10 })).json.file.size).toBe(SM20_MINI.length);

    // An S3 presigned PUT cannot be revoked before it expires: a replaced object (same size,
    // other bytes; then larger) is caught at POST /analyze by the hash and size taken at confirmation.
    await stack.services.blobs.put(key, SM20_MINI.replace('10:00:00', '11:00:00'), 'text/csv');
    const sameSize = await eve.call('POST', '/analyze', { fileIds: [fileId] });
    expect(sameSize.status).toBe(409);
    expect(sameSize.json.error).toEqual({ code: 'CONFLICT', message: 'File "small.csv" was changed after its upload was confirmed; upload it again' });
    await stack.services.blobs.put(key, `${SM20_MINI}${SM20_LINE}`, 'text/csv');
    expect((await eve.call('POST', '/analyze', { fileIds: [fileId] })).status).toBe(409);
    expect((await eve.call('GET', '/results')).json.analyses).toEqual([]);
    await eve.call('DELETE', '/files', { fileId });
    expect(await stack.services.blobs.head(key)).toBeUndefined();
  });
});

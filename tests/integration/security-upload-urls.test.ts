/**
 * Issue 26, item 5: an upload URL lives as long as its file. Once the file is deleted, confirmed
 * or consumed by an import, its URL writes nothing (a deleted file's URL wrote a 5 MB orphan
 * nothing listed or removed), and the local blob server takes at most the size the URL was issued
 * for (it took up to 1 GB).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SM20_MINI, startTestStack, type TestClient, type TestStack } from '../support/stack.ts';
import { putStreamed } from '../support/uploads.ts';

let stack: TestStack;
let alice: TestClient;
let admin: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true, quietErrors: true });
  [alice, admin] = await Promise.all([stack.signIn(stack.user.email, stack.user.password), stack.signIn(stack.admin.email, stack.admin.password)]);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

const CLOSED = 'This upload URL can no longer be used: its file was deleted, confirmed or already imported; request a new one';

async function put(url: string, body: string | Uint8Array): Promise<{ status: number; message?: string }> {
  const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: body as BodyInit });
  const text = await res.text();
  return { status: res.status, message: text ? JSON.parse(text).error?.message : undefined };
}


async function startUpload(client: TestClient, name = 'f.csv') {
  const res = await client.call('POST', '/upload', { fileName: name, fileType: 'csv' });
  expect(res.status).toBe(200);
  return res.json as { uploadUrl: string; fileId: string; key: string };
}

describe('upload URLs bound to the life of their file', () => {
  it('refuses a deleted file\'s URL, before and after anything was uploaded, and leaves no object', async () => {
    const unused = await startUpload(alice);
    expect((await alice.call('DELETE', '/files', { fileId: unused.fileId })).status).toBe(200);
    expect(await put(unused.uploadUrl, 'x'.repeat(5 * 1024 * 1024))).toEqual({ status: 403, message: CLOSED });
    expect(await stack.services.blobs.head(unused.key)).toBeUndefined();

    const used = await startUpload(alice);
    expect((await put(used.uploadUrl, 'a,b\r\n1,2\r\n')).status).toBe(200);
    expect((await alice.call('DELETE', '/files', { fileId: used.fileId })).status).toBe(200);
    expect(await put(used.uploadUrl, 'a,b\r\n')).toEqual({ status: 403, message: CLOSED });
    expect(await stack.services.blobs.head(used.key)).toBeUndefined();
  });

  it("refuses a confirmed file's URL", async () => {
    const u = await startUpload(alice);
    expect((await put(u.uploadUrl, SM20_MINI)).status).toBe(200);
    expect((await alice.call('PUT', '/files', { fileId: u.fileId, status: 'ready' })).status).toBe(200);
    expect((await put(u.uploadUrl, 'c,d\r\n')).status).toBe(409);
    expect(await stack.services.blobs.head(u.key)).toEqual({ size: SM20_MINI.length });
  });

  it('refuses a list-import URL once its import consumed the file', async () => {
    const target = await admin.call('POST', '/imports/upload', { fileName: 'tcodes.csv' });
    const { uploadUrl, key } = target.json;
    expect((await put(uploadUrl, 'TCODE,CATEGORY\nZURL1,Security\n')).status).toBe(200);
    const imported = await admin.call('POST', '/risk-import', { type: 'tcodes', key });
    expect(imported.status, imported.text).toBe(200);
    expect(await put(uploadUrl, 'TCODE,CATEGORY\nZURL2,Security\n')).toEqual({ status: 403, message: CLOSED });
    expect(await stack.services.blobs.head(key)).toBeUndefined();
  });

  it('caps a PUT at the size the URL was issued for, declared or streamed', async () => {
    const target = await admin.call('POST', '/imports/upload', { fileName: 'big.csv' });
    const { uploadUrl, key, maxBytes } = target.json;
    expect(maxBytes).toBe(20 * 1024 * 1024);
    expect(await putStreamed(uploadUrl, maxBytes + 1, { tolerateReset: true })).toBe(413);
    expect(await putStreamed(uploadUrl, maxBytes + 1, { declareLength: false, tolerateReset: true })).toBe(413);
    expect(await stack.services.blobs.head(key)).toBeUndefined();
    // A URL whose size was changed is refused by its signature.
    const raised = new URL(uploadUrl);
    raised.searchParams.set('max', String(1024 * 1024 * 1024));
    expect((await put(raised.toString(), 'x')).status).toBe(403);
    // Exactly the size is accepted.
    expect(await putStreamed(uploadUrl, maxBytes, { tolerateReset: true })).toBe(200);
    expect(await stack.services.blobs.head(key)).toEqual({ size: maxBytes });

    const file = await startUpload(alice, 'huge.csv');
    expect(await putStreamed(file.uploadUrl, 100 * 1024 * 1024 + 1, { tolerateReset: true })).toBe(413);
    expect(await stack.services.blobs.head(file.key)).toBeUndefined();
  }, 60_000);
});

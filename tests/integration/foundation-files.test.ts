/**
 * Per-user file storage on the real local stack: the browser's upload sequence, the 100 MB
 * rule, signed URLs, and two users who cannot see or touch each other's files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SM20_HEADER, SM20_MINI, startTestStack, uploadFile, type TestClient, type TestStack } from '../support/stack.ts';
import { putStreamed } from '../support/uploads.ts';

let stack: TestStack;
let alice: TestClient;
let bob: TestClient;

beforeAll(async () => {
  stack = await startTestStack({ inMemory: true });
  alice = await stack.signIn(stack.user.email, stack.user.password);
  bob = await stack.createUser('bob@test.local', 'Bob-Pass-123!');
});

afterAll(async () => {
  await stack?.stop();
});

const CSV = SM20_MINI;


describe('upload sequence', () => {
  it('POST /upload → PUT uploadUrl → PUT /files → listed as ready with the real size', async () => {
    const started = await alice.call('POST', '/upload', { fileName: 'SM20 export.csv', fileType: 'csv' });
    expect(started.status).toBe(200);
    const { uploadUrl, fileId, key, contentType } = started.json;
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(key).toBe(`users/${alice.sub}/uploads/${fileId}/SM20_export.csv`);
    expect(contentType).toBe('text/csv');
    expect(uploadUrl).toContain(`${stack.url}/blobs/users/${alice.sub}/uploads/${fileId}/`);

    const pending = await alice.call('GET', '/files');
    expect(pending.json.files).toMatchObject([{ fileId, status: 'pending', size: 0 }]);

    const early = await alice.call('PUT', '/files', { fileId, status: 'ready', size: 10 });
    expect(early.status).toBe(400);
    expect(early.json.error.message).toContain('SM20 export.csv: The file has not been uploaded yet');

    const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: CSV });
    expect(put.status).toBe(200);
    // The size the client claims is ignored: the stored object is measured.
    const ready = await alice.call('PUT', '/files', { fileId, status: 'ready', size: 1 });
    expect(ready.status).toBe(200);
    expect(ready.json.file).toMatchObject({ fileId, status: 'ready', size: Buffer.byteLength(CSV) });

    const listed = await alice.call('GET', '/files');
    expect(listed.status).toBe(200);
    const file = listed.json.files.find((f: { fileId: string }) => f.fileId === fileId);
    expect(file).toEqual({
      fileId,
      fileName: 'SM20 export.csv',
      fileType: 'csv',
      size: Buffer.byteLength(CSV),
      status: 'ready',
      uploadDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      key,
      sapType: 'SM20',
    });

    const removed = await alice.call('DELETE', '/files', { fileId });
    expect(removed.status).toBe(200);
    expect((await alice.call('GET', '/files')).json.files.some((f: { fileId: string }) => f.fileId === fileId)).toBe(false);
    expect(await stack.services.blobs.head(key)).toBeUndefined();
  });

  it('gives the storage content type by extension (xlsx: Office type, txt: CSV)', async () => {
    const xlsx = await alice.call('POST', '/upload', { fileName: 'cdhdr.xlsx', fileType: 'excel' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.json.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const txt = await alice.call('POST', '/upload', { fileName: 'SM20 list.TXT', fileType: 'csv' });
    expect(txt.status).toBe(200);
    expect(txt.json.contentType).toBe('text/csv');
    await alice.call('DELETE', '/files', { fileId: xlsx.json.fileId });
    await alice.call('DELETE', '/files', { fileId: txt.json.fileId });
  });

  it('enforces 100 MB on the server: 100 MB + 1 byte is removed and the user told why', async () => {
    const started = await alice.call('POST', '/upload', { fileName: 'huge.csv', fileType: 'csv' });
    const { uploadUrl, fileId, key } = started.json;
    // The local upload URL takes at most 100 MB (issue 26); a store that takes more is checked at PUT /files.
    expect(await putStreamed(uploadUrl, 104_857_601, { head: SM20_HEADER })).toBe(413);
    await stack.services.blobs.put(key, Buffer.alloc(104_857_601, 'a'));
    expect(await stack.services.blobs.head(key)).toEqual({ size: 104_857_601 });

    const res = await alice.call('PUT', '/files', { fileId, status: 'ready', size: 1000 });
    expect(res.status).toBe(413);
    expect(res.json.error.message).toBe('huge.csv: File is too large (max 100MB)');
    expect(await stack.services.blobs.head(key)).toBeUndefined();
    expect((await alice.call('GET', '/files')).json.files.some((f: { fileId: string }) => f.fileId === fileId)).toBe(false);
  });

  it('accepts exactly 100 MB', async () => {
    const started = await alice.call('POST', '/upload', { fileName: 'limit.csv', fileType: 'csv' });
    const { uploadUrl, fileId } = started.json;
    expect(await putStreamed(uploadUrl, 104_857_600, { head: SM20_HEADER })).toBe(200);
    const res = await alice.call('PUT', '/files', { fileId, status: 'ready', size: 104_857_600 });
    expect(res.status).toBe(200);
    expect(res.json.file.size).toBe(104_857_600);
    await alice.call('DELETE', '/files', { fileId });
  });
});

describe('signed upload URLs on the real server', () => {
  it('refuses a tampered URL (403) and stores nothing', async () => {
    const started = await alice.call('POST', '/upload', { fileName: 'a.csv', fileType: 'csv' });
    const { uploadUrl, key } = started.json;
    const url = new URL(uploadUrl);
    const stolen = new URL(url.toString().replace(`users/${alice.sub}/`, `users/${bob.sub}/`));
    expect((await fetch(stolen, { method: 'PUT', body: 'x' })).status).toBe(403);
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 86_400));
    expect((await fetch(url, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect(await stack.services.blobs.head(key)).toBeUndefined();
    await alice.call('DELETE', '/files', { fileId: started.json.fileId });
  });

  it('refuses an expired URL (403)', async () => {
    const key = `users/${alice.sub}/uploads/expired/a.csv`;
    const url = await stack.services.blobs.presignPut(key, 'text/csv', -5);
    const res = await fetch(url, { method: 'PUT', body: 'late' });
    expect(res.status).toBe(403);
    expect(await stack.services.blobs.head(key)).toBeUndefined();
  });
});

describe('isolation between users', () => {
  it("bob can neither list, confirm nor delete alice's file, and nothing changes", async () => {
    const mine = await uploadFile(alice, 'alice-only.csv', CSV);
    expect(mine.ready.status).toBe(200);

    const bobsList = await bob.call('GET', '/files');
    expect(bobsList.status).toBe(200);
    expect(bobsList.json.files).toEqual([]);

    const confirm = await bob.call('PUT', '/files', { fileId: mine.fileId, status: 'ready', size: 1 });
    expect(confirm.status).toBe(404);
    const del = await bob.call('DELETE', '/files', { fileId: mine.fileId, userId: alice.sub });
    expect(del.status).toBe(404);
    expect(del.json.error.message).toBe(`File not found: ${mine.fileId}`);

    const still = (await alice.call('GET', '/files')).json.files.find((f: { fileId: string }) => f.fileId === mine.fileId);
    expect(still).toMatchObject({ status: 'ready', size: Buffer.byteLength(CSV) });
    expect(await stack.services.blobs.head(mine.key)).toEqual({ size: Buffer.byteLength(CSV) });
  });

  it('a malformed fileId is a 400 that names the field', async () => {
    const res = await bob.call('DELETE', '/files', { fileId: '../../etc' });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('fileId');
    const missing = await bob.call('DELETE', '/files');
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toContain('fileId is required');
  });
});

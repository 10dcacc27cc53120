/** Master-list exports travel through a presigned upload, not the request body (docs/deployment.md). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestClient, type TestStack } from '../support/stack.ts';

async function uploadExport(admin: TestClient, fileName: string, body: string): Promise<string> {
  const target = await admin.call('POST', '/master-import/upload', { fileName });
  expect(target.status).toBe(200);
  const { uploadUrl, key, contentType } = target.json as { uploadUrl: string; key: string; contentType: string };
  expect(key).toMatch(/^admin\/imports\/[0-9a-f-]{36}\//);
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body });
  await put.arrayBuffer();
  expect(put.status).toBeLessThan(300);
  return key;
}

describe('master import through an upload', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;

  beforeAll(async () => {
    stack = await startTestStack({ inMemory: true });
    admin = await stack.signIn(stack.admin.email, stack.admin.password);
    user = await stack.signIn(stack.user.email, stack.user.password);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('imports a TSTCT export larger than a Lambda request body could carry, and deletes it after', async () => {
    // SE16 exports carry more columns than the import reads; a wide one makes the file big with few rows.
    const filler = 'x'.repeat(300);
    const lines = ['SPRSL,TCODE,TTEXT,NOTE'];
    for (let i = 0; i < 20_000; i++) lines.push(`E,ZU${String(i).padStart(6, '0')},Custom upload transaction ${i},${filler}`);
    const csv = lines.join('\r\n') + '\r\n';
    expect(csv.length).toBeGreaterThan(6 * 1024 * 1024);
    const key = await uploadExport(admin, 'TSTCT.csv', csv);
    const res = await admin.call('POST', '/master-import', { type: 'tcodes', key });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ imported: 20_000, errors: [] });
    const found = await user.call('GET', '/master-tcodes/search?q=ZU019999');
    expect(found.json.results).toEqual([expect.objectContaining({ tcodeId: 'ZU019999' })]);
    expect(await stack.services.blobs.head(key)).toBeUndefined();
    const again = await admin.call('POST', '/master-import', { type: 'tcodes', key });
    expect(again.status).toBe(404);
  });

  it('keeps XLSX exports to 4 MB (they are inflated whole), and deletes a refused one', async () => {
    const target = await admin.call('POST', '/master-import/upload', { fileName: 'DD02T.xlsx' });
    const { uploadUrl, key, contentType } = target.json as { uploadUrl: string; key: string; contentType: string };
    const zipLike = new Uint8Array(5 * 1024 * 1024);
    zipLike.set([0x50, 0x4b, 0x03, 0x04]);
    const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: zipLike });
    await put.arrayBuffer();
    const res = await admin.call('POST', '/master-import', { type: 'tables', key });
    expect(res.status).toBe(413);
    expect(res.json.error.message).toMatch(/XLSX export is too large: at most 4 MB/);
    expect(await stack.services.blobs.head(key)).toBeUndefined();
  });

  it('refuses keys it did not hand out, other file types, and non-administrators', async () => {
    const forged = await admin.call('POST', '/master-import', { type: 'tables', key: 'users/someone/uploads/x/file.csv' });
    expect(forged.status).toBe(400);
    expect(forged.json.error.message).toMatch(/key must be one returned by POST \/master-import\/upload/);
    const both = await admin.call('POST', '/master-import', { type: 'tables', key: 'admin/imports/x/y.csv', csvContent: 'a' });
    expect(both.status).toBe(400);
    const pdf = await admin.call('POST', '/master-import/upload', { fileName: 'export.pdf' });
    expect(pdf.status).toBe(400);
    const notAdmin = await user.call('POST', '/master-import/upload', { fileName: 'TSTCT.csv' });
    expect(notAdmin.status).toBe(403);
  });
});

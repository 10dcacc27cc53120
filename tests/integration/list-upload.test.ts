/** List files travel through a presigned upload, not the request body (docs/deployment.md). */
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { workbook } from '@app/core/formats/fixtures/workbook-bytes.ts';
import { takeListUpload } from '@app/functions/services/imports/list-upload.ts';
import type { TestClient, TestStack } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

/** POST /master-import answers 202 with a queued job; polls the job until it has finished. */
async function importMaster(client: TestClient, body: Record<string, unknown>): Promise<{ status: number; json: any }> {
  const res = await client.call('POST', '/master-import', body);
  if (res.status !== 202) return res;
  let job = res.json;
  for (let i = 0; (job.status === 'queued' || job.status === 'running') && i < 6000; i++) {
    await new Promise((r) => setTimeout(r, 50));
    job = (await client.call('GET', `/master-import/jobs/${job.jobId}`)).json;
  }
  return { status: res.status, json: job };
}


const MB = 1024 * 1024;

async function upload(client: TestClient, fileName: string, body: string | Uint8Array): Promise<string> {
  const target = await client.call('POST', '/imports/upload', { fileName });
  expect(target.status).toBe(200);
  const { uploadUrl, key, contentType, maxBytes } = target.json as { uploadUrl: string; key: string; contentType: string; maxBytes: number };
  expect(key).toMatch(new RegExp(`^admin/imports/${client.sub}/[0-9a-f-]{36}/`));
  expect(maxBytes).toBe(20 * MB);
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: body as BodyInit });
  await put.arrayBuffer();
  expect(put.status).toBeLessThan(300);
  return key;
}

/** A DD02T export as a workbook; stored (not deflated) so its size on disk is its size in XML. */
function dd02tWorkbook(rows: number, stored: boolean): Uint8Array {
  const cells = (r: number, values: string[]) => `<row r="${r}">${values.map((v, i) => `<c r="${'ABC'[i]}${r}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
  const data = [cells(1, ['TABNAME', 'DDLANGUAGE', 'DDTEXT'])];
  for (let i = 0; i < rows; i++) data.push(cells(i + 2, [`ZUP${String(i).padStart(6, '0')}`, 'E', `Uploaded table ${i} ${'d'.repeat(60)}`]));
  const bytes = workbook({ 'xl/worksheets/sheet1.xml': data.join('') });
  if (!stored) return bytes;
  // Re-pack the same parts without compression.
  return zipSync(unzipSync(bytes), { level: 0 });
}

describe('list imports through an upload', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;

  signedInStack((s) => ({ stack, admin, user } = s), { admin: true });

  it('imports a TSTCT CSV larger than a Lambda request body could carry, and deletes it after', async () => {
    // SE16 exports carry more columns than the import reads; a wide one makes the file big with few rows.
    const filler = 'x'.repeat(300);
    const lines = ['SPRSL,TCODE,TTEXT,NOTE'];
    for (let i = 0; i < 20_000; i++) lines.push(`E,ZU${String(i).padStart(6, '0')},Custom upload transaction ${i},${filler}`);
    const csv = lines.join('\r\n') + '\r\n';
    expect(csv.length).toBeGreaterThan(6 * MB);
    const key = await upload(admin, 'TSTCT.csv', csv);
    const res = await importMaster(admin, { type: 'tcodes', key });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: 'done', total: 20_000, written: 20_000, errors: [] });
    const found = await user.call('GET', '/master-tcodes/search?q=ZU019999');
    expect(found.json.results).toEqual([expect.objectContaining({ tcodeId: 'ZU019999' })]);
    expect(await stack.services.blobs.head(key)).toBeUndefined();
    const again = await importMaster(admin, { type: 'tcodes', key });
    expect(again.status).toBe(404);
  });

  it('imports a DD02T workbook of more than 6 MB through the engine XLSX reader', async () => {
    const xlsx = dd02tWorkbook(26_000, true);
    expect(xlsx.length).toBeGreaterThan(6 * MB);
    const key = await upload(admin, 'DD02T.xlsx', xlsx);
    const res = await importMaster(admin, { type: 'tables', key });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: 'done', total: 26_000, written: 26_000, errors: [] });
    expect((await user.call('GET', '/master-tables/search?q=ZUP025999')).json.results).toEqual([
      { tableId: 'ZUP025999', description: `Uploaded table 25999 ${'d'.repeat(60)}` },
    ]);
    const audit = await admin.call('GET', '/risk-audit-log?itemId=DD02T%20import');
    expect(audit.json.auditLog[0].newValue).toMatchObject({ imported: 26_000, format: 'xlsx' });
  });

  it('stops a zip bomb at the engine read limit it passes, naming it, and deletes the file', async () => {
    // 72 MB of shared strings deflate to a few hundred kilobytes.
    const strings = Array.from({ length: 1200 }, (_, i) => `${'s'.repeat(60_000)}${i}`);
    const bomb = workbook({ 'xl/worksheets/sheet1.xml': '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' }, { shared: strings });
    expect(bomb.length).toBeLessThan(MB);
    const key = await upload(admin, 'DD02T.xlsx', bomb);
    const res = await importMaster(admin, { type: 'tables', key });
    expect(res.status).toBe(413);
    expect(res.json.error.message).toMatch(/^DD02T\.xlsx: the shared strings (part xl\/sharedStrings\.xml expands to|together hold) more than 64 MB/);
    expect(await stack.services.blobs.head(key)).toBeUndefined();
  });

  it('refuses a file past 20 MB with the limit named, and a binary file with what to upload', async () => {
    // The local upload URL takes at most 20 MB (issue 26): the file is put as a store without that bound would take it.
    const key = await upload(admin, 'TSTCT.csv', 'TCODE,TTEXT\n');
    await stack.services.blobs.delete(key);
    await stack.services.blobs.put(key, 'TCODE,TTEXT\n' + 'ZBIG,x\n'.repeat(3_100_000));
    const res = await importMaster(admin, { type: 'tcodes', key });
    expect(res.status).toBe(413);
    expect(res.json.error.message).toBe('TSTCT.csv: the file holds more than 20 MB per import; split the file');
    expect(await stack.services.blobs.head(key)).toBeUndefined();
    const binary = await upload(admin, 'list.csv', new Uint8Array(4096).map((_, i) => i % 5));
    const refused = await admin.call('POST', '/risk-import', { type: 'tcodes', key: binary });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toBe('list.csv: the file is neither text (CSV/TXT) nor an XLSX workbook. Upload the list as CSV (or TXT) or as an XLSX workbook.');
  });

  it('imports a high-risk list from an uploaded CSV and a watchlist from an uploaded XLSX', async () => {
    const csvKey = await upload(admin, 'risk.csv', 'TCODE;CATEGORY\nZUPLOAD1;Custom\n');
    const risk = await admin.call('POST', '/risk-import', { type: 'tcodes', key: csvKey });
    expect(risk.status).toBe(200);
    expect(risk.json).toMatchObject({ imported: 1, errors: [] });
    expect((await admin.call('GET', '/risk-tcodes?search=ZUPLOAD1')).json.tcodes[0]).toMatchObject({ tcodeId: 'ZUPLOAD1', category: 'Custom' });

    const sheet = workbook({
      'xl/worksheets/sheet1.xml':
        '<row r="1"><c r="A1" t="inlineStr"><is><t>USER</t></is></c><c r="B1" t="inlineStr"><is><t>KIND</t></is></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>ZUPLOADED</t></is></c><c r="B2" t="inlineStr"><is><t>emergency</t></is></c></row>',
    });
    const watchKey = await upload(admin, 'users.xlsx', sheet);
    const watch = await admin.call('POST', '/watchlists/privileged-users/import', { key: watchKey });
    expect(watch.status).toBe(200);
    expect(watch.json).toEqual({ imported: 1, errors: [] });
  });

  it("refuses keys it did not hand out, another administrator's upload, other file types, and non-administrators", async () => {
    const forged = await importMaster(admin, { type: 'tables', key: 'users/someone/uploads/x/file.csv' });
    expect(forged.status).toBe(400);
    expect(forged.json.error.message).toMatch(/key must be one returned by POST \/imports\/upload/);
    const key = await upload(admin, 'TSTCT.csv', 'TCODE,TTEXT\nZMINE,x\n');
    // Another administrator naming this key is told it does not exist, and the file stays.
    await expect(takeListUpload(stack.services, '00000000-0000-4000-8000-000000000000', key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await stack.services.blobs.head(key)).toBeDefined();
    const both = await admin.call('POST', '/risk-import', { type: 'tables', key, csvContent: 'a' });
    expect(both.status).toBe(400);
    expect(both.json.error.message).toContain('send exactly one of key (from POST /imports/upload) or csvContent');
    const pdf = await admin.call('POST', '/imports/upload', { fileName: 'export.pdf' });
    expect(pdf.status).toBe(400);
    const notAdmin = await user.call('POST', '/imports/upload', { fileName: 'TSTCT.csv' });
    expect(notAdmin.status).toBe(403);
    const notAdminImport = await user.call('POST', '/watchlists/privileged-users/import', { key });
    expect(notAdminImport.status).toBe(403);
  });
});

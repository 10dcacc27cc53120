import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadMasterLists } from '@app/core/lists/index.ts';
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


/** A TSTCT export as SE16 writes it: SPRSL, TCODE, TTEXT, with German rows mixed in. */
function tstctCsv(rows: number): string {
  const lines = ['SPRSL,TCODE,TTEXT'];
  for (let i = 0; i < rows; i++) {
    const code = `ZT${String(i).padStart(5, '0')}`;
    lines.push(`E,${code},Custom transaction ${i}`);
    if (i % 1000 === 0) lines.push(`D,${code},Kundentransaktion ${i}`);
  }
  return lines.join('\r\n') + '\r\n';
}

/** The smallest XLSX SE16's spreadsheet export resembles: shared strings, one sheet. */
function dd02tXlsx(rows: [string, string, string][]): string {
  const strings: string[] = [];
  const index = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const sheetRows = [['TABNAME', 'DDLANGUAGE', 'DDTEXT'], ...rows]
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r.map((v, j) => `<c r="${'ABC'[j]}${i + 1}" t="s"><v>${index(v)}</v></c>`).join('')}</row>`,
    )
    .join('');
  const files = {
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8(
      '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="DD02T" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/data.xml"/></Relationships>',
    ),
    'xl/worksheets/data.xml': strToU8(`<worksheet><sheetData>${sheetRows}</sheetData></worksheet>`),
    'xl/sharedStrings.xml': strToU8(`<sst>${strings.map((s) => `<si><t>${escape(s)}</t></si>`).join('')}</sst>`),
  };
  return Buffer.from(zipSync(files)).toString('base64');
}

describe('master lists: search and import', () => {
  let stack: TestStack;
  let admin: TestClient;
  let user: TestClient;

  signedInStack((s) => ({ stack, admin, user } = s), { admin: true });

  it('searches by upper-cased prefix from 2 characters, at most 20 results', async () => {
    const one = await user.call('GET', '/master-tcodes/search?q=s&limit=20');
    expect(one.status).toBe(200);
    expect(one.json.results).toEqual([]);

    const su = await user.call('GET', '/master-tcodes/search?q=su&limit=20');
    const expected = loadMasterLists()
      .tcodes.filter((t) => t.id.startsWith('SU'))
      .map((t) => ({ tcodeId: t.id, description: t.description }))
      .sort((a, b) => (a.tcodeId < b.tcodeId ? -1 : 1))
      .slice(0, 20);
    expect(expected.length).toBeGreaterThan(1);
    expect(su.json.results).toEqual(expected);

    const s = await user.call('GET', '/master-tables/search?q=t0&limit=500');
    expect(s.json.results.length).toBeLessThanOrEqual(20);
    expect(s.json.results.length).toBeGreaterThan(0);
    expect(s.json.results.every((r: { tableId: string }) => r.tableId.startsWith('T0'))).toBe(true);

    const five = await user.call('GET', '/master-tables/search?q=t0&limit=2');
    expect(five.json.results).toHaveLength(2);
    const ns = await user.call('GET', `/master-tcodes/search?q=${encodeURIComponent('/iwfnd/')}`);
    expect(ns.json.results.map((r: { tcodeId: string }) => r.tcodeId)).toEqual(['/IWFND/ERROR_LOG', '/IWFND/MAINT_SERVICE']);
    const bad = await user.call('GET', '/master-tables/search?q=ab&limit=zero');
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('limit');
  });

  it('imports a 20k-row TSTCT CSV, keeping the English texts', async () => {
    const res = await importMaster(admin, { type: 'tcodes', csvContent: tstctCsv(20_000) });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: 'done', total: 20_000, written: 20_000, rejectedRows: 0, errors: [] });

    const found = await user.call('GET', '/master-tcodes/search?q=zt010');
    expect(found.json.results).toHaveLength(20);
    expect(found.json.results[0]).toEqual({ tcodeId: 'ZT01000', description: 'Custom transaction 1000' });
    const last = await user.call('GET', '/master-tcodes/search?q=ZT19999');
    expect(last.json.results).toEqual([{ tcodeId: 'ZT19999', description: 'Custom transaction 19999' }]);

    // An imported code fills the description when an admin adds it to the high-risk list.
    const added = await admin.call('POST', '/risk-tcodes', { tcodeId: 'ZT00042', category: 'Custom' });
    expect(added.json.description).toBe('Custom transaction 42');

    const audit = await admin.call('GET', '/risk-audit-log?itemId=TSTCT%20import');
    expect(audit.json.auditLog[0]).toMatchObject({ action: 'IMPORT', itemType: 'master_tcode', newValue: { imported: 20_000, rejectedRows: 0 } });
  });

  it('imports a DD02T XLSX with a title row above the header and reports bad rows', async () => {
    const xlsx = dd02tXlsx([
      ['ZCUST_BANK', 'E', 'Customer bank <details> & more'],
      ['ZCUST_BANK', 'D', 'Kundenbank'],
      ['BAD NAME', 'E', 'x'],
      ['zlower', 'E', 'Lower-case name'],
    ]);
    const res = await importMaster(admin, { type: 'tables', xlsxBase64: xlsx });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: 'done', total: 2, written: 2 });
    expect(res.json.errors).toEqual([
      'Row 4: TABNAME "BAD NAME" is not an SAP name of 1-30 characters: letters, digits, _ / - . (not starting with - or .)',
    ]);
    const found = await user.call('GET', '/master-tables/search?q=zcu');
    expect(found.json.results).toEqual([{ tableId: 'ZCUST_BANK', description: 'Customer bank <details> & more' }]);
    expect((await user.call('GET', '/master-tables/search?q=ZLOWER')).json.results).toHaveLength(1);
  });

  it('reads an SE16 list with a title line and ; separators, and refuses unusable files', async () => {
    const text = 'Table: DD02T\n\nTABNAME;DDLANGUAGE;DDTEXT\nZSEMI;EN;Semicolon table\n';
    const res = await importMaster(admin, { type: 'tables', csvContent: text });
    expect(res.json).toMatchObject({ status: 'done', total: 1, written: 1, errors: [] });

    const noHeader = await importMaster(admin, { type: 'tcodes', csvContent: 'A,B\n1,2\n' });
    expect(noHeader.status).toBe(400);
    expect(noHeader.json.error.message).toBe(
      'No header row with TCODE found; expected a TSTCT export with the columns TCODE and TTEXT',
    );
    const languages = await importMaster(admin, { type: 'tcodes', csvContent: 'TCODE,SPRSL,TTEXT\nZA,D,a\nZB,F,b\n' });
    expect(languages.status).toBe(400);
    expect(languages.json.error.message).toContain('several languages (D, F) and none in English');
    const both = await importMaster(admin, { type: 'tcodes' });
    expect(both.status).toBe(400);
    expect(both.json.error.message).toContain('send exactly one of key (from POST /imports/upload), csvContent');
    const notZip = await importMaster(admin, { type: 'tables', xlsxBase64: Buffer.from('plain text').toString('base64') });
    expect(notZip.status).toBe(400);
    expect(notZip.json.error.message).toBe('The file is not a valid XLSX workbook');
  });
});

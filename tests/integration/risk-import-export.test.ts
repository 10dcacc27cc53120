import { describe, expect, it } from 'vitest';
import type { TestClient } from '../support/stack.ts';
import { signedInStack } from '../support/suite.ts';

describe('risk list import and export', () => {
  let admin: TestClient;

  signedInStack((s) => ({ admin } = s), { admin: true });

  it('imports the valid rows and names each bad row and its problem', async () => {
    const csv = [
      'TABNAME,CATEGORY,DDTEXT',
      'zbank_acc,Payment & Banking,Custom bank accounts',
      'MARA,Master Data,',
      'BAD NAME,Finance,x',
      'ZEMPTY,,no category',
      ',Finance,no id',
      '',
      'ZBANK_ACC,Finance,again',
      '"ZQUOTED",Finance,"Quoted, with comma"',
    ].join('\r\n');
    const res = await admin.call('POST', '/risk-import', { type: 'tables', csvContent: csv });
    expect(res.status).toBe(200);
    expect(res.json.imported).toBe(3);
    expect(res.json.errors).toEqual([
      'Row 4: TABNAME "BAD NAME" is not an SAP name of 1-30 characters: letters, digits, _ / - . (not starting with - or .)',
      'Row 5: CATEGORY is empty',
      'Row 6: TABNAME is empty',
      'Row 8: ZBANK_ACC repeats row 2; only the first is imported',
    ]);
    // Imported, but the IDs the SAP master list lacks are named (MARA is in it).
    expect(res.json.warnings).toEqual([
      'ZBANK_ACC: not in the SAP master list of tables; imported, but check the name',
      'ZQUOTED: not in the SAP master list of tables; imported, but check the name',
    ]);
    const list = await admin.call('GET', '/risk-tables?category=Payment%20%26%20Banking');
    const zbank = list.json.tables.find((t: { tableId: string }) => t.tableId === 'ZBANK_ACC');
    expect(zbank).toMatchObject({ description: 'Custom bank accounts', addedBy: admin.sub, active: true });
    const mara = (await admin.call('GET', '/risk-tables?search=MARA')).json.tables[0];
    // Empty description filled from the master list.
    expect(mara).toMatchObject({ tableId: 'MARA', category: 'Master Data', description: 'Material master: general data' });
    expect((await admin.call('GET', '/risk-tables?search=ZQUOTED')).json.tables[0].description).toBe('Quoted, with comma');
    expect((await admin.call('GET', '/risk-tables?search=ZEMPTY')).json.tables).toEqual([]);

    const audit = await admin.call('GET', '/risk-audit-log?itemId=ZBANK_ACC');
    expect(audit.json.auditLog).toHaveLength(1);
    expect(audit.json.auditLog[0]).toMatchObject({ action: 'IMPORT', itemType: 'table', previousValue: null, newValue: { category: 'Payment & Banking' } });
  });

  it('imports tcodes with only TCODE and CATEGORY, updating existing entries', async () => {
    const res = await admin.call('POST', '/risk-import', { type: 'tcodes', csvContent: 'TCODE;CATEGORY\nsu01;User Admin\nZZ_NEW;Custom\n' });
    expect(res.json).toEqual({ imported: 2, errors: [], warnings: ['ZZ_NEW: not in the SAP master list of transaction codes; imported, but check the name'] });
    const su01 = (await admin.call('GET', '/risk-tcodes?search=SU01')).json.tcodes.find((t: { tcodeId: string }) => t.tcodeId === 'SU01');
    expect(su01.category).toBe('User Admin');
    expect(su01.description).not.toBe('');
    expect(su01.addedBy).toBe('system');
    const audit = await admin.call('GET', '/risk-audit-log?itemId=SU01');
    expect(audit.json.auditLog[0].previousValue.category).not.toBe('User Admin');
    expect(audit.json.auditLog[0].newValue.category).toBe('User Admin');
  });

  it('refuses a file without the expected columns and one that is too large', async () => {
    const wrong = await admin.call('POST', '/risk-import', { type: 'tables', csvContent: 'NAME,CAT\nA,B\n' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.message).toBe('The file\'s header row must name the columns TABNAME and CATEGORY (DDTEXT optional); found: NAME, CAT');
    const badType = await admin.call('POST', '/risk-import', { type: 'users', csvContent: 'x' });
    expect(badType.status).toBe(400);
    expect(badType.json.error.message).toContain("type: must be 'tables' or 'tcodes'");
    const big = 'TCODE,CATEGORY\n' + 'ZBIG,Custom\n'.repeat(460_000);
    const tooBig = await admin.call('POST', '/risk-import', { type: 'tcodes', csvContent: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error.message).toBe('csvContent is too large: at most 5 MB of CSV text is accepted inline; upload the file (POST /imports/upload) and send its key');
    const manyRows = 'TCODE,CATEGORY\n' + 'ZMANY,Custom\n'.repeat(10_001);
    const tooMany = await admin.call('POST', '/risk-import', { type: 'tcodes', csvContent: manyRows });
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.error.message).toBe('The file has 10001 rows; at most 10000 rows are accepted per import');
    expect((await admin.call('GET', '/risk-tcodes?search=ZBIG')).json.tcodes).toEqual([]);
    expect((await admin.call('GET', '/risk-tcodes?search=ZMANY')).json.tcodes).toEqual([]);
  });

  it('exports formula-safe CSVs that re-import to the same lists', async () => {
    await admin.call('POST', '/risk-tcodes', { tcodeId: 'ZFORMULA', category: '=Danger', description: '=HYPERLINK("http://x","y")' });
    const exported = await admin.call('GET', '/risk-export');
    expect(exported.status).toBe(200);
    const tablesNow = (await admin.call('GET', '/risk-tables')).json.tables;
    const tcodesNow = (await admin.call('GET', '/risk-tcodes')).json.tcodes;
    expect(exported.json.tablesCount).toBe(tablesNow.length);
    expect(exported.json.tcodesCount).toBe(tcodesNow.length);

    const tablesCsv = await (await fetch(exported.json.tablesUrl)).text();
    const tcodesRes = await fetch(exported.json.tcodesUrl);
    expect(tcodesRes.status).toBe(200);
    const tcodesCsv = await tcodesRes.text();
    expect(tablesCsv.split('\r\n')[0]).toBe('TABNAME,CATEGORY,DDTEXT');
    expect(tcodesCsv.split('\r\n')[0]).toBe('TCODE,CATEGORY,DESCRIPTION');
    expect(tcodesCsv).toContain(`ZFORMULA,'=Danger,"'=HYPERLINK(""http://x"",""y"")"`);
    expect(tablesCsv.split('\r\n').filter(Boolean)).toHaveLength(tablesNow.length + 1);

    // Change the lists, then restore them from the export.
    await admin.call('DELETE', '/risk-tables/USR02');
    await admin.call('PUT', '/risk-tcodes/ZFORMULA', { category: 'Changed' });
    const t = await admin.call('POST', '/risk-import', { type: 'tables', csvContent: tablesCsv });
    const c = await admin.call('POST', '/risk-import', { type: 'tcodes', csvContent: tcodesCsv });
    expect(t.json).toMatchObject({ imported: tablesNow.length, errors: [] });
    expect(c.json).toMatchObject({ imported: tcodesNow.length, errors: [] });

    const strip = (items: Record<string, unknown>[]) =>
      items.map(({ tableId, tcodeId, category, description }) => ({ tableId, tcodeId, category, description }));
    expect(strip((await admin.call('GET', '/risk-tables')).json.tables)).toEqual(strip(tablesNow));
    expect(strip((await admin.call('GET', '/risk-tcodes')).json.tcodes)).toEqual(strip(tcodesNow));
    const formula = (await admin.call('GET', '/risk-tcodes?search=ZFORMULA')).json.tcodes[0];
    expect(formula).toMatchObject({ category: '=Danger', description: '=HYPERLINK("http://x","y")' });
  });

  it('refuses a tampered export URL', async () => {
    const exported = await admin.call('GET', '/risk-export');
    const url = new URL(exported.json.tablesUrl);
    url.pathname = url.pathname.replace('high_risk_tables', 'high_risk_tcodes');
    const res = await fetch(url);
    expect(res.status).toBe(403);
  });
});

import { describe, expect, it } from 'vitest';
import { readListText } from '../imports/read-list.ts';
import { MASTER_KINDS } from './master-kinds.ts';
import { MAX_REPORTED_ERRORS, readSapExportRows } from './sap-export-rows.ts';

const tcodes = MASTER_KINDS.tcode;
const tables = MASTER_KINDS.table;

describe('readSapExportRows', () => {
  it('keeps English texts when several languages are present, first entry per ID', async () => {
    const rows = await readListText('TCODE,SPRSL,TTEXT\nSU01,D,Benutzerpflege\nSU01,E,User maintenance\nPFCG,EN,Role maintenance\nPFCG,E,dup\n');
    expect(readSapExportRows(tcodes, rows)).toEqual({
      entries: [
        { id: 'SU01', description: 'User maintenance' },
        { id: 'PFCG', description: 'Role maintenance' },
      ],
      errors: [],
      rejected: 0,
    });
  });
  it('keeps the only language there is, or every row without a language column', async () => {
    expect(readSapExportRows(tcodes, await readListText('TCODE,SPRSL,TTEXT\nSU01,D,Benutzerpflege\n')).entries).toEqual([
      { id: 'SU01', description: 'Benutzerpflege' },
    ]);
    expect(readSapExportRows(tables, await readListText('TABNAME,DDTEXT\nusr02,Logon data\n')).entries).toEqual([
      { id: 'USR02', description: 'Logon data' },
    ]);
  });
  it('reads an SE16 "unconverted" list with rulers and a title', async () => {
    const text = [
      'Table:          DD02T',
      '',
      '------------------------------------------',
      '|TABNAME   |DDLANGUAGE|DDTEXT             |',
      '------------------------------------------',
      '|USR02     |E         |Logon data         |',
      '|T000      |E         |Clients            |',
      '------------------------------------------',
    ].join('\n');
    expect(readSapExportRows(tables, await readListText(text))).toEqual({
      entries: [
        { id: 'USR02', description: 'Logon data' },
        { id: 'T000', description: 'Clients' },
      ],
      errors: [],
      rejected: 0,
    });
  });
  it('reports at most a bounded number of bad rows, then a count', async () => {
    const bad = Array.from({ length: MAX_REPORTED_ERRORS + 5 }, (_, i) => `BAD ${i},x`);
    const result = readSapExportRows(tcodes, await readListText(['TCODE,TTEXT', 'SU01,Users', ...bad].join('\n')));
    expect(result.entries).toEqual([{ id: 'SU01', description: 'Users' }]);
    expect(result.rejected).toBe(MAX_REPORTED_ERRORS + 5);
    expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(result.errors[0]).toMatch(/^Row 3: TCODE "BAD 0" is not an SAP name/);
    expect(result.errors.at(-1)).toBe('... and 5 more rows with errors');
  });
  it('names what is missing', async () => {
    const rows = await readListText('TCODE,SPRSL\nSU01,E\n');
    expect(() => readSapExportRows(tcodes, rows)).toThrow(
      'The TSTCT export needs a TTEXT column next to TCODE',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { readListText } from '../imports/read-list.ts';
import { formatCsv, neutraliseFormula, restoreNeutralised } from './csv-text.ts';

describe('formula safety', () => {
  it('prefixes cells that would start a formula and restores them on import', () => {
    for (const cell of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx']) {
      const safe = neutraliseFormula(cell);
      expect(safe).toBe(`'${cell}`);
      expect(restoreNeutralised(safe)).toBe(cell);
    }
    expect(neutraliseFormula('Plain')).toBe('Plain');
    expect(restoreNeutralised("'quoted by the user")).toBe("'quoted by the user");
  });
  it('writes a header, CRLF rows and survives a round trip through the import reader', async () => {
    const rows = [
      ['SU01', '=Users', 'Maintain users, roles'],
      ['F-02', 'Finance', 'Say "post"'],
    ];
    const text = formatCsv(['TCODE', 'CATEGORY', 'DESCRIPTION'], rows);
    expect(text).toBe('TCODE,CATEGORY,DESCRIPTION\r\nSU01,\'=Users,"Maintain users, roles"\r\nF-02,Finance,"Say ""post"""\r\n');
    const back = (await readListText(text)).slice(1).map((r) => r.map(restoreNeutralised));
    expect(back).toEqual(rows);
  });
});

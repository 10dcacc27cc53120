import { describe, expect, it } from 'vitest';
import { detectSeparator, formatCsv, neutraliseFormula, parseCsv, restoreNeutralised } from './csv-text.ts';

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, CRLF or LF', () => {
    const text = 'A,B,C\r\n"x, y","say ""hi""","two\r\nlines"\nlast,,\n';
    expect(parseCsv(text)).toEqual([
      ['A', 'B', 'C'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['last', '', ''],
    ]);
  });
  it('drops a BOM and keeps a last row without a line end', () => {
    expect(parseCsv('\uFEFFTCODE;CATEGORY\nSU01;Users')).toEqual([
      ['TCODE', 'CATEGORY'],
      ['SU01', 'Users'],
    ]);
  });
});

describe('detectSeparator', () => {
  it('looks past a title line to the separator the rows use', () => {
    expect(detectSeparator('Table: TSTCT\n\nTCODE;TTEXT\nSU01;Users\n')).toBe(';');
    expect(detectSeparator('TCODE\tTTEXT\nSU01\tUsers\n')).toBe('\t');
    expect(detectSeparator('|TCODE|TTEXT|\n|SU01 |Users|\n')).toBe('|');
    expect(detectSeparator('TCODE\n')).toBe(',');
  });
});

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
  it('writes a header, CRLF rows and survives a parse round trip', () => {
    const rows = [
      ['SU01', '=Users', 'Maintain users, roles'],
      ['F-02', 'Finance', 'Say "post"'],
    ];
    const text = formatCsv(['TCODE', 'CATEGORY', 'DESCRIPTION'], rows);
    expect(text).toBe('TCODE,CATEGORY,DESCRIPTION\r\nSU01,\'=Users,"Maintain users, roles"\r\nF-02,Finance,"Say ""post"""\r\n');
    const back = parseCsv(text).slice(1).map((r) => r.map(restoreNeutralised));
    expect(back).toEqual(rows);
  });
});

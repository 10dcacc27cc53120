import { describe, expect, it } from 'vitest';
import { parseCsvText } from '@app/core/lists/parse-csv-text.ts';
import { readWatchlistRows } from '../watchlists/watchlist-csv.ts';
import { readRows } from './risk-import.ts';

/** The file's rows as the engine's CSV reader gives them to the import. */
const rows = (csv: string) => parseCsvText(csv);

describe('list CSV rows (high-risk lists and watchlists read alike)', () => {
  it('reads a high-risk list: category checked, description aliases, repeats and bad IDs reported by row', () => {
    const csv = "TCODE,CATEGORY,TTEXT\nsu01,Users,User maintenance\n,Users,\nSU 01,Users,\nPFCG,,\nSU01,Users,again\nSE16,'=Tables,Data browser\n\n";
    expect(readRows('tcode', rows(csv))).toEqual({
      rows: [
        { id: 'SU01', category: 'Users', description: 'User maintenance' },
        { id: 'SE16', category: '=Tables', description: 'Data browser' },
      ],
      errors: [
        'Row 3: TCODE is empty',
        'Row 4: TCODE "SU 01" is not an SAP name of 1-30 characters: letters, digits, _ / - . (not starting with - or .)',
        'Row 5: CATEGORY is empty',
        'Row 6: SU01 repeats row 2; only the first is imported',
      ],
    });
  });

  it('reads a watchlist with kinds: the kind checked, the description limited', () => {
    const csv = `USER,KIND,DESCRIPTION\nff_*,emergency,Firefighters\nDDIC,admin,\nSAP*,standard,${'x'.repeat(256)}\n`;
    expect(readWatchlistRows('privileged-users', rows(csv))).toEqual({
      rows: [{ id: 'FF_*', kind: 'emergency', description: 'Firefighters' }],
      errors: ['Row 3: KIND "admin" must be one of standard, emergency', 'Row 4: DESCRIPTION must be at most 255 characters without control characters'],
    });
  });

  it('names the columns a header lacks, per list', () => {
    expect(() => readRows('table', rows('TABNAME,DDTEXT\nUSR02,x\n'))).toThrow('The file\'s header row must name the columns TABNAME and CATEGORY (DDTEXT optional); found: TABNAME, DDTEXT');
    expect(() => readWatchlistRows('privileged-users', rows('USER\nDDIC\n'))).toThrow('The file\'s header row must name the columns USER and KIND (DESCRIPTION optional); found: USER');
    expect(() => readWatchlistRows('sensitive-profiles', rows('NAME\nSAP_ALL\n'))).toThrow('The file\'s header row must name the columns PROFILE (DESCRIPTION optional); found: NAME');
    expect(readWatchlistRows('sensitive-profiles', rows('PROFILE\nsap_all\n')).rows).toEqual([{ id: 'SAP_ALL', description: '' }]);
  });
});

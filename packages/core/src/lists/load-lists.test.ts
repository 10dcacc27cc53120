import { describe, expect, it } from 'vitest';
import { isEngineError } from '../errors/index.ts';
import { loadDefaultLists, loadMasterLists, parseListCsv } from './index.ts';

describe('loadDefaultLists', () => {
  it('reads every default list with its row counts', () => {
    const lists = loadDefaultLists();
    expect(lists.highRiskTcodes).toHaveLength(149);
    expect(lists.highRiskTables).toHaveLength(106);
    expect(lists.sensitiveFields).toHaveLength(49);
    expect(lists.sensitiveObjectClasses).toHaveLength(33);
    expect(lists.events).toHaveLength(108);
    expect(lists.privilegedUsers).toHaveLength(9);
    expect(lists.privilegedUsers.find((u) => u.user === 'SAP*')).toMatchObject({ kind: 'standard' });
    expect(lists.privilegedUsers.find((u) => u.user === 'FF_*')).toMatchObject({ kind: 'emergency' });
    expect(lists.sensitiveProfiles.map((p) => p.profile)).toContain('SAP_ALL');
    expect(lists.sensitiveProfiles).toHaveLength(6);
    expect(lists.sensitivePrograms).toHaveLength(19);
    expect(lists.sensitivePrograms.find((p) => p.name === 'RFC_READ_TABLE')).toMatchObject({ kind: 'function_module' });
    expect(lists.sensitiveFields).toContain('BANKN');
    expect(lists.sensitiveObjectClasses).toContain('BELEG');
    expect(lists.events.find((e) => e.event === 'CUL')).toMatchObject({ category: 'debugging', severity: 'high' });
    // Quoted descriptions with commas stay whole.
    expect(lists.highRiskTables.find((t) => t.id === 'AGR_1251')?.description).toBe('Authorization data of roles (objects, fields, values)');
  });
  it('returns a copy callers may mutate', () => {
    loadDefaultLists().highRiskTcodes.length = 0;
    expect(loadDefaultLists().highRiskTcodes.length).toBe(149);
  });
});

describe('loadMasterLists', () => {
  it('reads the tcode and table masters', () => {
    const m = loadMasterLists();
    expect(m.tcodes).toHaveLength(395);
    expect(m.tables).toHaveLength(411);
    expect(m.tables.find((t) => t.id === 'ACDOCA')?.description).toMatch(/Universal Journal/);
  });
});

describe('parseListCsv', () => {
  it('reads a tcode override with quoted fields', () => {
    const list = parseListCsv('TCODE,CATEGORY,DESCRIPTION\r\nzz01,Custom,"Do a, b"\r\nZZ02,,\r\n', 'tcodes');
    expect(list).toEqual([
      { id: 'ZZ01', category: 'Custom', description: 'Do a, b' },
      { id: 'ZZ02', category: '', description: '' },
    ]);
  });
  it('rejects a list without the id column, naming the expected columns', () => {
    try {
      parseListCsv('NAME,CATEGORY\nX,Y\n', 'tables');
      expect.unreachable();
    } catch (e) {
      expect(isEngineError(e) && e.code).toBe('BAD_LIST');
      expect((e as Error).message).toContain('TABNAME,CATEGORY,DESCRIPTION');
    }
  });
});

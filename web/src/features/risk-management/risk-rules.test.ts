import { describe, expect, it } from 'vitest';
import { auditItemLabel, diffAuditValues } from './audit-diff.ts';
import { truncateId } from './format.ts';
import { checkImportFile, summariseImportErrors } from './import-rules.ts';
import { RISK_KINDS, removeConfirmText, type RiskItem } from './risk-kinds.ts';
import { filterRiskItems, matchesRiskSearch } from './search-rule.ts';
import { validateRiskItem } from './validate-risk-item.ts';

const su01: RiskItem = { tcodeId: 'SU01', category: 'User Administration', description: 'User Maintenance', addedBy: 'system', lastModified: '2026-01-01T00:00:00Z' };
const se16: RiskItem = { tcodeId: 'SE16N', category: 'Data Browser', description: 'General Table Display', addedBy: 'system', lastModified: '2026-01-01T00:00:00Z' };
const tcodes = RISK_KINDS.tcodes;

describe('local list search rule', () => {
  it('matches the ID against the upper-cased query', () => {
    expect(matchesRiskSearch(tcodes, su01, 'su0', '')).toBe(true);
    expect(matchesRiskSearch(tcodes, su01, 'pfcg', '')).toBe(false);
  });

  it('matches the description case-insensitively', () => {
    expect(matchesRiskSearch(tcodes, se16, 'TABLE disp', '')).toBe(true);
    expect(matchesRiskSearch(tcodes, su01, 'MAINT', '')).toBe(true);
  });

  it('requires category equality when a category is chosen', () => {
    expect(matchesRiskSearch(tcodes, su01, '', 'User Administration')).toBe(true);
    expect(matchesRiskSearch(tcodes, su01, '', 'User')).toBe(false);
    expect(filterRiskItems(tcodes, [su01, se16], 'e', 'Data Browser')).toEqual([se16]);
    expect(filterRiskItems(tcodes, [su01, se16], '  ', '')).toEqual([su01, se16]);
  });
});

describe('audit differences', () => {
  it('lists changed fields and ignores lastModified and lastModifiedBy', () => {
    const before = { tcodeId: 'SU01', category: 'A', description: 'x', lastModified: '2026-01-01', lastModifiedBy: 'u1', active: true };
    const after = { tcodeId: 'SU01', category: 'B', description: 'x', lastModified: '2026-02-02', lastModifiedBy: 'u2', active: true };
    expect(diffAuditValues(before, after)).toEqual([{ field: 'category', before: 'A', after: 'B' }]);
  });

  it('shows every field of a create and a soft delete', () => {
    expect(diffAuditValues(null, { tableId: 'USR02', category: 'Users', lastModified: 'x' })).toEqual([
      { field: 'tableId', before: '-', after: 'USR02' },
      { field: 'category', before: '-', after: 'Users' },
    ]);
    expect(diffAuditValues({ tableId: 'USR02', active: true }, { tableId: 'USR02', active: false })).toEqual([
      { field: 'active', before: 'true', after: 'false' },
    ]);
  });

  it('finds nothing when only the bookkeeping fields changed', () => {
    expect(diffAuditValues({ lastModified: 'a', lastModifiedBy: 'b' }, { lastModified: 'c', lastModifiedBy: 'd' })).toEqual([]);
  });
});

describe('import rules', () => {
  it('needs a file, and a .csv one', () => {
    expect(checkImportFile(null)).toBe('Please select a file to import');
    expect(checkImportFile({ name: 'list.xls', size: 10 })).toBe('Please select a CSV or XLSX file');
    expect(checkImportFile({ name: 'LIST.CSV', size: 10 })).toBeUndefined();
    expect(checkImportFile({ name: 'list.xlsx', size: 10 })).toBeUndefined();
    expect(checkImportFile({ name: 'big.csv', size: 6 * 1024 * 1024 })).toBeUndefined();
    expect(checkImportFile({ name: 'big.csv', size: 21 * 1024 * 1024 })).toBe('The file is too large (max 20 MB)');
    expect(checkImportFile({ name: 'tstct.txt', size: 10 })).toBe('Please select a CSV or XLSX file');
  });

  it('lists up to 5 errors, then how many more', () => {
    const errors = Array.from({ length: 8 }, (_, i) => `Row ${i + 2}: bad`);
    expect(summariseImportErrors(errors)).toEqual([...errors.slice(0, 5), '... and 3 more errors']);
    expect(summariseImportErrors(errors.slice(0, 6))).toEqual([...errors.slice(0, 5), '... and 1 more error']);
    expect(summariseImportErrors(errors.slice(0, 5))).toEqual(errors.slice(0, 5));
  });
});

describe('risk item modal validation', () => {
  const empty = { id: '', category: '', newCategory: '', addingCategory: false, description: '' };

  it('requires the ID with the kind-specific text, and the category', () => {
    expect(validateRiskItem(RISK_KINDS.tables, empty)).toEqual({ id: 'Table is required', category: 'Category is required' });
    expect(validateRiskItem(RISK_KINDS.tcodes, empty).id).toBe('Transaction code is required');
  });

  it('accepts a typed new category, and refuses a blank one', () => {
    expect(validateRiskItem(RISK_KINDS.tables, { ...empty, id: 'usr02', addingCategory: true, newCategory: 'Users' })).toEqual({});
    expect(validateRiskItem(RISK_KINDS.tables, { ...empty, id: 'USR02', category: 'Users', addingCategory: true, newCategory: ' ' }).category).toBe(
      'Category is required',
    );
  });

  it('refuses IDs that are not SAP names', () => {
    expect(validateRiskItem(RISK_KINDS.tcodes, { ...empty, id: 'SU 01', category: 'X' }).id).toMatch(/SAP name/);
    expect(validateRiskItem(RISK_KINDS.tcodes, { ...empty, id: '/IWFND/MAINT_SERVICE', category: 'X' })).toEqual({});
  });
});

describe('display', () => {
  it('truncates user ids to 8 characters plus an ellipsis', () => {
    expect(truncateId('0f8c2f7e-1234-5678')).toBe('0f8c2f7e…');
    expect(truncateId('system')).toBe('system');
    expect(truncateId(undefined)).toBe('-');
  });

  it('asks the exact removal question', () => {
    expect(removeConfirmText(RISK_KINDS.tables, 'USR02')).toBe('Are you sure you want to remove USR02 from high-risk tables?');
    expect(removeConfirmText(RISK_KINDS.tcodes, 'SU01')).toBe('Are you sure you want to remove SU01 from high-risk transaction codes?');
  });
});

describe('people and requests in the audit log by e-mail (issue 27)', () => {
  it('shows addedBy and lastModifiedBy by e-mail when the server knows it', () => {
    const sub = '0d2f6cb7-8d83-440c-9e7a-1b2c3d4e5f60';
    expect(diffAuditValues(null, { tableId: 'MARA', addedBy: sub }, { [sub]: 'admin@example.com' })).toEqual([
      { field: 'tableId', before: '-', after: 'MARA' },
      { field: 'addedBy', before: '-', after: 'admin@example.com' },
    ]);
    expect(diffAuditValues(null, { addedBy: 'system' }, {})).toEqual([{ field: 'addedBy', before: '-', after: 'system' }]);
  });
  it("names an access request by its requester's e-mail", () => {
    expect(auditItemLabel({ itemType: 'access_request', itemId: 'e3b0c442-98fc-1c14-9afb-f4c8996fb924', previousValue: { status: 'pending', email: 'new@example.com' }, newValue: { status: 'approved', email: 'new@example.com' } })).toBe('Access request of new@example.com');
    expect(auditItemLabel({ itemType: 'table', itemId: 'USR02', previousValue: null, newValue: null })).toBe('USR02');
  });
});

import { describe, expect, it } from 'vitest';
import { isValidCategory, normaliseSapId } from './sap-ids.ts';

describe('normaliseSapId', () => {
  it('upper-cases and trims SAP-shaped names', () => {
    expect(normaliseSapId(' su01 ')).toBe('SU01');
    expect(normaliseSapId('/iwfnd/maint_service')).toBe('/IWFND/MAINT_SERVICE');
    expect(normaliseSapId('F-02')).toBe('F-02');
    expect(normaliseSapId('F.13')).toBe('F.13');
    expect(normaliseSapId('A'.repeat(30))).toBe('A'.repeat(30));
  });
  it('refuses names that are not SAP-shaped', () => {
    for (const bad of ['', 'SU 01', 'A'.repeat(31), '-SU01', '=CMD', 'SU01\u0000', 'ÄÖ', "SU01'"]) {
      expect(normaliseSapId(bad), JSON.stringify(bad)).toBeUndefined();
    }
  });
});

describe('isValidCategory', () => {
  it('accepts 1-60 printable characters', () => {
    expect(isValidCategory('Payment & Banking')).toBe(true);
    expect(isValidCategory('x'.repeat(60))).toBe(true);
    expect(isValidCategory('')).toBe(false);
    expect(isValidCategory('x'.repeat(61))).toBe(false);
    expect(isValidCategory('line\nbreak')).toBe(false);
  });
});

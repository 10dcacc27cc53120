import { describe, expect, it } from 'vitest';
import { patternRule, recordRules } from './rule-ref.ts';

const sm20 = (event: string, tcode: string, extra: Record<string, string>) => ({ FILE_TYPE: 'SM20', SOURCE_FILE: 's.csv', Event: event, 'Transaction Code': tcode, ...extra });

describe('recordRules', () => {
  it('takes the rules listed in the RULES cell that belong to the flag, high and critical only', () => {
    const r = sm20('AUJ', '', { OTHER: 'audit_trail: Security audit log switched off', RULES: 'SAL-AUDIT-OFF TIME-OUTSIDE-HOURS' });
    expect(recordRules('OTHER', r)).toEqual([{ id: 'SAL-AUDIT-OFF', title: 'Security audit log switched off', severity: 'critical' }]);
    expect(recordRules('CHANGE_TIMING_FLAG', r)).toEqual([]);
  });

  it('without RULES, matches the rule that reads the record event, transaction or table', () => {
    expect(recordRules('DEBUG_FLAG', sm20('CUL', 'SE38', { DEBUG_FLAG: 'Event CUL' })).map((r) => r.id)).toEqual(['SAL-DEBUG-CHANGE']);
    expect(recordRules('HIGH_RISK_TCODE_FLAG', sm20('AU3', 'SU01', {})).map((r) => r.id)).toEqual(['TCODE-HIGH-RISK']);
    const bseg = { FILE_TYPE: 'CDPOS', OBJECTCLAS: 'BELEG', TABNAME: 'BSEG', FNAME: 'DMBTR' };
    expect(recordRules('SENSITIVE_OBJECT_FLAG', bseg).map((r) => r.id)).toEqual(['CD-ACCOUNTING-TABLE']);
  });

  it('never raises a medium rule to a finding by guessing', () => {
    // A failed logon is OTHER/security like an SPNego replay (high), but reads AU2.
    expect(recordRules('OTHER', sm20('AU2', '', { OTHER: 'security: Event AU2: Logon failed' }))).toEqual([]);
    expect(recordRules('TABLE_MAINT_FLAG', sm20('AU3', 'SM30', {}))).toEqual([]);
  });
});

describe('patternRule', () => {
  it('names the catalogue rule and keeps the pattern risk', () => {
    expect(patternRule({ pattern: 'EMERGENCY_ACCESS', risk_level: 'critical', rule: 'PAT-EMERGENCY-ACCESS' })).toEqual({ id: 'PAT-EMERGENCY-ACCESS', title: 'Emergency ID used', severity: 'critical' });
    expect(patternRule({ pattern: 'FAILED_LOGON_BURST', risk_level: 'medium' }).id).toBe('PAT-FAILED-LOGON-BURST');
  });
});

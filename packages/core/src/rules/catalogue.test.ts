import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLAG_KEYS, type PatternName } from '../model/index.ts';
import { DEFAULT_THRESHOLDS } from './detection-settings.ts';
import { RULE_CATALOGUE, ruleById, ruleOfPattern } from './index.ts';
import { PATTERN_LIST } from './pattern/index.ts';

/** The patterns the modules of rules/pattern/ define (`name: 'X'` in a definePattern call), read from the files. */
const PATTERNS = readdirSync(new URL('./pattern/', import.meta.url))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .flatMap((f) => {
    const text = readFileSync(new URL(`./pattern/${f}`, import.meta.url), 'utf8');
    return [...text.matchAll(/definePattern(?:<[^>]*>)?\(\s*\{\s*name: '([A-Z_]+)'/g)].map((m) => m[1]! as PatternName);
  });

describe('rule catalogue', () => {
  it('has unique ids, every flag rule names a flag key and every pattern has its PAT- rule', () => {
    const ids = RULE_CATALOGUE.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of RULE_CATALOGUE.filter((r) => r.kind === 'flag')) expect(FLAG_KEYS).toContain(r.flag);
    for (const p of PATTERNS) expect(ruleOfPattern(p)).toMatchObject({ kind: 'pattern', pattern: p, id: `PAT-${p.replace(/_/g, '-')}` });
    expect(RULE_CATALOGUE.filter((r) => r.kind === 'pattern')).toHaveLength(PATTERNS.length);
  });

  it('lists every pattern rule module once, each with its catalogue entry', () => {
    expect(PATTERNS.length).toBeGreaterThanOrEqual(21);
    expect(new Set(PATTERN_LIST.map((r) => r.name)).size).toBe(PATTERN_LIST.length);
    expect([...PATTERN_LIST.map((r) => r.name)].sort()).toEqual([...PATTERNS].sort());
    for (const r of PATTERN_LIST) expect(ruleOfPattern(r.name).pattern).toBe(r.name);
  });

  it('finds rules by id, with the Sentinel name where one exists', () => {
    expect(ruleById('SAL-AUDIT-OFF')).toMatchObject({ severity: 'critical', flag: 'OTHER', category: 'audit_trail', sentinel: 'SAP - Deactivation of Security Audit Log' });
    expect(ruleById('CD-BANK-KEY')?.flag).toBe('SENSITIVE_FIELD_FLAG');
    expect(ruleById('PAT-BRUTE-FORCE-SUCCESS')?.sentinel).toBeUndefined();
    expect(ruleById('NO-SUCH-RULE')).toBeUndefined();
    for (const r of RULE_CATALOGUE) expect(r.reads.length * r.nextSteps.length * r.title.length).toBeGreaterThan(0);
    // Each pattern says in one sentence what a finding means (shown beside the findings in the web app).
    for (const r of RULE_CATALOGUE.filter((r) => r.kind === 'pattern')) expect(r.summary, r.id).toMatch(/^[A-Z0-9].{20,}\.$/);
    // The current names of the Sentinel solution's rules.
    expect(ruleById('SAL-SENSITIVE-FM')?.sentinel).toContain('SAP - Unauthorized Remote Execution of a Sensitive Function Module');
    expect(ruleById('PAT-FAILED-LOGON-BURST')?.sentinel).toBe('SAP - Brute Force (RFC)');
  });

  it('states the thresholds of an analysis in the pattern texts, the defaults in the catalogue', () => {
    expect(ruleById('PAT-FAILED-LOGON-BURST')?.summary).toBe('5 or more failed logons for one user or from one terminal or address within 10 minutes.');
    const three = ruleOfPattern('FAILED_LOGON_BURST', { ...DEFAULT_THRESHOLDS, burst: { count: 3, minutes: 15 } });
    expect(three.summary).toBe('3 or more failed logons for one user or from one terminal or address within 15 minutes.');
    expect(three.reads).toContain('(3 in 15 minutes)');
    expect(ruleOfPattern('BANK_CHANGE_THEN_PAYMENT', { ...DEFAULT_THRESHOLDS, bankPaymentDays: 3 }).summary).toContain('within 3 days');
    for (const r of RULE_CATALOGUE) expect(`${r.summary ?? ''} ${r.reads}`, r.id).not.toMatch(/\{[a-zA-Z.]+\}/);
  });
});

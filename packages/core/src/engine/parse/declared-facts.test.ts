/**
 * The seam between the pattern modules and step 1: a fact a pattern declares (`collects`) is what the
 * collector keeps, and it reaches the pattern; without the declaration the records are not kept and
 * the pattern finds nothing, whatever the record rules mark.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FileMeta, SecurityEvent } from '../../facts/index.ts';
import { createCanonicalRecord, createFlagContext, createFlagResult, type CanonicalRecord } from '../../flags/index.ts';
import { markFact } from '../../flags/flag-result.ts';
import { loadDefaultLists } from '../../lists/index.ts';
import type { FileType, SuspiciousPattern } from '../../model/index.ts';
import { DEFAULT_THRESHOLDS } from '../../rules/detection-settings.ts';
import { BANK_CHANGE, BANK_CHANGE_THEN_PAYMENT, PAYMENT } from '../../rules/pattern/bank-change-then-payment.ts';
import { defineFact, type DeclaredFact } from '../../rules/pattern/define-fact.ts';
import { DECLARED_FACTS, type DeclaredFactKind } from '../../rules/pattern/fact-list.ts';
import { DOWNLOAD } from '../../rules/pattern/mass-download.ts';
import { MASS_PASSWORD_RESET, PASSWORD_RESET } from '../../rules/pattern/mass-password-reset.ts';
import type { PatternEnv } from '../../rules/pattern/pattern-env.ts';
import { PATTERN_LIST } from '../../rules/pattern/pattern-list.ts';
import { PROFILE_ASSIGNED } from '../../rules/pattern/sensitive-profile-assigned.ts';
import { ROLE_ASSIGNED } from '../../rules/pattern/sensitive-role-assigned.ts';
import { createRecordFlagger } from '../../rules/record/index.ts';
import { FactsCollector } from './collect-facts.ts';
import { compileDeclaredFacts } from './declared-facts.ts';

const flagger = createRecordFlagger(createFlagContext(loadDefaultLists()));
const meta = (fileType: FileType, joined = false): FileMeta => ({ fileName: 'x.csv', fileType, columns: [], canonical: {}, joined, dateOrder: 'DMY' });

/** Flags the records as step 1 does and collects them; the security events as tuples. */
function collect(fileType: FileType, records: Partial<CanonicalRecord>[], facts: readonly DeclaredFact[] = DECLARED_FACTS, joined = false): SecurityEvent[] {
  const c = new FactsCollector(0, meta(fileType, joined), compileDeclaredFacts(facts));
  const rec = createCanonicalRecord(fileType, joined);
  const out = createFlagResult(false);
  for (const fields of records) {
    Object.assign(rec, { user: 'ALICE', userInitial: 65, date: '2026-11-18', time: '10:00:00', terminal: '', peer: '', var1: '', var2: '', var3: '', tcode: '', event: '' }, fields);
    rec.userInitial = rec.user.charCodeAt(0);
    flagger(rec, out);
    c.add(rec, out);
  }
  const s = c.finish().securityEvents;
  return Array.from({ length: s.kinds.length }, (_, i): SecurityEvent => [s.kinds.get(i), s.users.get(i), s.targets.get(i), s.terminals.get(i), s.peers.get(i), s.times.get(i), s.activities.get(i), s.keys.get(i)]);
}

/** Runs one pattern's `find` over the events (the parts of PatternEnv these patterns read). */
function find(rule: { find: (env: PatternEnv) => void }, securityEvents: SecurityEvent[]): SuspiciousPattern[] {
  const found: SuspiciousPattern[] = [];
  const env = { securityEvents, thresholds: DEFAULT_THRESHOLDS, headerOf: () => undefined, hits: { addPatterns: (p: SuspiciousPattern[]) => found.push(...p) } };
  rule.find(env as unknown as PatternEnv);
  return found;
}

/** Every kind of security event step 1 keeps: all are facts the pattern modules declare. */
const KINDS = ['audit_tampering', 'authorisation_change', 'bank_change', 'closed', 'download', 'emergency', 'opened', 'password_reset', 'payment', 'privileged_logon', 'profile_assigned', 'role_assigned', 'user_created', 'user_unlocked'] as const;

const without = (fact: DeclaredFact) => DECLARED_FACTS.filter((f) => f !== fact);
const resets = ['U1', 'U2', 'U3', 'U4', 'U5'].map((u, i): Partial<CanonicalRecord> => ({ user: 'HELPDESK', event: 'BU2', var1: '100', var2: u, terminal: 'PC-H1', peer: '10.1.0.30:3200', time: `14:0${i}:00` }));

describe('facts a pattern declares', () => {
  it('are gathered from the pattern list, each once, with a mark bit of its own', () => {
    const declared = PATTERN_LIST.flatMap((p): readonly DeclaredFact[] => p.collects);
    expect(new Set(DECLARED_FACTS)).toEqual(new Set(declared));
    expect(DECLARED_FACTS.map((f) => f.kind).sort()).toEqual(KINDS);
    expect(new Set(DECLARED_FACTS.map((f) => f.bit)).size).toBe(DECLARED_FACTS.length);
    expectTypeOf<DeclaredFactKind>().toEqualTypeOf<(typeof KINDS)[number]>();
  });

  it('MASS_PASSWORD_RESET: a BU2 of another user is kept with the columns the module declares, and reaches the pattern', () => {
    const events = collect('SM20', [...resets, { user: 'USERX', event: 'BU2', var2: 'USERX' }]);
    expect(events.filter((e) => e[0] === PASSWORD_RESET.kind).map((e) => [e[1], e[2], e[3], e[4]])).toEqual(['U1', 'U2', 'U3', 'U4', 'U5'].map((u) => ['HELPDESK', u, 'PC-H1', '10.1.0.30']));
    expect(find(MASS_PASSWORD_RESET, events).map((p) => [p.user, p.sm20_time])).toEqual([['HELPDESK', '2026-11-18 14:00:00']]);
  });

  it('MASS_PASSWORD_RESET: without its declaration step 1 keeps no reset and the pattern finds nothing', () => {
    const events = collect('SM20', resets, without(PASSWORD_RESET));
    expect(events.filter((e) => e[0] === PASSWORD_RESET.kind)).toEqual([]);
    expect(find(MASS_PASSWORD_RESET, events)).toEqual([]);
  });

  it('BANK_CHANGE_THEN_PAYMENT: a bank-detail item and the payment AU3 started reach the pattern; not without either declaration', () => {
    const bank: Partial<CanonicalRecord>[] = [{ user: 'PAYER', objectclas: 'KRED', objectid: '0000200001', changenr: '1', tabname: 'LFBK', fname: 'KEY', chngind: 'I', tabkey: '1000000200001DE 10020030  1234567', tcode: 'XK02', time: '11:00:00' }];
    const pay: Partial<CanonicalRecord>[] = [{ user: 'PAYER', event: 'AU3', tcode: 'SESSION_MANAGER', var1: 'F110', date: '2026-11-19' }];
    const run = (facts: readonly DeclaredFact[]) => [...collect('CDPOS', bank, facts), ...collect('SM20', pay, facts)];
    const all = run(DECLARED_FACTS);
    expect(all.filter((e) => e[0] === BANK_CHANGE.kind).map((e) => [e[1], e[2], e[7]])).toEqual([['PAYER', 'LFBK', 'KRED\u00010000200001\u00011']]);
    expect(all.filter((e) => e[0] === PAYMENT.kind).map((e) => [e[1], e[2]])).toEqual([['PAYER', 'F110']]);
    expect(find(BANK_CHANGE_THEN_PAYMENT, all).map((p) => [p.user, p.sm20_time])).toEqual([['PAYER', '2026-11-19 10:00:00']]);
    expect(find(BANK_CHANGE_THEN_PAYMENT, run(without(BANK_CHANGE)))).toEqual([]);
    expect(find(BANK_CHANGE_THEN_PAYMENT, run(without(PAYMENT)))).toEqual([]);
  });

  it('a fact of SM20 events (MASS_DOWNLOAD) needs no record rule; role and profile assignments carry the text their rule marked', () => {
    expect(collect('SM20', [{ event: 'AUY', terminal: 'PC-1', peer: '10.0.0.1:3200' }]).filter((e) => e[0] === DOWNLOAD.kind).map((e) => [e[1], e[3], e[4]])).toEqual([['ALICE', 'PC-1', '10.0.0.1']]);
    expect(collect('SM20', [{ event: 'AUY' }], without(DOWNLOAD))).toEqual([]);
    const role = { objectclas: 'PFCG', objectid: 'SAP_BC_BASIS_ADMIN', changenr: '7', tabname: 'AGR_USERS', fname: 'KEY', chngind: 'I', tabkey: '100' + 'SAP_BC_BASIS_ADMIN'.padEnd(30) + 'JDOE' };
    expect(collect('CDPOS', [role]).filter((e) => e[0] === ROLE_ASSIGNED.kind).map((e) => e[2])).toEqual(['SAP_BC_BASIS_ADMIN to JDOE']);
    const profile = { objectclas: 'IDENTITY', objectid: 'JDOE', changenr: '8', tabname: 'UST04', fname: 'KEY', chngind: 'I', tabkey: '100JDOE        SAP_ALL' };
    expect(collect('CDPOS', [profile]).filter((e) => e[0] === PROFILE_ASSIGNED.kind).map((e) => e[2])).toEqual(['SAP_ALL to JDOE']);
  });

  it('every kind step 1 keeps comes from a declaration, and each declaration is what keeps its kind', () => {
    const sm20: Partial<CanonicalRecord>[] = [
      { event: 'AUJ', var1: '0' },
      { event: 'EU1', var1: 'Not modifiable', var2: 'Modifiable' },
      { event: 'EU1', var1: 'Modifiable', var2: 'Not modifiable' },
      { event: 'AUY' },
      { event: 'AU3', user: 'FF_TEST', tcode: 'SU01' },
      { event: 'BU2', var1: '100', var2: 'BOB' },
      { event: 'AU3', tcode: 'SESSION_MANAGER', var1: 'F110' },
      { event: 'AU1', user: 'SAP*' },
      { event: 'AU7', var1: 'NEW1' },
    ];
    const cdpos: Partial<CanonicalRecord>[] = [
      { user: 'ADMIN', objectclas: 'IDENTITY', objectid: 'JDOE', changenr: '1', tabname: 'UST04', fname: 'KEY', chngind: 'I', tabkey: '100JDOE        SAP_ALL' },
      { objectclas: 'KRED', objectid: '0000200001', changenr: '2', tabname: 'LFBK', fname: 'KEY', chngind: 'I', tabkey: '1000000200001DE 10020030  1234567' },
      { objectclas: 'PFCG', objectid: 'SAP_BC_BASIS_ADMIN', changenr: '3', tabname: 'AGR_USERS', fname: 'KEY', chngind: 'I', tabkey: '100' + 'SAP_BC_BASIS_ADMIN'.padEnd(30) + 'JDOE' },
    ];
    const kinds = (facts: readonly DeclaredFact[]) => [...new Set([...collect('SM20', sm20, facts), ...collect('CDPOS', cdpos, facts)].map((e) => e[0]))].sort();
    expect(kinds(DECLARED_FACTS)).toEqual([...KINDS]);
    for (const fact of DECLARED_FACTS) expect(kinds(without(fact)), fact.kind).toEqual(KINDS.filter((k) => k !== fact.kind));
  });

  it('MASS_PASSWORD_RESET: an IDENTITY item on a USR02 password field of another user is kept by its declaration alone (table, field, class)', () => {
    const item = (fields: Partial<CanonicalRecord>): Partial<CanonicalRecord> => ({ user: 'HELPDESK', objectclas: 'IDENTITY', objectid: 'BOB', changenr: '1', tabname: 'USR02', fname: 'PWDSALTEDHASH', chngind: 'U', ...fields });
    const items = [item({}), item({ objectid: 'HELPDESK', changenr: '2' }), item({ fname: 'USTYP', changenr: '3' }), item({ objectclas: 'PFCG', changenr: '4' }), item({ tabname: 'USR01', changenr: '5' })];
    const kept = collect('CDPOS', items).filter((e) => e[0] === PASSWORD_RESET.kind);
    expect(kept.map((e) => [e[1], e[2], e[7]])).toEqual([['HELPDESK', 'BOB', 'IDENTITY\u0001BOB\u00011']]);
  });

  it('a fact declared by change-document table, field and class, or by a list of transactions, is marked and kept with no record rule', () => {
    const ZTAB = defineFact({ kind: 'ztab_test_fact', about: 'test only', changes: [{ tables: ['ZTAB'], fields: ['F1'] }, { classes: ['ZCLASS'] }], records: { CDPOS: { target: 'fname', key: 'docKey' } } });
    const ZPAY = defineFact({ kind: 'zpay_test_fact', about: 'test only', transactions: 'paymentTcodes', records: { SM20: { target: 'marked' } } });
    const facts = [...DECLARED_FACTS, ZTAB, ZPAY];
    const withFacts = createRecordFlagger(createFlagContext(loadDefaultLists()), { facts });
    const run = (fileType: FileType, records: Partial<CanonicalRecord>[]) => {
      const c = new FactsCollector(0, meta(fileType), compileDeclaredFacts(facts));
      const rec = createCanonicalRecord(fileType, false);
      const out = createFlagResult(false);
      for (const fields of records) {
        Object.assign(rec, { user: 'ALICE', date: '2026-11-18', time: '10:00:00', objectclas: 'X', objectid: '1', changenr: '1', tabname: '', fname: '', event: '', tcode: '', var1: '' }, fields);
        rec.userInitial = rec.user.charCodeAt(0);
        withFacts(rec, out);
        c.add(rec, out);
      }
      const s = c.finish().securityEvents;
      return Array.from({ length: s.kinds.length }, (_, i) => [s.kinds.get(i), s.targets.get(i)]);
    };
    const items = [{ tabname: 'ZTAB', fname: 'F1' }, { tabname: 'ztab', fname: 'f1', changenr: '2' }, { tabname: 'ZTAB', fname: 'F2', changenr: '3' }, { tabname: 'YTAB', fname: 'F1', changenr: '4' }, { objectclas: 'ZCLASS', tabname: 'ANY', fname: 'F9', changenr: '5' }];
    expect(run('CDPOS', items).filter((e) => e[0] === ZTAB.kind)).toEqual([['ztab_test_fact', 'F1'], ['ztab_test_fact', 'f1'], ['ztab_test_fact', 'F9']]);
    const sm20 = [{ event: 'AU3', tcode: 'F110' }, { event: 'AU3', tcode: 'SESSION_MANAGER', var1: 'F-53' }, { event: 'AU3', tcode: 'SU01' }];
    expect(run('SM20', sm20).filter((e) => e[0] === ZPAY.kind)).toEqual([['zpay_test_fact', 'F110'], ['zpay_test_fact', 'F-53']]);
    // The pattern list's flagger does not know them: nothing is marked.
    expect(collect('CDPOS', items, facts).filter((e) => e[0] === ZTAB.kind)).toEqual([]);
  });

  it('SENSITIVE_ROLE_ASSIGNED and SENSITIVE_PROFILE_ASSIGNED: their module judges the items their declaration fits (the list and the validity), with no record rule', () => {
    const role = (fields: Partial<CanonicalRecord>): Partial<CanonicalRecord> => ({ user: 'ROLEADM', objectclas: 'PFCG', objectid: 'SAP_BC_BASIS_ADMIN', changenr: '1', tabname: 'AGR_USERS', fname: 'KEY', chngind: 'I', tabkey: '100' + 'SAP_BC_BASIS_ADMIN'.padEnd(30) + 'JDOE', valueNew: '', valueOld: '', ...fields });
    const items = [
      role({}),
      role({ changenr: '2', chngind: 'D' }), // removed: the rule's reason, not the fact
      role({ changenr: '3', tabkey: '100' + 'Z_DISPLAY_ONLY'.padEnd(30) + 'JDOE' }), // not on the list
      role({ changenr: '4', objectclas: 'KRED' }), // not a role class
      role({ changenr: '5', chngind: 'U', fname: 'TO_DAT', valueOld: '20240101', valueNew: '99991231' }), // valid again on 2026-11-18
      role({ changenr: '6', chngind: 'U', fname: 'TO_DAT', valueOld: '20271231', valueNew: '99991231' }), // still valid, only extended
    ];
    const kept = collect('CDPOS', items).filter((e) => e[0] === ROLE_ASSIGNED.kind);
    expect(kept.map((e) => [e[2], e[7]])).toEqual([
      ['SAP_BC_BASIS_ADMIN to JDOE', 'PFCG\u0001SAP_BC_BASIS_ADMIN\u00011'],
      ['SAP_BC_BASIS_ADMIN to JDOE (TO_DAT 20240101 → 99991231)', 'PFCG\u0001SAP_BC_BASIS_ADMIN\u00015'],
    ]);
    // The record rule still gives its reason for the removal and the extension; the fact is not marked for them.
    const out = createFlagResult(true);
    const rec = Object.assign(createCanonicalRecord('CDPOS'), { user: 'ROLEADM', date: '2026-11-18', time: '10:00:00' }, role({ chngind: 'D' }));
    flagger(rec, out);
    expect(out.rules).toContain('CD-SENSITIVE-ROLE');
    expect(out.marks & ROLE_ASSIGNED.mark).toBe(0);
    // With another list, the same item is judged by that list.
    const lists = { ...loadDefaultLists(), sensitiveRoles: [{ role: 'Z_DISPLAY*', description: '' }] };
    const other = createRecordFlagger(createFlagContext(lists));
    const judged = (fields: Partial<CanonicalRecord>) => {
      const r = Object.assign(createCanonicalRecord('CDPOS'), { user: 'ROLEADM', date: '2026-11-18', time: '10:00:00' }, role(fields));
      other(r, out);
      return (out.marks & ROLE_ASSIGNED.mark) !== 0;
    };
    expect([judged({}), judged({ tabkey: '100' + 'Z_DISPLAY_ONLY'.padEnd(30) + 'JDOE' })]).toEqual([false, true]);
    const profile = (fields: Partial<CanonicalRecord>): Partial<CanonicalRecord> => ({ user: 'ADMIN', objectclas: 'IDENTITY', objectid: 'JDOE', changenr: '1', tabname: 'UST04', fname: 'KEY', chngind: 'I', tabkey: '100JDOE        SAP_ALL', valueNew: '', valueOld: '', ...fields });
    const profiles = [profile({}), profile({ changenr: '2', chngind: 'D' }), profile({ changenr: '3', tabkey: '100JDOE        Z_DISPLAY' }), profile({ changenr: '4', tabname: 'UST10C' })];
    expect(collect('CDPOS', profiles).filter((e) => e[0] === PROFILE_ASSIGNED.kind).map((e) => [e[2], e[7]])).toEqual([['SAP_ALL to JDOE', 'IDENTITY\u0001JDOE\u00011']]);
  });

  it('a fact declared by table and class with a judgement of its own module, given a list, is marked and kept with no record rule', () => {
    const ZROLE = defineFact({
      kind: 'zrole_test_fact',
      about: 'test only',
      changes: [{ tables: ['ZAGR'], classes: ['ZCLS'] }],
      judge: { list: 'sensitiveRoles', item: (rec, roles) => roles.match(rec.fname) },
      records: { CDPOS: { target: 'marked' } },
    });
    const facts = [...DECLARED_FACTS, ZROLE];
    const withFacts = createRecordFlagger(createFlagContext(loadDefaultLists()), { facts });
    const c = new FactsCollector(0, meta('CDPOS'), compileDeclaredFacts(facts));
    const rec = createCanonicalRecord('CDPOS', false);
    const out = createFlagResult(false);
    const items = [{ tabname: 'ZAGR', objectclas: 'ZCLS', fname: 'SAP_ALL_ROLE' }, { tabname: 'ZAGR', objectclas: 'zcls', fname: 'SAP_BC_BASIS_ADMIN' }, { tabname: 'ZAGR', objectclas: 'OTHER', fname: 'SAP_BC_BASIS_ADMIN' }, { tabname: 'YAGR', objectclas: 'ZCLS', fname: 'SAP_BC_BASIS_ADMIN' }];
    for (const [i, fields] of items.entries()) {
      Object.assign(rec, { user: 'ALICE', date: '2026-11-18', time: '10:00:00', objectid: '1', changenr: String(i), chngind: 'U', tabkey: '', valueNew: '', valueOld: '' }, fields);
      rec.userInitial = 65;
      withFacts(rec, out);
      c.add(rec, out);
    }
    const s = c.finish().securityEvents;
    const kept = Array.from({ length: s.kinds.length }, (_, i) => [s.kinds.get(i), s.targets.get(i)]).filter((e) => e[0] === ZROLE.kind);
    expect(kept).toEqual([['zrole_test_fact', 'SAP_BC_BASIS_ADMIN']]);
    expect(() => defineFact({ kind: 'zbad_test_fact', about: 'test only', judge: { item: () => 'x' }, records: { CDPOS: {} } })).toThrow('has a `judge` but no `changes`');
  });

  it('a fact no pattern declares is never kept, even when a record is marked with it', () => {
    const UNDECLARED = defineFact({ kind: 'undeclared_test_fact', about: 'test only', records: { SM20: { target: 'var1' } } });
    const c = new FactsCollector(0, meta('SM20'));
    const rec = Object.assign(createCanonicalRecord('SM20'), { user: 'ALICE', date: '2026-11-18', time: '10:00:00', event: 'AU3', var1: 'X' });
    const out = createFlagResult(false);
    flagger(rec, out);
    markFact(out, UNDECLARED, 'X');
    c.add(rec, out);
    expect(c.finish().securityEvents.kinds.length).toBe(0);
    // Declared, the same record is kept.
    const d = new FactsCollector(0, meta('SM20'), compileDeclaredFacts([...DECLARED_FACTS, UNDECLARED]));
    d.add(rec, out);
    expect(d.finish().securityEvents.kinds.get(0)).toBe('undeclared_test_fact');
  });
});

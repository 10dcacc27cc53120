import { describe, expect, it } from 'vitest';
import { loadDefaultLists } from '../../lists/index.ts';
import type { FileType } from '../../model/index.ts';
import { ruleById } from '../index.ts';
import { createCanonicalRecord, createFlagContext, createFlagResult, FLAG_INDEX, type CanonicalRecord } from '../../flags/index.ts';
import { markedText } from '../../flags/flag-result.ts';
import { ROLE_ASSIGNED } from '../pattern/sensitive-role-assigned.ts';
import { createRecordFlagger } from './index.ts';

const flagger = createRecordFlagger(createFlagContext(loadDefaultLists()));

function run(fileType: FileType, fields: Partial<CanonicalRecord>) {
  const rec = Object.assign(createCanonicalRecord(fileType), { user: 'ALICE', userInitial: 65, date: '2026-11-18', time: '10:00:00' }, fields);
  if (fields.user !== undefined && fields.userInitial === undefined) rec.userInitial = fields.user === '' ? 0 : fields.user.charCodeAt(0);
  const out = createFlagResult();
  flagger(rec, out);
  return out;
}
const rulesOf = (fileType: FileType, fields: Partial<CanonicalRecord>) => run(fileType, fields).rules;
const otherOf = (fileType: FileType, fields: Partial<CanonicalRecord>) => run(fileType, fields).reasons[FLAG_INDEX.OTHER];

const ROLE_KEY = '100' + 'SAP_BC_BASIS_ADMIN'.padEnd(30) + 'JDOE';

/** [rule, record that must fire it, near miss that must not]. */
const CASES: [string, FileType, Partial<CanonicalRecord>, FileType, Partial<CanonicalRecord>][] = [
  ['SAL-DEBUG-CHANGE', 'SM20', { event: 'CUL' }, 'SM20', { event: 'CUK' }],
  ['SAL-DEBUG-SESSION', 'SM20', { event: 'CUK' }, 'SM20', { event: 'CUL' }],
  ['SAL-DYNAMIC-ABAP', 'SM20', { event: 'BU4' }, 'SM20', { event: 'BU5' }],
  ['SAL-DEBUG-TEXT', 'SM20', { event: 'AUW', program: 'ZDEBUG_TOOL' }, 'SM20', { event: 'AUW', program: 'ZDEBT_TOOL' }],
  ['SAL-CODE-EDIT', 'SM20', { event: 'AU3', var2: 'CODE -> EDIT' }, 'SM20', { event: 'AU3', var2: 'CODE EDIT' }],
  ['TCODE-TABLE-MAINT', 'SM20', { event: 'AU3', tcode: 'SM30' }, 'SM20', { event: 'DU9', tcode: 'SM30', var1: 'T001', var2: '03' }],
  ['SAL-GENERIC-TABLE-CHANGE', 'SM20', { event: 'DU9', var1: 'T001', var2: '02' }, 'SM20', { event: 'DU9', var1: 'T001', var2: '3' }],
  ['TCODE-HIGH-RISK', 'CDPOS', { joined: true, tcode: 'SU01', objectclas: 'X', tabname: 'T1', fname: 'F' }, 'CDPOS', { joined: false, tcode: 'SU01', objectclas: 'X', tabname: 'T1', fname: 'F' }],
  ['TABLE-HIGH-RISK', 'SM20', { event: 'DU9', var1: 'USR02', var2: '02' }, 'SM20', { event: 'DU9', var1: 'ZZTAB', var2: '02' }],
  ['CD-SENSITIVE-FIELD', 'CDPOS', { tabname: 'LFBK', fname: 'BANKN' }, 'CDPOS', { tabname: 'LFBK', fname: 'ZZFIELD' }],
  ['CD-BANK-KEY', 'CDPOS', { tabname: 'LFBK', fname: 'KEY', chngind: 'I', tabkey: '1000000100001DE 10020030  1234567' }, 'CDPOS', { tabname: 'LFBK', fname: 'KEY', chngind: 'U', tabkey: '1000000100001DE 10020030' }],
  ['CD-SENSITIVE-OBJECT', 'CDHDR', { objectclas: 'KRED' }, 'CDHDR', { objectclas: 'ZZCLASS' }],
  ['CD-ACCOUNTING-TABLE', 'CDPOS', { tabname: 'BSEG', fname: 'SGTXT' }, 'CDPOS', { tabname: 'BSET', fname: 'SGTXT' }],
  ['TIME-OUTSIDE-HOURS', 'CDHDR', { objectclas: 'X', time: '19:00:00' }, 'CDHDR', { objectclas: 'X', time: '18:59:59' }],
  ['SAL-SENSITIVE-READ', 'SM20', { event: 'DU9', var1: 'USR02', var2: '03' }, 'SM20', { event: 'DU9', var1: 'ZZTAB', var2: '03' }],
  ['SAL-DOWNLOAD', 'SM20', { event: 'AUY', var1: '1000' }, 'SM20', { event: 'AUX' }],
  ['SAL-SENSITIVE-PROGRAM', 'SM20', { event: 'AUW', var1: 'RSBDCOS0' }, 'SM20', { event: 'AUW', var1: 'RSBDCOS01' }],
  ['SAL-SENSITIVE-FM', 'SM20', { event: 'AUK', var3: 'RFC_READ_TABLE' }, 'SM20', { event: 'AUK', var3: 'RFC_PING' }],
  ['SAL-FAILED-LOGON', 'SM20', { event: 'AUO' }, 'SM20', { event: 'AU1' }],
  ['SAL-USER-LOCKED', 'SM20', { event: 'AUM', var2: 'BOB' }, 'SM20', { event: 'AUN', var2: 'BOB' }],
  ['SAL-SPNEGO-REPLAY', 'SM20', { event: 'BUI' }, 'SM20', { event: 'BUH' }],
  ['SAL-USER-ADMIN', 'SM20', { event: 'AU7', var1: 'BOB' }, 'SM20', { event: 'AUC' }],
  ['SAL-CONFIG-EVENT', 'SM20', { event: 'FU1' }, 'SM20', { event: 'FU2' }],
  // DU8 (an FTP connection to an allowed server) is a configuration event, not an insecure configuration.
  ['SAL-FTP-INSECURE', 'SM20', { event: 'DU2' }, 'SM20', { event: 'DU8', var1: 'ftp.example.com' }],
  ['TCODE-CONFIG', 'SM20', { tcode: 'RZ10' }, 'SM20', { tcode: 'RZ12' }],
  ['SAL-AUDIT-OFF', 'SM20', { event: 'AUJ', var1: '0' }, 'SM20', { event: 'AUJ', var1: '1' }],
  ['SAL-AUDIT-CONFIG', 'SM20', { event: 'FU0', var1: '1' }, 'SM20', { event: 'AUJ', var1: '0' }],
  ['SAL-AUDIT-DELETE', 'SM20', { event: 'AUW', var1: 'RSAUPURG' }, 'SM20', { event: 'AUW', var1: 'RSAUPURGX' }],
  ['TCODE-TRANSPORT', 'CDHDR', { tcode: 'SE09', objectclas: 'X' }, 'CDHDR', { tcode: 'SE08', objectclas: 'X' }],
  ['TCODE-JOB', 'SM20', { tcode: 'SM37' }, 'SM20', { tcode: 'SM38' }],
  ['USER-PRIVILEGED', 'SM20', { user: 'SAP*', event: 'AU3' }, 'SM20', { user: 'SAPX', event: 'AU3' }],
  ['USER-EMERGENCY', 'CDHDR', { user: 'FF_BASIS01', objectclas: 'X' }, 'CDHDR', { user: 'FFBASIS01', objectclas: 'X' }],
  ['SAL-PASSWORD-OTHER', 'SM20', { event: 'BU2', user: 'ADMIN1', var1: '100', var2: 'BOB' }, 'SM20', { event: 'BU2', user: 'BOB', var1: '100', var2: 'bob' }],
  ['SAL-FM-TEST-RUN', 'SM20', { event: 'AUK', program: 'RS_TESTFRAME_CALL', var1: 'SDTX', var3: 'RFC_READ_TABLE' }, 'SM20', { event: 'AUK', program: 'RS_TESTFRAME_CALLER', tcode: 'SE38', var3: 'RFC_READ_TABLE' }],
  ['SAL-CATALOGUE-HIGH', 'SM20', { event: 'BU8', var1: 'PROF1', var2: '2', var3: 'EICAR' }, 'SM20', { event: 'CUZ', var1: 'ZZTAB', var2: '03' }],
  ['CD-SENSITIVE-ROLE', 'CDPOS', { objectclas: 'PFCG', tabname: 'AGR_USERS', fname: 'KEY', chngind: 'I', tabkey: ROLE_KEY }, 'CDPOS', { objectclas: 'PFCG', tabname: 'AGR_USERS', fname: 'KEY', chngind: 'I', tabkey: '100' + 'SAP_BC_BASIS_ADMINX'.padEnd(30) + 'JDOE' }],
  ['CD-SENSITIVE-PROFILE', 'CDPOS', { objectclas: 'IDENTITY', objectid: 'JDOE', tabname: 'UST04', fname: 'KEY', chngind: 'I', tabkey: '100JDOE        SAP_ALL' }, 'CDPOS', { objectclas: 'IDENTITY', objectid: 'JDOE', tabname: 'UST04', fname: 'KEY', chngind: 'I', tabkey: '100JDOE        SAP_ALLX' }],
];

describe('every flag rule of the catalogue fires on its record and not on its near miss', () => {
  it.each(CASES)('%s', (rule, type, fires, missType, miss) => {
    expect(ruleById(rule)?.kind).toBe('flag');
    expect(rulesOf(type, fires)).toContain(rule);
    expect(rulesOf(missType, miss)).not.toContain(rule);
  });
  it('covers every flag rule of the catalogue', async () => {
    const { RULE_CATALOGUE } = await import('../index.ts');
    expect(RULE_CATALOGUE.filter((r) => r.kind === 'flag' && r.id !== 'VOLUME-USER-DAY').map((r) => r.id).sort()).toEqual(CASES.map((c) => c[0]).sort());
  });
});

describe('v2 reasons', () => {
  it('says whether the audit log was switched off or on, placeholders filled', () => {
    expect(otherOf('SM20', { event: 'AUJ', var1: '0' })).toBe('audit_trail: Event AUJ: security audit log switched off (Audit: Active status set to 0)');
    expect(otherOf('SM20', { event: 'AUJ', var1: '1' })).toBe('audit_trail: Event AUJ: security audit log switched on (Audit: Active status set to 1)');
    expect(otherOf('SM20', { event: 'AU2', var1: 'A', var2: '1', var3: 'X' })).toBe('security: Event AU2: Logon failed (reason=1, type=A, method=X)');
    expect(otherOf('SM20', { event: 'AUM', var1: '100', var2: 'BOB' })).toBe('security: Event AUM: User BOB locked in client 100 after errors in password checks');
  });
  it('shows the bank key and names profile and user', () => {
    expect(run('CDPOS', { tabname: 'LFBK', fname: 'KEY', chngind: 'I', tabkey: '100 0000100001 DE 10020030 1234567' }).reasons[FLAG_INDEX.SENSITIVE_FIELD_FLAG]).toBe(
      'Bank details added in LFBK (key 100 0000100001 DE 10020030 1234567)',
    );
    expect(otherOf('CDPOS', { objectclas: 'SUSR_PROF', tabname: 'UST04', fname: 'KEY', chngind: 'D', tabkey: '100KWEBER      SAP_NEW' })).toBe('authorization: Sensitive profile SAP_NEW removed from KWEBER (UST04)');
  });
  it('lists several OTHER reasons, one per category, and their rules', () => {
    const out = run('SM20', { user: 'DDIC', event: 'AU2', var1: 'A', var2: '1' });
    expect(out.reasons[FLAG_INDEX.OTHER]).toBe('security: Event AU2: Logon failed (reason=1, type=A); privileged_user: Record of privileged standard user DDIC');
    expect(out.rules).toEqual(['SAL-FAILED-LOGON', 'USER-PRIVILEGED']);
    expect(otherOf('SM20', { event: 'BU2', var1: '100', var2: 'SAP*' })).toContain('privileged_user: Privileged standard user SAP* is the target');
  });
  it('never calls a display maintenance, and reads German DU9 messages', () => {
    expect(rulesOf('SM20', { event: 'DU9', tcode: 'SE16', message: 'Generischer Tabellenzugriff auf T001 mit Aktivität 03' })).toEqual(['TABLE-HIGH-RISK', 'SAL-SENSITIVE-READ', 'TCODE-HIGH-RISK']);
    expect(rulesOf('SM20', { event: 'DU9', tcode: 'SE16', message: 'Generischer Tabellenzugriff auf T001 mit Aktivität 02' })).toContain('SAL-GENERIC-TABLE-CHANGE');
  });
});

describe('v3 reasons', () => {
  it('keeps every reason of a record, also two of one category', () => {
    const se06 = run('SM20', { event: 'EU1', tcode: 'SE06', var1: 'Not modifiable', var2: 'Modifiable' });
    expect(se06.reasons[FLAG_INDEX.OTHER]).toBe('config: Configuration transaction SE06; config: Event EU1: System change options changed ( Not modifiable to Modifiable)');
    expect(se06.rules).toEqual(expect.arrayContaining(['TCODE-CONFIG', 'SAL-CONFIG-EVENT']));
    const purge = run('SM20', { event: 'AUW', tcode: 'SM18', var1: 'RSAUPURG' });
    expect(purge.reasons[FLAG_INDEX.OTHER]).toBe('audit_trail: Audit log files administered with SM18 (deletion possible); audit_trail: Event AUW: audit-log deletion RSAUPURG called');
    // The same reason twice is listed once.
    expect(otherOf('SM20', { user: 'SAP*', event: 'BU2', var1: '100', var2: 'SAP*' })).toBe('privileged_user: Record of privileged standard user SAP*; privileged_user: Privileged standard user SAP* is the target');
  });
  it('reads BUY as a debugger change and names the user of a BU2 by another', () => {
    expect(run('SM20', { event: 'BUY' }).reasons[FLAG_INDEX.DEBUG_FLAG]).toBe('Event BUY: field contents changed in debugger');
    expect(rulesOf('SM20', { event: 'BUY' })).toContain('SAL-DEBUG-CHANGE');
    expect(otherOf('SM20', { event: 'BU2', user: 'ADMIN1', var1: '100', var2: 'KWEBER' })).toBe('security: Event BU2: password of user KWEBER changed by ADMIN1 in client 100');
    expect(otherOf('SM20', { event: 'BU2', user: 'KWEBER', var1: '100', var2: 'KWEBER' })).toBeUndefined();
  });
  it('names the function module of a test run, from SE37 too', () => {
    expect(otherOf('SM20', { event: 'AUK', program: 'RS_TESTFRAME_CALL', var1: 'SDTX', var3: 'RFC_READ_TABLE' })).toContain('security: Event AUK: function module RFC_READ_TABLE run in test mode (RS_TESTFRAME_CALL)');
    expect(otherOf('SM20', { event: 'BU4', tcode: 'SE37', var1: 'ASSIGN', var3: 'Z_POST_PAYMENT=0042FT' })).toContain('security: Event BU4: function module Z_POST_PAYMENT run in test mode (SE37)');
    expect(otherOf('SM20', { event: 'BU4', program: 'RS_TESTFRAME_CALL', var1: 'ASSIGN', var3: '0042' })).toContain('security: Event BU4: function module (not named) run in test mode (RS_TESTFRAME_CALL)');
    expect(otherOf('SM20', { event: 'AUW', tcode: 'SE37', program: 'RS_TESTFRAME_CALL', var1: 'RS_TESTFRAME_CALL' })).toBe('security: Event AUW: function module (not named) run in test mode (RS_TESTFRAME_CALL)');
  });
  it('names the insecure FTP configuration by its catalogue text', () => {
    expect(otherOf('SM20', { event: 'DU1' })).toBe('config: Event DU1: FTP server allowlist is empty');
    expect(rulesOf('SM20', { event: 'DU1' })).toEqual(['SAL-FTP-INSECURE']);
  });
  it('gives the catalogue-high events their catalogue text, and no second reason to an event a rule reads', () => {
    expect(otherOf('SM20', { event: 'AUG' })).toBe('security: Event AUG: Application server started');
    expect(otherOf('SM20', { event: 'BUW', var1: 'CLIENT_A', var2: 'CLIENT_B' })).toBe('security: Event BUW: A refresh token issued to client CLIENT_A was used by client CLIENT_B');
    expect(rulesOf('SM20', { event: 'CUZ', var1: 'ZZTAB', var2: '03' })).toEqual([]);
    expect(rulesOf('SM20', { event: 'CUK' })).toEqual(['SAL-DEBUG-SESSION']);
  });
  it('names a sensitive role and the user it was assigned to, removed from or made valid again for', () => {
    expect(otherOf('CDPOS', { objectclas: 'PFCG', objectid: 'SAP_BC_BASIS_ADMIN', tabname: 'AGR_USERS', fname: 'KEY', chngind: 'I', tabkey: ROLE_KEY })).toBe('authorization: Sensitive role SAP_BC_BASIS_ADMIN assigned to JDOE (AGR_USERS)');
    expect(otherOf('CDPOS', { objectclas: 'IDENTITY', objectid: 'JDOE', tabname: 'AGR_USERS', fname: 'KEY', chngind: 'D', tabkey: ROLE_KEY })).toBe('authorization: Sensitive role SAP_BC_BASIS_ADMIN removed from JDOE (AGR_USERS)');
    const fire = run('CDPOS', { objectclas: 'PFCG', tabname: 'AGR_USERS', fname: 'KEY', chngind: 'I', tabkey: '100' + 'Z_FIREFIGHTER_FI'.padEnd(30) + 'FFUSER' });
    expect(markedText(fire, ROLE_ASSIGNED)).toBe('Z_FIREFIGHTER_FI to FFUSER');
    // Valid again: the old end of validity (VALUE_OLD) lay before the change (2026-11-18), the new one does not.
    const validity = { objectclas: 'PFCG', tabname: 'AGR_USERS', fname: 'TO_DAT', chngind: 'U', tabkey: ROLE_KEY };
    const again = run('CDPOS', { ...validity, valueOld: '20240101', valueNew: '99991231' });
    expect(markedText(again, ROLE_ASSIGNED)).toBe('SAP_BC_BASIS_ADMIN to JDOE (TO_DAT 20240101 → 99991231)');
    expect(again.reasons[FLAG_INDEX.OTHER]).toBe('authorization: Sensitive role SAP_BC_BASIS_ADMIN made valid again for JDOE (AGR_USERS) (TO_DAT 20240101 → 99991231)');
    // Near misses: a valid assignment extended (old end after the change), one shortened into the past.
    const extended = run('CDPOS', { ...validity, valueOld: '20261231', valueNew: '99991231' });
    expect(markedText(extended, ROLE_ASSIGNED)).toBe('');
    expect(extended.reasons[FLAG_INDEX.OTHER]).toBe('authorization: Sensitive role SAP_BC_BASIS_ADMIN validity changed for JDOE (AGR_USERS) (TO_DAT 20261231 → 99991231)');
    expect(markedText(run('CDPOS', { ...validity, valueOld: '20240101', valueNew: '20261117' }), ROLE_ASSIGNED)).toBe('');
    expect(markedText(run('CDPOS', { ...validity, valueOld: '20240101', valueNew: '20200101' }), ROLE_ASSIGNED)).toBe('');
    // The old end on the day of the change: it was still valid that day, so not valid "again".
    expect(markedText(run('CDPOS', { ...validity, valueOld: '20261118', valueNew: '99991231' }), ROLE_ASSIGNED)).toBe('');
    // An item whose date only its header knows carries both ends; SENSITIVE_ROLE_ASSIGNED judges it with the header's date.
    expect(markedText(run('CDPOS', { ...validity, date: '', valueOld: '20261231', valueNew: '99991231' }), ROLE_ASSIGNED)).toBe('SAP_BC_BASIS_ADMIN to JDOE (TO_DAT 20261231 → 99991231)');
  });
});

describe('EU1 and EU2 openings', async () => {
  const { systemOpened } = await import('../../flags/sm20-events.ts');
  it('reads EU2 settings field by field, and EU1 by its new state', () => {
    expect(systemOpened('EU2', 'EUR|P|1|1|0| | |')).toBe(true);
    expect(systemOpened('EU2', 'EUR|P|3|1|0| | |')).toBe(true);
    expect(systemOpened('EU2', 'EUR|P|2|1|0| | |')).toBe(false);
    expect(systemOpened('EU2', 'EUR|1|2|1|0| | |')).toBe(false);
    expect(systemOpened('EU2', 'EP1')).toBe(true);
    expect(systemOpened('EU2', 'EP2')).toBe(false);
    expect(systemOpened('EU1', 'Änderbar')).toBe(true);
    expect(systemOpened('EU1', 'Not modifiable')).toBe(false);
  });
});

describe('self-authorisation items', async () => {
  const { authorisationTarget, selfAuthorised } = await import('./change-document-keys.ts');
  it('reads authorisation tables and AGR_USERS keys; never own defaults or passwords', () => {
    expect(authorisationTarget('IDENTITY', 'BOB', 'UST04', 'KEY', '100BOB  SAP_ALL')).toBe('BOB');
    expect(authorisationTarget('IDENTITY', 'BOB', 'USR02', 'GLTGB', '')).toBe('BOB');
    expect(authorisationTarget('IDENTITY', 'BOB', 'USR02', 'PWDSALTEDHASH', '')).toBeUndefined();
    expect(authorisationTarget('IDENTITY', 'BOB', 'USR01', 'DATFM', '')).toBeUndefined();
    expect(authorisationTarget('PFCG', 'Z_ROLE', 'AGR_USERS', 'KEY', '100Z_ROLE    BOB   99991231')).toBe('100Z_ROLE    BOB   99991231');
    expect(selfAuthorised('role', '100Z_ROLE    BOB   99991231', 'bob')).toBe(true);
    expect(selfAuthorised('role', '100Z_ROLE    BOBBY   99991231', 'BOB')).toBe(false);
    expect(selfAuthorised('identity', ' BOB ', 'BOB')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { loadDefaultLists } from '../../lists/index.ts';
import type { FileType, FlagKey } from '../../model/index.ts';
import {
  ChangeVolumeCounter, createCanonicalRecord, createFlagContext, createFlagResult, FLAG_INDEX, severityOf,
  type CanonicalRecord,
} from '../../flags/index.ts';
import { createRecordFlagger } from './index.ts';

const flagger = createRecordFlagger(createFlagContext(loadDefaultLists()));
// Wednesday 2026-11-18, 10:00: inside working time.
const WORKTIME = { date: '2026-11-18', time: '10:00:00' };

function flagsOf(fileType: FileType, fields: Partial<CanonicalRecord>) {
  const rec = Object.assign(createCanonicalRecord(fileType), { user: 'ALICE', ...WORKTIME }, fields);
  const out = createFlagResult();
  flagger(rec, out);
  const set: Partial<Record<FlagKey, string>> = {};
  for (const [k, i] of Object.entries(FLAG_INDEX)) if (out.reasons[i] !== undefined) set[k as FlagKey] = out.reasons[i];
  return { set, out };
}

describe('DEBUG_FLAG', () => {
  it('flags debugger events, BU4, debug mentions and CODE -> EDIT', () => {
    expect(flagsOf('SM20', { event: 'CUL' }).set.DEBUG_FLAG).toBe('Event CUL: field content changed in debugger');
    expect(flagsOf('SM20', { event: 'CUP' }).set.DEBUG_FLAG).toBe('Event CUP: non-exclusive debugging session started');
    expect(flagsOf('SM20', { event: 'BU4' }).set.DEBUG_FLAG).toBe('Event BU4: dynamic ABAP code');
    expect(flagsOf('SM20', { event: 'AUW', program: 'RSDEBUG_HELPER' }).set.DEBUG_FLAG).toBe('Message or program mentions debugging');
    expect(flagsOf('SM20', { event: 'AU3', var2: 'CODE -> EDIT' }).set.DEBUG_FLAG).toBe('Code edited in debugger (CODE -> EDIT)');
  });
  it('near misses: a normal logon, and debugger events in change documents', () => {
    expect(flagsOf('SM20', { event: 'AU1', message: 'Logon successful (type=A)' }).set.DEBUG_FLAG).toBeUndefined();
    expect(flagsOf('SM20', { event: 'CUQ' }).set.DEBUG_FLAG).toBeUndefined();
    expect(flagsOf('CDHDR', { event: 'CUL' }).set.DEBUG_FLAG).toBeUndefined();
  });
});

describe('TABLE_MAINT_FLAG', () => {
  it('flags maintenance tcodes in SM20 and CDHDR and DU9/CUZ changes', () => {
    expect(flagsOf('SM20', { tcode: 'SM30', event: 'AU3' }).set.TABLE_MAINT_FLAG).toBe('Table maintenance with SM30');
    expect(flagsOf('CDHDR', { tcode: 'se16n' }).set.TABLE_MAINT_FLAG).toBe('Table maintenance with SE16N');
    expect(flagsOf('SM20', { event: 'DU9', var1: 'ZTAB', var2: '02' }).set.TABLE_MAINT_FLAG).toBe('Generic table access DU9 to ZTAB with activity 02');
    expect(flagsOf('SM20', { event: 'CUZ', message: 'Generic table access by RFC to ZTAB with activity 01' }).set.TABLE_MAINT_FLAG).toBe(
      'Generic table access CUZ to ZTAB with activity 01',
    );
  });
  it('near misses: display activity 03, SM35, and CDPOS', () => {
    expect(flagsOf('SM20', { event: 'DU9', var1: 'ZTAB', var2: '03' }).set.TABLE_MAINT_FLAG).toBeUndefined();
    expect(flagsOf('SM20', { tcode: 'SM35' }).set.TABLE_MAINT_FLAG).toBeUndefined();
    expect(flagsOf('CDPOS', { tcode: 'SM30' }).set.TABLE_MAINT_FLAG).toBeUndefined();
  });
});

describe('HIGH_RISK_TCODE_FLAG', () => {
  it('flags SM20 tcode, AU3 started transaction and CDHDR tcode with the category', () => {
    expect(flagsOf('SM20', { tcode: 'SU01' }).set.HIGH_RISK_TCODE_FLAG).toBe('High-risk transaction SU01 (User Administration)');
    expect(flagsOf('SM20', { event: 'AU3', message: 'Transaction PFCG started.' }).set.HIGH_RISK_TCODE_FLAG).toMatch(/^High-risk transaction PFCG started \(AU3\) \(/);
    expect(flagsOf('CDHDR', { tcode: 'SU01' }).set.HIGH_RISK_TCODE_FLAG).toBe('High-risk transaction SU01 (User Administration)');
  });
  it('near misses: an ordinary tcode and a list edited by the admin', () => {
    expect(flagsOf('SM20', { tcode: 'VA03' }).set.HIGH_RISK_TCODE_FLAG).toBeUndefined();
    const lists = loadDefaultLists();
    lists.highRiskTcodes = lists.highRiskTcodes.filter((t) => t.id !== 'SU01');
    const custom = createRecordFlagger(createFlagContext(lists));
    const out = createFlagResult();
    custom(Object.assign(createCanonicalRecord('SM20'), { tcode: 'SU01' }), out);
    expect(out.reasons[FLAG_INDEX.HIGH_RISK_TCODE_FLAG]).toBeUndefined();
  });
});

describe('HIGH_RISK_TABLE_FLAG', () => {
  it('flags DU9 table (VAR1 or message) and CDPOS TABNAME', () => {
    expect(flagsOf('SM20', { event: 'DU9', var1: 'USR02', var2: '02' }).set.HIGH_RISK_TABLE_FLAG).toMatch(/^High-risk table USR02 \(.+\) via DU9$/);
    expect(flagsOf('SM20', { event: 'DU9', message: 'Generic table access call to USR02 with activity 03 (auth. check: 0)' }).set.HIGH_RISK_TABLE_FLAG).toMatch(/USR02/);
    expect(flagsOf('CDPOS', { tabname: 'LFBK' }).set.HIGH_RISK_TABLE_FLAG).toMatch(/^High-risk table LFBK/);
  });
  it('near misses: ordinary table, high-risk table name outside DU9/CUZ', () => {
    expect(flagsOf('CDPOS', { tabname: 'MARC' }).set.HIGH_RISK_TABLE_FLAG).toBeUndefined();
    expect(flagsOf('SM20', { event: 'AU3', var1: 'USR02' }).set.HIGH_RISK_TABLE_FLAG).toBeUndefined();
  });
});

describe('SENSITIVE_FIELD_FLAG and SENSITIVE_OBJECT_FLAG', () => {
  it('flags sensitive CDPOS fields and object classes, incl. the spec names and BKPF/BSEG tables', () => {
    expect(flagsOf('CDPOS', { fname: 'BANKN', tabname: 'LFBK' }).set.SENSITIVE_FIELD_FLAG).toBe('Sensitive field BANKN in LFBK changed');
    expect(flagsOf('CDHDR', { objectclas: 'KRED' }).set.SENSITIVE_OBJECT_FLAG).toBe('Sensitive object class KRED');
    expect(flagsOf('CDPOS', { objectclas: 'BENUTZER' }).set.SENSITIVE_OBJECT_FLAG).toBe('Sensitive object class BENUTZER');
    expect(flagsOf('CDPOS', { objectclas: 'ZZ', tabname: 'BSEG' }).set.SENSITIVE_OBJECT_FLAG).toBe('Sensitive table BSEG');
  });
  it('near misses: ordinary field, field in CDHDR, ordinary class', () => {
    expect(flagsOf('CDPOS', { fname: 'MAKTX' }).set.SENSITIVE_FIELD_FLAG).toBeUndefined();
    expect(flagsOf('CDHDR', { fname: 'BANKN' }).set.SENSITIVE_FIELD_FLAG).toBeUndefined();
    expect(flagsOf('CDHDR', { objectclas: 'ZCUSTOM' }).set.SENSITIVE_OBJECT_FLAG).toBeUndefined();
  });
});

describe('CHANGE_TIMING_FLAG', () => {
  it('flags change records early, late, on weekends and holidays', () => {
    expect(flagsOf('CDHDR', { time: '06:59:59' }).set.CHANGE_TIMING_FLAG).toBe('Change at 06:59:59 (before 07:00)');
    expect(flagsOf('CDHDR', { time: '19:00:00' }).set.CHANGE_TIMING_FLAG).toBe('Change at 19:00:00 (at or after 19:00)');
    expect(flagsOf('CDHDR', { date: '2026-11-21' }).set.CHANGE_TIMING_FLAG).toBe('Change on a Saturday (2026-11-21)');
    expect(flagsOf('CDHDR', { date: '2026-11-26' }).set.CHANGE_TIMING_FLAG).toBe('Change on holiday Thanksgiving Day (2026-11-26)');
    expect(flagsOf('SM20', { event: 'CUL', time: '22:10:00' }).set.CHANGE_TIMING_FLAG).toMatch(/22:10:00/);
    expect(flagsOf('SM20', { tcode: 'SU01', time: '05:00:00' }).set.CHANGE_TIMING_FLAG).toMatch(/before 07:00/);
    expect(flagsOf('CDPOS', { time: '23:00:00' }).set.CHANGE_TIMING_FLAG).toMatch(/23:00:00/);
  });
  it('near misses: 07:00 and 18:59:59 on a weekday, non-change SM20 events, CDPOS without header time', () => {
    expect(flagsOf('CDHDR', { time: '07:00:00' }).set.CHANGE_TIMING_FLAG).toBeUndefined();
    expect(flagsOf('CDHDR', { time: '18:59:59' }).set.CHANGE_TIMING_FLAG).toBeUndefined();
    expect(flagsOf('SM20', { event: 'AU1', time: '23:00:00' }).set.CHANGE_TIMING_FLAG).toBeUndefined();
    expect(flagsOf('SM20', { event: 'DU9', var1: 'ZTAB', var2: '03', time: '23:00:00' }).set.CHANGE_TIMING_FLAG).toBeUndefined();
    expect(flagsOf('CDPOS', { date: '', time: '' }).set.CHANGE_TIMING_FLAG).toBeUndefined();
  });
});

describe('SENSITIVE_ACCESS_FLAG', () => {
  it('flags display of high-risk tables, downloads and sensitive calls', () => {
    expect(flagsOf('SM20', { event: 'DU9', var1: 'USR02', var2: '03' }).set.SENSITIVE_ACCESS_FLAG).toBe('Display (03) of high-risk table USR02 via DU9');
    expect(flagsOf('SM20', { event: 'AUY', var1: '2048', var3: 'C:\\x.xls' }).set.SENSITIVE_ACCESS_FLAG).toBe('Event AUY: download of 2048 bytes to C:\\x.xls');
    expect(flagsOf('SM20', { event: 'AUK', var3: 'RFC_READ_TABLE' }).set.SENSITIVE_ACCESS_FLAG).toBe('Event AUK: call of sensitive function module RFC_READ_TABLE');
    expect(flagsOf('SM20', { event: 'AUK', message: 'Successful RFC call BAPI_USER_CHANGE (function group = SU_USER)' }).set.SENSITIVE_ACCESS_FLAG).toMatch(/BAPI_USER_CHANGE/);
  });
  it('near misses: display of an ordinary table, harmless RFC, change of high-risk table', () => {
    expect(flagsOf('SM20', { event: 'DU9', var1: 'ZTAB', var2: '03' }).set.SENSITIVE_ACCESS_FLAG).toBeUndefined();
    expect(flagsOf('SM20', { event: 'AUK', var3: 'RFC_PING' }).set.SENSITIVE_ACCESS_FLAG).toBeUndefined();
    expect(flagsOf('SM20', { event: 'DU9', var1: 'USR02', var2: '02' }).set.SENSITIVE_ACCESS_FLAG).toBeUndefined();
  });
});

describe('OTHER', () => {
  it('assigns the categories (v2: audit events are audit_trail)', () => {
    const logon = flagsOf('SM20', { event: 'AU2' }).out;
    expect(logon.otherCategory).toBe('security');
    expect(logon.reasons[FLAG_INDEX.OTHER]).toBe('security: Event AU2: Logon failed');
    expect(flagsOf('SM20', { event: 'AUE' }).out.otherCategory).toBe('audit_trail');
    expect(flagsOf('SM20', { event: 'EU1' }).out.otherCategory).toBe('config');
    expect(flagsOf('SM20', { tcode: 'RZ11' }).out.otherCategory).toBe('config');
    expect(flagsOf('CDHDR', { tcode: 'STMS' }).out.otherCategory).toBe('transport');
    expect(flagsOf('SM20', { tcode: 'SM36' }).out.otherCategory).toBe('job_schedule');
  });
  it('near misses: AU1 logon, AUC logoff, an ordinary tcode', () => {
    expect(flagsOf('SM20', { event: 'AU1' }).out.otherCategory).toBeUndefined();
    expect(flagsOf('SM20', { event: 'AUC' }).out.otherCategory).toBeUndefined();
    expect(flagsOf('SM20', { tcode: 'VA01' }).out.mask).toBe(0);
  });
});

describe('CHANGE_VOLUME (counter)', () => {
  it('is over the limit at 51 distinct change numbers, not at 50 or with repeats', () => {
    const c = new ChangeVolumeCounter();
    for (let i = 0; i < 50; i++) c.addDocument('bob', '2026-11-18', String(i).padStart(10, '0'));
    c.addDocument('BOB', '2026-11-18', '0000000001');
    expect(c.excess('BOB', '2026-11-18')).toBeUndefined();
    c.addDocument('BOB', '2026-11-18', '0000000050');
    expect(c.excess('bob', '2026-11-18')).toBe(51);
    expect(c.excess('BOB', '2026-11-19')).toBeUndefined();
  });
  it('counts SM20 change events separately, merges and survives JSON', () => {
    const a = new ChangeVolumeCounter();
    for (let i = 0; i < 30; i++) a.addEvent('EVE', '2026-11-18');
    const b = new ChangeVolumeCounter();
    for (let i = 0; i < 21; i++) b.addEvent('EVE', '2026-11-18');
    const merged = ChangeVolumeCounter.fromJSON(JSON.parse(JSON.stringify(a)));
    expect(merged.excess('EVE', '2026-11-18')).toBeUndefined();
    merged.merge(b);
    expect(merged.excess('EVE', '2026-11-18')).toBe(51);
  });
});

describe('severityOf', () => {
  it('returns the highest severity of the set flags', () => {
    expect(severityOf(0)).toBe('');
    expect(severityOf(1 << FLAG_INDEX.CHANGE_TIMING_FLAG)).toBe('medium');
    expect(severityOf((1 << FLAG_INDEX.CHANGE_TIMING_FLAG) | (1 << FLAG_INDEX.TABLE_MAINT_FLAG))).toBe('medium-high');
    expect(severityOf(1 << FLAG_INDEX.OTHER, 'high')).toBe('high');
  });
});

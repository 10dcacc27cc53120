import type { CanonicalRecord } from '../flags/canonical-record.ts';
import { createTimingCheck } from '../flags/change-timing.ts';
import { bankKeyChange, namedProfile, PROFILE_CLASSES, PROFILE_TABLES, profileOwner, readableKey, USER_PROFILE_TABLES } from '../flags/change-doc-rules.ts';
import type { FlagContext } from '../flags/flag-context.ts';
import { memoOf } from '../flags/memo.ts';
import { FLAG_INDEX, resetFlagResult, setFlag, setOther, type FlagResult } from '../flags/flag-result.ts';
import { fillPlaceholders } from '../flags/placeholders.ts';
import {
  AUDIT_DELETE_CALLS, AUDIT_EVENTS, CONFIG_EVENTS, CONFIG_TCODES, DEBUG_EVENTS, FAILED_LOGON_EVENTS, GENERIC_TABLE_EVENTS, JOB_TCODES, SECURITY_EVENTS,
  SM20_CHANGE_EVENTS, TABLE_MAINT_TCODES, TARGET_IN_VAR1_EVENTS, TARGET_IN_VAR2_EVENTS, TRANSPORT_TCODES, findNamedCall, genericTableAccess, startedTransaction,
} from '../flags/sm20-events.ts';

const DEBUG_EVENT_TEXT: Record<string, string> = {
  CUK: 'debugging activated',
  CUL: 'field content changed in debugger',
  CUM: 'jump to ABAP debugger',
  CUN: 'process stopped from the debugger',
  CUO: 'explicit database operation in debugger',
  CUP: 'non-exclusive debugging session started',
};
const MENTIONS_DEBUG = /debug/i;
/** SM20 records with any of these flags count as changes (CHANGE_TIMING / CHANGE_VOLUME). */
const CHANGE_FLAGS_MASK = (['DEBUG_FLAG', 'TABLE_MAINT_FLAG', 'HIGH_RISK_TCODE_FLAG', 'HIGH_RISK_TABLE_FLAG'] as const).reduce((m, k) => m | (1 << FLAG_INDEX[k]), 0);
const CODE_EDIT = /CODE\s*->\s*EDIT/i;

export type RecordFlagger = (rec: CanonicalRecord, out: FlagResult) => void;

export interface FlaggerOptions {
  /**
   * false: flags only (mask, isChange, countsAsChangeEvent), every reason text left ''. Step 1 needs no
   * texts (the report step flags again), and building them per record is most of flagging's cost.
   */
  reasons?: boolean;
}

/**
 * Builds the per-record flagger (everything but CHANGE_VOLUME, which needs the whole analysis:
 * see change-volume.ts). `out` is reset and filled; nothing is allocated for an unflagged record.
 * Every reason names its rule of the catalogue (rules/).
 */
export function createRecordFlagger(ctx: FlagContext, options: FlaggerOptions = {}): RecordFlagger {
  const full = options.reasons !== false;
  const timingOf = createTimingCheck(ctx.holidayOf, full, ctx.thresholds.businessHours);
  // Reason texts repeat (same tcode, same event): build each once instead of per record. One map
  // per kind: the key (often the record's tcode, already hashed) is looked up without a concatenation.
  const reasons = new Map<string, Map<string, string>>();
  let cached = 0;
  const reason = (kind: string, key: string, build: () => string): string => {
    if (!full) return '';
    let byKey = reasons.get(kind);
    if (byKey === undefined) reasons.set(kind, (byKey = new Map()));
    let r = byKey.get(key);
    if (r === undefined) {
      if (cached > 50_000) {
        for (const m of reasons.values()) m.clear();
        cached = 0;
      }
      byKey.set(key, (r = build()));
      cached++;
    }
    return r;
  };
  const programs = [...ctx.sensitivePrograms];
  const watch = ctx.watchlist;

  // Per distinct cell value, what the lists say of it: one Map lookup per cell instead of an
  // upper-casing and several Set lookups per record (cells repeat: codes, classes, tables, fields).
  const tcodeOf = memoOf((raw: string): TcodeFacts => {
    const tcode = raw.toUpperCase();
    const other: TcodeFacts['other'] = CONFIG_TCODES.has(tcode) ? 'config' : TRANSPORT_TCODES.has(tcode) ? 'transport' : JOB_TCODES.has(tcode) ? 'job_schedule' : tcode === 'SM18' ? 'audit_trail' : undefined;
    return { tcode, tableMaint: TABLE_MAINT_TCODES.has(tcode), category: ctx.highRiskTcodes.get(tcode), other };
  });
  const eventOf = memoOf(eventBits);
  // Programs and function modules repeat: '' when the text names no sensitive call.
  const sensitiveCall = memoOf((text: string) => findNamedCall(text, programs) ?? '');
  const auditDelete = memoOf((text: string) => findNamedCall(text, AUDIT_DELETE_CALLS) ?? '');
  const classOf = memoOf((raw: string) => {
    const cls = raw.toUpperCase();
    return { cls, sensitive: ctx.sensitiveObjectClasses.has(cls), profiles: PROFILE_CLASSES.has(cls), identity: cls === 'IDENTITY' };
  });
  const tableOf = memoOf((raw: string) => {
    const table = raw.toUpperCase();
    return { table, category: ctx.highRiskTables.get(table), accounting: table === 'BKPF' || table === 'BSEG', profiles: PROFILE_TABLES.has(table) };
  });
  const fieldOf = memoOf((raw: string) => {
    const field = raw.toUpperCase();
    return { field, sensitive: ctx.sensitiveFields.has(field) };
  });

  const flagTcode = (t: TcodeFacts, out: FlagResult, how: string, display: boolean) => {
    const tcode = t.tcode;
    if (tcode === '') return;
    if (t.tableMaint && !display) setFlag(out, 'TABLE_MAINT_FLAG', full ? reason('TM', `${tcode}${how}`, () => `Table maintenance with ${tcode}${how}`) : '', 'TCODE-TABLE-MAINT');
    const category = t.category;
    if (category !== undefined) setFlag(out, 'HIGH_RISK_TCODE_FLAG', full ? reason('HT', `${tcode}${how}`, () => `High-risk transaction ${tcode}${how} (${category || 'uncategorised'})`) : '', 'TCODE-HIGH-RISK');
    if (t.other === 'config') setOther(out, 'config', reason('OC', tcode, () => `config: Configuration transaction ${tcode}`), 'TCODE-CONFIG');
    else if (t.other === 'transport') setOther(out, 'transport', reason('OT', tcode, () => `transport: Transport transaction ${tcode}`), 'TCODE-TRANSPORT');
    else if (t.other === 'job_schedule') setOther(out, 'job_schedule', reason('OJ', tcode, () => `job_schedule: Job scheduling transaction ${tcode}`), 'TCODE-JOB');
    else if (t.other === 'audit_trail') setOther(out, 'audit_trail', `audit_trail: Audit log files administered with ${tcode} (deletion possible)`, 'SAL-AUDIT-DELETE');
  };

  /** privileged_user / emergency_access for the acting user and, when given, the target user. */
  const flagUsers = (rec: CanonicalRecord, out: FlagResult, target: string) => {
    if (watch.empty) return;
    const initial = rec.userInitial;
    if (initial !== 0 && (initial < 0 || watch.mayMatchInitial(initial))) {
      const user = rec.user;
      const kind = watch.kindOf(user);
      if (kind === 'standard') setOther(out, 'privileged_user', reason('PU', user, () => `privileged_user: Record of privileged standard user ${user}`), 'USER-PRIVILEGED');
      else if (kind === 'emergency') setOther(out, 'emergency_access', reason('EA', user, () => `emergency_access: Record of emergency user ${user}`), 'USER-EMERGENCY');
    }
    if (target !== '' && watch.kindOf(target) === 'standard') {
      setOther(out, 'privileged_user', reason('PT', target, () => `privileged_user: Privileged standard user ${target} is the target`), 'USER-PRIVILEGED');
    }
  };

  const eventText = (rec: CanonicalRecord, fallback: string): string => {
    const text = ctx.events.get(rec.event)?.text;
    return text === undefined ? fallback : fillPlaceholders(text, rec.var1, rec.var2, rec.var3).replace(/[.:\s]+$/, '');
  };
  const eventReason = (kind: string, rec: CanonicalRecord, fallback: string): string =>
    full ? reason(kind, `${rec.event}\u0001${rec.var1}\u0001${rec.var2}\u0001${rec.var3}`, () => `Event ${rec.event}: ${eventText(rec, fallback)}`) : '';

  const flagSm20 = (rec: CanonicalRecord, out: FlagResult) => {
    const ev = rec.event;
    const e = eventOf(ev);
    if (e & EV_DEBUG) setFlag(out, 'DEBUG_FLAG', reason('DE', ev, () => `Event ${ev}: ${DEBUG_EVENT_TEXT[ev]}`), ev === 'CUL' ? 'SAL-DEBUG-CHANGE' : 'SAL-DEBUG-SESSION');
    else if (e & EV_BU4) setFlag(out, 'DEBUG_FLAG', 'Event BU4: dynamic ABAP code', 'SAL-DYNAMIC-ABAP');
    if (rec.maybeDebugText) {
      if (mentionsDebug(rec.message) || mentionsDebug(rec.program)) setFlag(out, 'DEBUG_FLAG', 'Message or program mentions debugging', 'SAL-DEBUG-TEXT');
      if (hasCodeEdit(rec.message) || hasCodeEdit(rec.var1) || hasCodeEdit(rec.var2) || hasCodeEdit(rec.var3)) {
        setFlag(out, 'DEBUG_FLAG', 'Code edited in debugger (CODE -> EDIT)', 'SAL-CODE-EDIT');
      }
    }
    let isChange = (e & EV_CHANGE) !== 0;
    // A DU9/CUZ display (03) only reads a table: its transaction is not maintenance then.
    let display = false;
    if (e & EV_GENERIC) {
      const { table, activity } = genericTableAccess(rec.var1, rec.var2, rec.message);
      const category = ctx.highRiskTables.get(table);
      if (category !== undefined) setFlag(out, 'HIGH_RISK_TABLE_FLAG', reason('HB', `${ev}${table}`, () => `High-risk table ${table} (${category || 'uncategorised'}) via ${ev}`), 'TABLE-HIGH-RISK');
      if (activity === '03') {
        display = true;
        if (category !== undefined) setFlag(out, 'SENSITIVE_ACCESS_FLAG', reason('SA', `${ev}${table}`, () => `Display (03) of high-risk table ${table} via ${ev}`), 'SAL-SENSITIVE-READ');
      } else if (activity !== '') {
        isChange = true;
        setFlag(out, 'TABLE_MAINT_FLAG', reason('GT', `${ev}${table}\u0001${activity}`, () => `Generic table access ${ev} to ${table || 'unknown table'} with activity ${activity}`), 'SAL-GENERIC-TABLE-CHANGE');
      }
    }
    const t = tcodeOf(rec.tcode);
    flagTcode(t, out, '', display);
    if (e & EV_AU3) {
      // startedTransaction upper-cases VAR1 when set: the memo does that, the message path as before.
      const started = rec.var1 !== '' ? tcodeOf(rec.var1) : tcodeOf(startedTransaction('', rec.message));
      if (started.tcode !== t.tcode) flagTcode(started, out, ' started (AU3)', false);
    }
    if (e & EV_DOWNLOAD) {
      setFlag(out, 'SENSITIVE_ACCESS_FLAG', full ? `Event AUY: download${rec.var1 ? ` of ${rec.var1} bytes` : ''}${rec.var3 ? ` to ${rec.var3}` : ''}` : '', 'SAL-DOWNLOAD');
    } else if (e & EV_CALL) {
      // The program is mostly VAR1 again: the same text gives the same answer.
      const var1 = rec.var1;
      const program = rec.program;
      const call = sensitiveCall(var1) || sensitiveCall(rec.var2) || sensitiveCall(rec.var3) || (program !== var1 ? sensitiveCall(program) : '') || sensitiveCall(rec.message);
      const fm = ev === 'AUK';
      if (call) setFlag(out, 'SENSITIVE_ACCESS_FLAG', full ? `Event ${ev}: call of sensitive ${fm ? 'function module' : 'program'} ${call}` : '', fm ? 'SAL-SENSITIVE-FM' : 'SAL-SENSITIVE-PROGRAM');
      const deleted = auditDelete(var1) || auditDelete(rec.var2) || auditDelete(rec.var3) || (program !== var1 ? auditDelete(program) : '');
      if (deleted) setOther(out, 'audit_trail', `audit_trail: Event ${ev}: audit-log deletion ${deleted} called`, 'SAL-AUDIT-DELETE');
    }
    if (e & EV_SECURITY) {
      const rule = e & EV_FAILED ? 'SAL-FAILED-LOGON' : ev === 'AUM' ? 'SAL-USER-LOCKED' : ev === 'BUI' ? 'SAL-SPNEGO-REPLAY' : 'SAL-USER-ADMIN';
      setOther(out, 'security', full ? `security: ${eventReason('OS', rec, 'security event')}` : '', rule);
    } else if (e & EV_CONFIG) setOther(out, 'config', full ? `config: ${eventReason('OE', rec, 'configuration change')}` : '', 'SAL-CONFIG-EVENT');
    else if (e & EV_AUDIT) {
      if (ev === 'AUJ') {
        const off = rec.var1.trim() === '0';
        setOther(out, 'audit_trail', full ? `audit_trail: Event AUJ: security audit log switched ${off ? 'off' : 'on'} (${eventText(rec, 'active status changed')})` : '', off ? 'SAL-AUDIT-OFF' : 'SAL-AUDIT-CONFIG');
      } else setOther(out, 'audit_trail', full ? `audit_trail: ${eventReason('OA', rec, 'audit configuration changed')}` : '', 'SAL-AUDIT-CONFIG');
    }
    flagUsers(rec, out, e & EV_TARGET1 ? rec.var1 : e & EV_TARGET2 ? rec.var2 : '');
    out.countsAsChangeEvent = isChange;
    out.isChange = isChange || (out.mask & CHANGE_FLAGS_MASK) !== 0;
  };

  /** Object class rules of CDHDR and CDPOS; returns the class facts. */
  const flagObjectClass = (rec: CanonicalRecord, out: FlagResult) => {
    const c = classOf(rec.objectclas);
    if (c.sensitive) setFlag(out, 'SENSITIVE_OBJECT_FLAG', reason('SO', c.cls, () => `Sensitive object class ${c.cls}`), 'CD-SENSITIVE-OBJECT');
    return c;
  };

  const flagItem = (rec: CanonicalRecord, out: FlagResult) => {
    const c = flagObjectClass(rec, out);
    const { table, category, accounting, profiles } = tableOf(rec.tabname);
    if (category !== undefined) setFlag(out, 'HIGH_RISK_TABLE_FLAG', reason('HC', table, () => `High-risk table ${table} (${category || 'uncategorised'})`), 'TABLE-HIGH-RISK');
    if (accounting) setFlag(out, 'SENSITIVE_OBJECT_FLAG', full ? `Sensitive table ${table}` : '', 'CD-ACCOUNTING-TABLE');
    const f = fieldOf(rec.fname);
    if (f.field === 'KEY') {
      const bank = bankKeyChange(table, f.field, rec.chngind);
      if (bank) setFlag(out, 'SENSITIVE_FIELD_FLAG', full ? `Bank details ${bank} in ${table} (key ${readableKey(rec.tabkey)})` : '', 'CD-BANK-KEY');
    }
    if (f.sensitive) setFlag(out, 'SENSITIVE_FIELD_FLAG', full ? reason('SF', `${f.field}\u0001${table}`, () => `Sensitive field ${f.field}${table ? ` in ${table}` : ''} changed`) : '', 'CD-SENSITIVE-FIELD');
    if (profiles && c.profiles) {
      const profile = namedProfile(rec.tabkey, rec.valueNew, ctx.sensitiveProfiles);
      if (profile !== undefined) {
        const ind = rec.chngind.toUpperCase();
        const how = ind === 'I' ? 'assigned to' : ind === 'D' || ind === 'E' ? 'removed from' : 'changed for';
        const owner = profileOwner(c.cls, rec.objectid, rec.tabkey) || 'unknown user';
        setOther(out, 'authorization', full ? `authorization: Sensitive profile ${profile} ${how} ${owner} (${table})` : '', 'CD-SENSITIVE-PROFILE');
        if (ind === 'I' && USER_PROFILE_TABLES.has(table)) out.profileAssigned = `${profile} to ${owner}`;
      }
    }
    // The header TCODE of a joined row is its own; an item joined to a separate CDHDR row does not repeat the header's flag.
    if (rec.joined) flagTcode(tcodeOf(rec.tcode), out, '', false);
    flagUsers(rec, out, c.identity ? rec.objectid : '');
    // Timing needs the header's time: joined exports carry it, otherwise correlation supplies it.
    out.isChange = rec.time !== '' || rec.date !== '';
  };

  return (rec, out) => {
    resetFlagResult(out);
    switch (rec.fileType) {
      case 'SM20':
        flagSm20(rec, out);
        break;
      case 'CDHDR': {
        const c = flagObjectClass(rec, out);
        flagTcode(tcodeOf(rec.tcode), out, '', false);
        flagUsers(rec, out, c.identity ? rec.objectid : '');
        out.isChange = true;
        break;
      }
      case 'CDPOS':
        flagItem(rec, out);
        break;
      case 'TICKETS':
        break;
    }
    if (out.isChange) {
      const reason = timingOf(rec.date, rec.time);
      if (reason !== undefined) setFlag(out, 'CHANGE_TIMING_FLAG', reason, 'TIME-OUTSIDE-HOURS');
    }
  };
}

interface TcodeFacts {
  tcode: string;
  tableMaint: boolean;
  category: string | undefined;
  other: 'config' | 'transport' | 'job_schedule' | 'audit_trail' | undefined;
}

const EV_DEBUG = 1, EV_BU4 = 2, EV_CHANGE = 4, EV_GENERIC = 8, EV_DOWNLOAD = 16, EV_CALL = 32, EV_SECURITY = 64, EV_CONFIG = 128, EV_AU3 = 256;
const EV_AUDIT = 512, EV_TARGET1 = 1024, EV_TARGET2 = 2048, EV_FAILED = 4096;

/** The event groups (sm20-events.ts) an upper-cased SM20 event code belongs to, as bits. */
function eventBits(ev: string): number {
  return (DEBUG_EVENTS.has(ev) ? EV_DEBUG : 0) | (ev === 'BU4' ? EV_BU4 : 0) | (SM20_CHANGE_EVENTS.has(ev) ? EV_CHANGE : 0) | (GENERIC_TABLE_EVENTS.has(ev) ? EV_GENERIC : 0)
    | (ev === 'AUY' ? EV_DOWNLOAD : 0) | (ev === 'AUK' || ev === 'AUW' ? EV_CALL : 0) | (SECURITY_EVENTS.has(ev) ? EV_SECURITY : 0) | (CONFIG_EVENTS.has(ev) ? EV_CONFIG : 0) | (ev === 'AU3' ? EV_AU3 : 0)
    | (AUDIT_EVENTS.has(ev) ? EV_AUDIT : 0) | (TARGET_IN_VAR1_EVENTS.has(ev) ? EV_TARGET1 : 0) | (TARGET_IN_VAR2_EVENTS.has(ev) ? EV_TARGET2 : 0) | (FAILED_LOGON_EVENTS.has(ev) ? EV_FAILED : 0);
}

// Cheap pre-checks before the regexes: most cells contain neither. (Readers that set
// CanonicalRecord.maybeDebugText test the same substrings: 'ebug', 'EBUG', '->'.)
function mentionsDebug(s: string): boolean {
  return s.length >= 5 && (s.includes('ebug') || s.includes('EBUG')) && MENTIONS_DEBUG.test(s);
}
function hasCodeEdit(s: string): boolean {
  return s.length >= 12 && s.includes('->') && CODE_EDIT.test(s);
}

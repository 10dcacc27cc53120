import type { CanonicalRecord } from './canonical-record.ts';
import { createTimingCheck } from './change-timing.ts';
import type { FlagContext } from './flag-context.ts';
import { memoOf } from './memo.ts';
import { FLAG_INDEX, resetFlagResult, setFlag, type FlagResult } from './flag-result.ts';
import {
  CONFIG_EVENTS, CONFIG_TCODES, DEBUG_EVENTS, GENERIC_TABLE_EVENTS, JOB_TCODES, SECURITY_EVENTS, SM20_CHANGE_EVENTS,
  TABLE_MAINT_TCODES, TRANSPORT_TCODES, findSensitiveCall, genericTableAccess, startedTransaction,
} from './sm20-events.ts';

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
 */
export function createRecordFlagger(ctx: FlagContext, options: FlaggerOptions = {}): RecordFlagger {
  const full = options.reasons !== false;
  const timingOf = createTimingCheck(ctx.holidayOf, full);
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

  // Per distinct cell value, what the lists say of it: one Map lookup per cell instead of an
  // upper-casing and several Set lookups per record (cells repeat: codes, classes, tables, fields).
  const tcodeOf = memoOf((raw: string): TcodeFacts => {
    const tcode = raw.toUpperCase();
    const other: TcodeFacts['other'] = CONFIG_TCODES.has(tcode) ? 'config' : TRANSPORT_TCODES.has(tcode) ? 'transport' : JOB_TCODES.has(tcode) ? 'job_schedule' : undefined;
    return { tcode, tableMaint: TABLE_MAINT_TCODES.has(tcode), category: ctx.highRiskTcodes.get(tcode), other };
  });
  const eventOf = memoOf(eventBits);
  // Function modules and programs repeat: '' when the text names no sensitive call.
  const sensitiveCall = memoOf((text: string) => findSensitiveCall(text) ?? '');
  const classOf = memoOf((raw: string) => {
    const cls = raw.toUpperCase();
    return { cls, sensitive: ctx.sensitiveObjectClasses.has(cls) };
  });
  const tableOf = memoOf((raw: string) => {
    const table = raw.toUpperCase();
    return { table, category: ctx.highRiskTables.get(table), accounting: table === 'BKPF' || table === 'BSEG' };
  });
  const fieldOf = memoOf((raw: string) => {
    const field = raw.toUpperCase();
    return { field, sensitive: ctx.sensitiveFields.has(field) };
  });

  const flagTcode = (t: TcodeFacts, out: FlagResult, how: string) => {
    const tcode = t.tcode;
    if (tcode === '') return;
    if (t.tableMaint) setFlag(out, 'TABLE_MAINT_FLAG', full ? reason('TM', `${tcode}${how}`, () => `Table maintenance with ${tcode}${how}`) : '');
    const category = t.category;
    if (category !== undefined) setFlag(out, 'HIGH_RISK_TCODE_FLAG', full ? reason('HT', `${tcode}${how}`, () => `High-risk transaction ${tcode}${how} (${category || 'uncategorised'})`) : '');
    if (out.otherCategory === undefined && t.other !== undefined) {
      if (t.other === 'config') setOther(out, 'config', reason('OC', tcode, () => `config: Configuration transaction ${tcode}`));
      else if (t.other === 'transport') setOther(out, 'transport', reason('OT', tcode, () => `transport: Transport transaction ${tcode}`));
      else setOther(out, 'job_schedule', reason('OJ', tcode, () => `job_schedule: Job scheduling transaction ${tcode}`));
    }
  };

  const flagSm20 = (rec: CanonicalRecord, out: FlagResult) => {
    const ev = rec.event;
    const e = eventOf(ev);
    if (e & EV_DEBUG) setFlag(out, 'DEBUG_FLAG', reason('DE', ev, () => `Event ${ev}: ${DEBUG_EVENT_TEXT[ev]}`));
    else if (e & EV_BU4) setFlag(out, 'DEBUG_FLAG', 'Event BU4: dynamic ABAP code');
    if (rec.maybeDebugText) {
      if (mentionsDebug(rec.message) || mentionsDebug(rec.program)) setFlag(out, 'DEBUG_FLAG', 'Message or program mentions debugging');
      if (hasCodeEdit(rec.message) || hasCodeEdit(rec.var1) || hasCodeEdit(rec.var2) || hasCodeEdit(rec.var3)) {
        setFlag(out, 'DEBUG_FLAG', 'Code edited in debugger (CODE -> EDIT)');
      }
    }
    const t = tcodeOf(rec.tcode);
    flagTcode(t, out, '');
    if (e & EV_AU3) {
      // startedTransaction upper-cases VAR1 when set: the memo does that, the message path as before.
      const started = rec.var1 !== '' ? tcodeOf(rec.var1) : tcodeOf(startedTransaction('', rec.message));
      if (started.tcode !== t.tcode) flagTcode(started, out, ' started (AU3)');
    }
    let isChange = (e & EV_CHANGE) !== 0;
    if (e & EV_GENERIC) {
      const { table, activity } = genericTableAccess(rec.var1, rec.var2, rec.message);
      const category = ctx.highRiskTables.get(table);
      if (category !== undefined) setFlag(out, 'HIGH_RISK_TABLE_FLAG', reason('HB', `${ev}${table}`, () => `High-risk table ${table} (${category || 'uncategorised'}) via ${ev}`));
      if (activity === '03') {
        if (category !== undefined) setFlag(out, 'SENSITIVE_ACCESS_FLAG', reason('SA', `${ev}${table}`, () => `Display (03) of high-risk table ${table} via ${ev}`));
      } else if (activity !== '') {
        isChange = true;
        setFlag(out, 'TABLE_MAINT_FLAG', reason('GT', `${ev}${table}\u0001${activity}`, () => `Generic table access ${ev} to ${table || 'unknown table'} with activity ${activity}`));
      }
    } else if (e & EV_DOWNLOAD) {
      setFlag(out, 'SENSITIVE_ACCESS_FLAG', full ? `Event AUY: download${rec.var1 ? ` of ${rec.var1} bytes` : ''}${rec.var3 ? ` to ${rec.var3}` : ''}` : '');
    } else if (e & EV_CALL) {
      // The program is mostly VAR1 again: the same text gives the same answer.
      const var1 = rec.var1;
      const program = rec.program;
      const call = sensitiveCall(var1) || sensitiveCall(rec.var2) || sensitiveCall(rec.var3) || (program !== var1 ? sensitiveCall(program) : '') || sensitiveCall(rec.message);
      if (call) setFlag(out, 'SENSITIVE_ACCESS_FLAG', full ? `Event ${ev}: call of sensitive ${ev === 'AUK' ? 'function module' : 'program'} ${call}` : '');
    }
    if (e & EV_SECURITY) setOther(out, 'security', reason('OS', ev, () => `security: Event ${ev}: ${eventLabel(ctx.events.get(ev)?.text) ?? 'security event'}`));
    else if (e & EV_CONFIG) setOther(out, 'config', reason('OE', ev, () => `config: Event ${ev}: ${eventLabel(ctx.events.get(ev)?.text) ?? 'configuration change'}`));
    out.countsAsChangeEvent = isChange;
    out.isChange = isChange || (out.mask & CHANGE_FLAGS_MASK) !== 0;
  };

  const flagObjectClass = (rec: CanonicalRecord, out: FlagResult) => {
    const c = classOf(rec.objectclas);
    if (c.sensitive) setFlag(out, 'SENSITIVE_OBJECT_FLAG', reason('SO', c.cls, () => `Sensitive object class ${c.cls}`));
  };

  return (rec, out) => {
    resetFlagResult(out);
    switch (rec.fileType) {
      case 'SM20':
        flagSm20(rec, out);
        break;
      case 'CDHDR':
        flagObjectClass(rec, out);
        flagTcode(tcodeOf(rec.tcode), out, '');
        out.isChange = true;
        break;
      case 'CDPOS': {
        flagObjectClass(rec, out);
        const { table, category, accounting } = tableOf(rec.tabname);
        if (category !== undefined) setFlag(out, 'HIGH_RISK_TABLE_FLAG', reason('HC', table, () => `High-risk table ${table} (${category || 'uncategorised'})`));
        if (accounting) setFlag(out, 'SENSITIVE_OBJECT_FLAG', full ? `Sensitive table ${table}` : '');
        const f = fieldOf(rec.fname);
        if (f.sensitive) setFlag(out, 'SENSITIVE_FIELD_FLAG', full ? reason('SF', `${f.field}\u0001${table}`, () => `Sensitive field ${f.field}${table ? ` in ${table}` : ''} changed`) : '');
        // Timing needs the header's time: joined exports carry it, otherwise correlation supplies it.
        out.isChange = rec.time !== '' || rec.date !== '';
        break;
      }
      case 'TICKETS':
        break;
    }
    if (out.isChange) {
      const reason = timingOf(rec.date, rec.time);
      if (reason !== undefined) setFlag(out, 'CHANGE_TIMING_FLAG', reason);
    }
  };
}

interface TcodeFacts {
  tcode: string;
  tableMaint: boolean;
  category: string | undefined;
  other: 'config' | 'transport' | 'job_schedule' | undefined;
}

const EV_DEBUG = 1, EV_BU4 = 2, EV_CHANGE = 4, EV_GENERIC = 8, EV_DOWNLOAD = 16, EV_CALL = 32, EV_SECURITY = 64, EV_CONFIG = 128, EV_AU3 = 256;

/** The event groups (sm20-events.ts) an upper-cased SM20 event code belongs to, as bits. */
function eventBits(ev: string): number {
  return (DEBUG_EVENTS.has(ev) ? EV_DEBUG : 0) | (ev === 'BU4' ? EV_BU4 : 0) | (SM20_CHANGE_EVENTS.has(ev) ? EV_CHANGE : 0) | (GENERIC_TABLE_EVENTS.has(ev) ? EV_GENERIC : 0)
    | (ev === 'AUY' ? EV_DOWNLOAD : 0) | (ev === 'AUK' || ev === 'AUW' ? EV_CALL : 0) | (SECURITY_EVENTS.has(ev) ? EV_SECURITY : 0) | (CONFIG_EVENTS.has(ev) ? EV_CONFIG : 0) | (ev === 'AU3' ? EV_AU3 : 0);
}

/** Sets OTHER once per record; `text` already starts with the category. */
function setOther(out: FlagResult, category: NonNullable<FlagResult['otherCategory']>, text: string): void {
  if (out.otherCategory !== undefined) return;
  out.otherCategory = category;
  setFlag(out, 'OTHER', text);
}

// Cheap pre-checks before the regexes: most cells contain neither. (Readers that set
// CanonicalRecord.maybeDebugText test the same substrings: 'ebug', 'EBUG', '->'.)
function mentionsDebug(s: string): boolean {
  return s.length >= 5 && (s.includes('ebug') || s.includes('EBUG')) && MENTIONS_DEBUG.test(s);
}
function hasCodeEdit(s: string): boolean {
  return s.length >= 12 && s.includes('->') && CODE_EDIT.test(s);
}

/** Catalogue text without its placeholders: "Logon failed (reason=&B, type=&A)" -> "Logon failed". */
function eventLabel(text: string | undefined): string | undefined {
  return text?.replace(/\s*\([^)]*&[A-Z][^)]*\)/g, '').replace(/\s*&[A-Z]/g, '').replace(/[.:\s]+$/, '');
}

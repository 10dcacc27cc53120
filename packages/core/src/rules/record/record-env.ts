import { PROFILE_CLASSES, PROFILE_TABLES, ROLE_CLASSES } from './change-document-keys.ts';
import { compileDeclaredMarks } from './declared-marks.ts';
import type { DeclaredFact } from '../pattern/define-fact.ts';
import { DECLARED_FACTS } from '../pattern/fact-list.ts';
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import type { FlagContext } from '../../flags/flag-context.ts';
import type { FlagResult } from '../../flags/flag-result.ts';
import { memoOf } from '../../flags/memo.ts';
import {
  AUDIT_DELETE_CALLS, AUDIT_EVENTS, CONFIG_EVENTS, CONFIG_TCODES, DEBUG_EVENTS, FAILED_LOGON_EVENTS, GENERIC_TABLE_EVENTS, JOB_TCODES, NAMED_EVENTS, SECURITY_EVENTS,
  SM20_CHANGE_EVENTS, TABLE_MAINT_TCODES, TARGET_IN_VAR1_EVENTS, TARGET_IN_VAR2_EVENTS, TRANSPORT_TCODES, findNamedCall,
} from '../../flags/sm20-events.ts';
import type { Watchlist } from '../../flags/watchlist.ts';

/**
 * What every record rule reads, made once per flagger (never per record): the lists, whether
 * reason texts are wanted, a cache of reason texts, and per distinct cell value what the lists
 * say of it (one Map lookup per cell instead of an upper-casing and several Set lookups per
 * record: codes, classes, tables and fields repeat).
 */
export interface RuleEnv {
  readonly ctx: FlagContext;
  /** false: flags only, every reason text left '' (step 1: the report step flags again). */
  readonly full: boolean;
  readonly watch: Watchlist;
  /** A reason text built once per kind and key ('' without reasons). */
  readonly reason: (kind: string, key: string, build: () => string) => string;
  readonly tcodeOf: (raw: string) => TcodeFacts;
  /** The event groups an upper-cased SM20 event code belongs to, as EV_ bits. */
  readonly eventOf: (ev: string) => number;
  /** The sensitive program or function module and the audit-log deletion call a text names (one lookup per text). */
  readonly callsIn: (text: string) => CallFacts;
  readonly classOf: (raw: string) => ClassFacts;
  readonly tableOf: (raw: string) => TableFacts;
  readonly fieldOf: (raw: string) => FieldFacts;
  /**
   * Marks a change-document item with the facts of the `changes` entries it fits
   * (`ClassFacts.changes & TableFacts.changes & FieldFacts.changes`, not 0); a fact with a `judge`
   * only when its module's judgement accepts the item (declared-marks.ts).
   */
  readonly markChanges: (entries: number, rec: CanonicalRecord, out: FlagResult) => void;
}

export interface TcodeFacts {
  tcode: string;
  tableMaint: boolean;
  category: string | undefined;
  other: 'config' | 'transport' | 'job_schedule' | 'audit_trail' | undefined;
  /** The marks of the declared facts whose `transactions` list holds it (the payment transactions' PAYMENT). */
  facts: number;
}

export interface CallFacts {
  /** The sensitive program or function module named, '' for none. */
  call: string;
  /** The audit-log deletion program or call named, '' for none. */
  deleted: string;
}

/** What an empty text names: nothing (answered without a lookup; most variables are empty). */
export const NO_CALLS: CallFacts = { call: '', deleted: '' };

export interface ClassFacts {
  cls: string;
  sensitive: boolean;
  profiles: boolean;
  identity: boolean;
  /** PFCG or IDENTITY: AGR_USERS items assign roles. */
  roles: boolean;
  /** IDENTITY, BENUTZER or PFCG: items may change a user's authorisations (SELF_AUTHORIZATION). */
  users: boolean;
  /** The declared facts' `changes` entries the class fits, as bits (declared-marks.ts). */
  changes: number;
}

export interface TableFacts {
  table: string;
  category: string | undefined;
  accounting: boolean;
  profiles: boolean;
  /** AGR_USERS. */
  roles: boolean;
  /** The declared facts' `changes` entries the table fits, as bits. */
  changes: number;
}

export interface FieldFacts {
  field: string;
  sensitive: boolean;
  /** The declared facts' `changes` entries the field fits, as bits. */
  changes: number;
}

/** `facts`: the facts whose `changes` and `transactions` the flagger marks (the pattern list's unless a test gives others). */
export function createRuleEnv(ctx: FlagContext, full: boolean, facts: readonly DeclaredFact[] = DECLARED_FACTS): RuleEnv {
  const declared = compileDeclaredMarks(facts, ctx);
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
  const calls = memoOf((text: string): CallFacts => {
    const call = findNamedCall(text, programs) ?? '';
    const deleted = findNamedCall(text, AUDIT_DELETE_CALLS) ?? '';
    return call === '' && deleted === '' ? NO_CALLS : { call, deleted };
  });
  // SAL-CATALOGUE-HIGH: events the catalogue rates high that no other rule names.
  const catalogueHigh = new Set<string>();
  for (const [ev, e] of ctx.events) if (e.severity === 'high' && !NAMED_EVENTS.has(ev)) catalogueHigh.add(ev);
  return {
    ctx,
    full,
    watch: ctx.watchlist,
    reason,
    tcodeOf: memoOf((raw: string): TcodeFacts => {
      const tcode = raw.toUpperCase();
      const other: TcodeFacts['other'] = CONFIG_TCODES.has(tcode) ? 'config' : TRANSPORT_TCODES.has(tcode) ? 'transport' : JOB_TCODES.has(tcode) ? 'job_schedule' : tcode === 'SM18' ? 'audit_trail' : undefined;
      return { tcode, tableMaint: TABLE_MAINT_TCODES.has(tcode), category: ctx.highRiskTcodes.get(tcode), other, facts: declared.tcodeMarks(tcode) };
    }),
    eventOf: memoOf((ev: string) => eventBits(ev) | (catalogueHigh.has(ev) ? EV_CATALOGUE_HIGH : 0)),
    // Programs and function modules repeat.
    callsIn: (text: string) => (text === '' ? NO_CALLS : calls(text)),
    classOf: memoOf((raw: string): ClassFacts => {
      const cls = raw.toUpperCase();
      return { cls, sensitive: ctx.sensitiveObjectClasses.has(cls), profiles: PROFILE_CLASSES.has(cls), identity: cls === 'IDENTITY', roles: ROLE_CLASSES.has(cls), users: cls === 'IDENTITY' || cls === 'BENUTZER' || cls === 'PFCG', changes: declared.classEntries(cls) };
    }),
    tableOf: memoOf((raw: string): TableFacts => {
      const table = raw.toUpperCase();
      return { table, category: ctx.highRiskTables.get(table), accounting: table === 'BKPF' || table === 'BSEG', profiles: PROFILE_TABLES.has(table), roles: table === 'AGR_USERS', changes: declared.tableEntries(table) };
    }),
    fieldOf: memoOf((raw: string): FieldFacts => {
      const field = raw.toUpperCase();
      return { field, sensitive: ctx.sensitiveFields.has(field), changes: declared.fieldEntries(field) };
    }),
    markChanges: declared.markItem,
  };
}

export const EV_DEBUG = 1, EV_BU4 = 2, EV_CHANGE = 4, EV_GENERIC = 8, EV_DOWNLOAD = 16, EV_CALL = 32, EV_SECURITY = 64, EV_CONFIG = 128, EV_AU3 = 256;
export const EV_AUDIT = 512, EV_TARGET1 = 1024, EV_TARGET2 = 2048, EV_FAILED = 4096;
/** BU2 (a password changed); an event of the catalogue rated high that no other rule names (SAL-CATALOGUE-HIGH). */
export const EV_PASSWORD = 8192, EV_CATALOGUE_HIGH = 16384;

/** The event groups (sm20-events.ts) an upper-cased SM20 event code belongs to, as bits. */
function eventBits(ev: string): number {
  return (DEBUG_EVENTS.has(ev) ? EV_DEBUG : 0) | (ev === 'BU4' ? EV_BU4 : 0) | (SM20_CHANGE_EVENTS.has(ev) ? EV_CHANGE : 0) | (GENERIC_TABLE_EVENTS.has(ev) ? EV_GENERIC : 0)
    | (ev === 'AUY' ? EV_DOWNLOAD : 0) | (ev === 'AUK' || ev === 'AUW' ? EV_CALL : 0) | (SECURITY_EVENTS.has(ev) ? EV_SECURITY : 0) | (CONFIG_EVENTS.has(ev) ? EV_CONFIG : 0) | (ev === 'AU3' ? EV_AU3 : 0)
    | (AUDIT_EVENTS.has(ev) ? EV_AUDIT : 0) | (TARGET_IN_VAR1_EVENTS.has(ev) ? EV_TARGET1 : 0) | (TARGET_IN_VAR2_EVENTS.has(ev) ? EV_TARGET2 : 0) | (FAILED_LOGON_EVENTS.has(ev) ? EV_FAILED : 0) | (ev === 'BU2' ? EV_PASSWORD : 0);
}

import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { createTimingCheck } from '../../flags/change-timing.ts';
import type { FlagContext } from '../../flags/flag-context.ts';
import { FLAG_INDEX, resetFlagResult, setFlag, type FlagResult } from '../../flags/flag-result.ts';
import { flagItemChange, flagObjectClass } from './change-document-rules.ts';
import { flagDebug } from './debug-rules.ts';
import { flagEventCategory } from './event-category-rules.ts';
import { flagFunctionTestRun, isFunctionTestRun } from './function-test-rules.ts';
import { createRuleEnv, EV_AU3, EV_AUDIT, EV_BU4, EV_CALL, EV_CATALOGUE_HIGH, EV_CHANGE, EV_CONFIG, EV_DEBUG, EV_DOWNLOAD, EV_GENERIC, EV_PASSWORD, EV_SECURITY, EV_TARGET1, EV_TARGET2, type RuleEnv } from './record-env.ts';
import { flagSensitiveAccess } from './sensitive-access-rules.ts';
import { flagTableAccess, TABLE_CHANGE, TABLE_DISPLAY } from './table-access-rules.ts';
import { flagStartedTransaction, flagTransaction } from './transaction-rules.ts';
import { flagUsers } from './user-rules.ts';
import type { DeclaredFact } from '../pattern/define-fact.ts';

/** SM20 records with any of these flags count as changes (CHANGE_TIMING / CHANGE_VOLUME). */
const CHANGE_FLAGS_MASK = (['DEBUG_FLAG', 'TABLE_MAINT_FLAG', 'HIGH_RISK_TCODE_FLAG', 'HIGH_RISK_TABLE_FLAG'] as const).reduce((m, k) => m | (1 << FLAG_INDEX[k]), 0);

export type RecordFlagger = (rec: CanonicalRecord, out: FlagResult) => void;

export interface FlaggerOptions {
  /**
   * false: flags only (mask, isChange, countsAsChangeEvent), every reason text left ''. Step 1 needs no
   * texts (the report step flags again), and building them per record is most of flagging's cost.
   */
  reasons?: boolean;
  /** The facts whose `changes` and `transactions` the flagger marks: the pattern list's unless a test gives others. */
  facts?: readonly DeclaredFact[];
}

/**
 * Builds the per-record flagger (everything but CHANGE_VOLUME, which needs the whole analysis:
 * see change-volume.ts). `out` is reset and filled; nothing is allocated for an unflagged record.
 * Every reason names its rule of the catalogue. The rules live in modules of this folder, each
 * with its catalogue entries (debug-rules.ts, table-access-rules.ts …; record-rule-list.ts lists
 * them); below is, per record type, the order they run in (the first reason of a flag wins, so the
 * most specific rule comes first; OTHER keeps every reason). A new rule is a module, a line in
 * record-rule-list.ts and a call here.
 */
export function createRecordFlagger(ctx: FlagContext, options: FlaggerOptions = {}): RecordFlagger {
  const env = createRuleEnv(ctx, options.reasons !== false, options.facts);
  const timingOf = createTimingCheck(ctx.holidayOf, env.full, ctx.thresholds.businessHours);
  return (rec, out) => {
    resetFlagResult(out);
    switch (rec.fileType) {
      case 'SM20':
        flagSm20(env, rec, out);
        break;
      case 'CDHDR': {
        const c = flagObjectClass(env, rec, out);
        flagTransaction(env, env.tcodeOf(rec.tcode), out, '', false);
        flagUsers(env, rec, out, c.identity ? rec.objectid : '');
        out.isChange = true;
        break;
      }
      case 'CDPOS': {
        const c = flagObjectClass(env, rec, out);
        flagItemChange(env, rec, out, c);
        // The header TCODE of a joined row is its own; an item joined to a separate CDHDR row does not repeat the header's flag.
        if (rec.joined) flagTransaction(env, env.tcodeOf(rec.tcode), out, '', false);
        flagUsers(env, rec, out, c.identity ? rec.objectid : '');
        // Timing needs the header's time: joined exports carry it, otherwise correlation supplies it.
        out.isChange = rec.time !== '' || rec.date !== '';
        break;
      }
      case 'TICKETS':
        break;
    }
    if (out.isChange) {
      const reason = timingOf(rec.date, rec.time);
      if (reason !== undefined) setFlag(out, 'CHANGE_TIMING_FLAG', reason, 'TIME-OUTSIDE-HOURS');
    }
  };
}

function flagSm20(env: RuleEnv, rec: CanonicalRecord, out: FlagResult): void {
  // Most events belong to no group: the rules of a group are called only for its events.
  const e = env.eventOf(rec.event);
  if ((e & (EV_DEBUG | EV_BU4)) !== 0 || rec.maybeDebugText) flagDebug(env, rec, out, e);
  const access = (e & EV_GENERIC) !== 0 ? flagTableAccess(env, rec, out) : 0;
  const t = env.tcodeOf(rec.tcode);
  // A DU9/CUZ display (03) only reads a table: its transaction is not maintenance then.
  flagTransaction(env, t, out, '', access === TABLE_DISPLAY);
  if (e & EV_AU3) flagStartedTransaction(env, rec, out, t);
  if (e & (EV_DOWNLOAD | EV_CALL)) flagSensitiveAccess(env, rec, out, e);
  if (e & (EV_SECURITY | EV_CONFIG | EV_AUDIT | EV_PASSWORD | EV_CATALOGUE_HIGH)) flagEventCategory(env, rec, out, e);
  if (e & EV_BU4 && isFunctionTestRun(rec.program, t.tcode)) flagFunctionTestRun(env, rec, out, rec.program);
  flagUsers(env, rec, out, e & EV_TARGET1 ? rec.var1 : e & EV_TARGET2 ? rec.var2 : '');
  const isChange = (e & EV_CHANGE) !== 0 || access === TABLE_CHANGE;
  out.countsAsChangeEvent = isChange;
  out.isChange = isChange || (out.mask & CHANGE_FLAGS_MASK) !== 0;
}

/** SAL-DEBUG-CHANGE, SAL-DEBUG-SESSION, SAL-DYNAMIC-ABAP, SAL-DEBUG-TEXT, SAL-CODE-EDIT (DEBUG_FLAG). */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { MARK_SENSITIVE_TABLE_CHANGE, setFlag, type FlagResult } from '../../flags/flag-result.ts';
import { EV_BU4, EV_DEBUG, type RuleEnv } from './record-env.ts';
import { defineRecordRules } from './define-record-rules.ts';

const DEBUG_EVENT_TEXT: Record<string, string> = {
  CUK: 'debugging activated',
  CUL: 'field content changed in debugger',
  CUM: 'jump to ABAP debugger',
  CUN: 'process stopped from the debugger',
  CUO: 'explicit database operation in debugger',
  CUP: 'non-exclusive debugging session started',
  BUY: 'field contents changed in debugger',
};
const TABLE_WORDS = /[A-Z0-9_/]+/gi;
const MENTIONS_DEBUG = /debug/i;
const CODE_EDIT = /CODE\s*->\s*EDIT/i;

/** Debugger events, dynamic ABAP, and messages or programs that mention debugging. `e`: the event's EV_ bits. */
export function flagDebug(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, e: number): void {
  const ev = rec.event;
  if (e & EV_DEBUG) {
    const change = ev === 'CUL' || ev === 'BUY';
    setFlag(out, 'DEBUG_FLAG', env.reason('DE', ev, () => `Event ${ev}: ${DEBUG_EVENT_TEXT[ev]}`), change ? 'SAL-DEBUG-CHANGE' : 'SAL-DEBUG-SESSION');
    if (change && namesHighRiskTable(env, rec)) out.marks |= MARK_SENSITIVE_TABLE_CHANGE;
  }
  else if (e & EV_BU4) setFlag(out, 'DEBUG_FLAG', 'Event BU4: dynamic ABAP code', 'SAL-DYNAMIC-ABAP');
  if (rec.maybeDebugText) {
    if (mentionsDebug(rec.message) || mentionsDebug(rec.program)) setFlag(out, 'DEBUG_FLAG', 'Message or program mentions debugging', 'SAL-DEBUG-TEXT');
    if (hasCodeEdit(rec.message) || hasCodeEdit(rec.var1) || hasCodeEdit(rec.var2) || hasCodeEdit(rec.var3)) {
      setFlag(out, 'DEBUG_FLAG', 'Code edited in debugger (CODE -> EDIT)', 'SAL-CODE-EDIT');
    }
  }
}

/** A debugger change whose variables or message name a high-risk table (LFBK, or LFBK-BANKN). Debugger changes are rare. */
function namesHighRiskTable(env: RuleEnv, rec: CanonicalRecord): boolean {
  for (const text of [rec.var1, rec.var2, rec.var3, rec.message]) {
    if (text === '') continue;
    for (const word of text.match(TABLE_WORDS) ?? []) if (env.tableOf(word).category !== undefined) return true;
  }
  return false;
}

// Cheap pre-checks before the regexes: most cells contain neither. (Readers that set
// CanonicalRecord.maybeDebugText test substrings of these: 'bug', 'BUG', '->'; view-record.ts.)
function mentionsDebug(s: string): boolean {
  return s.length >= 5 && (s.includes('ebug') || s.includes('EBUG')) && MENTIONS_DEBUG.test(s);
}
function hasCodeEdit(s: string): boolean {
  return s.length >= 12 && s.includes('->') && CODE_EDIT.test(s);
}

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const DEBUG_RULES = defineRecordRules([
  { id: 'SAL-DEBUG-CHANGE', title: 'Field content changed in the debugger', severity: 'high', flag: 'DEBUG_FLAG', reads: 'SM20 events CUL and BUY (the field change of older releases)', nextSteps: 'Find what the debugger changed (variables, program) and whether a change document or table change followed; debugging with change rights belongs in development systems only.', sentinel: 'SAP - Data has Changed During Debugging Activity' },
  { id: 'SAL-DEBUG-SESSION', title: 'Debugger used', severity: 'high', flag: 'DEBUG_FLAG', reads: 'SM20 events CUK CUM CUN CUO CUP', nextSteps: 'Check that the user is a developer or support user with a reason to debug in this system, and what was debugged.', sentinel: 'SAP - Debugging Activities' },
  { id: 'SAL-DYNAMIC-ABAP', title: 'Dynamic ABAP code', severity: 'high', flag: 'DEBUG_FLAG', reads: 'SM20 event BU4', nextSteps: 'Identify the program that generated code and whether it is a known tool; generated code bypasses transport control.', sentinel: 'SAP - Dynamic ABAP Program' },
  { id: 'SAL-DEBUG-TEXT', title: 'Message or program mentions debugging', severity: 'high', flag: 'DEBUG_FLAG', reads: 'SM20 message text and program', nextSteps: 'Read the message: it names a debugging activity the event code alone does not show.' },
  { id: 'SAL-CODE-EDIT', title: 'Code edited in the debugger', severity: 'high', flag: 'DEBUG_FLAG', reads: 'SM20 message and variables (CODE -> EDIT)', nextSteps: 'Find the program edited and whether the change was transported or reverted.' },
]);

/** SAL-DEBUG-CHANGE, SAL-DEBUG-SESSION, SAL-DYNAMIC-ABAP, SAL-DEBUG-TEXT, SAL-CODE-EDIT (DEBUG_FLAG). */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { setFlag, type FlagResult } from '../../flags/flag-result.ts';
import { EV_BU4, EV_DEBUG, type RuleEnv } from './record-env.ts';

const DEBUG_EVENT_TEXT: Record<string, string> = {
  CUK: 'debugging activated',
  CUL: 'field content changed in debugger',
  CUM: 'jump to ABAP debugger',
  CUN: 'process stopped from the debugger',
  CUO: 'explicit database operation in debugger',
  CUP: 'non-exclusive debugging session started',
};
const MENTIONS_DEBUG = /debug/i;
const CODE_EDIT = /CODE\s*->\s*EDIT/i;

/** Debugger events, dynamic ABAP, and messages or programs that mention debugging. `e`: the event's EV_ bits. */
export function flagDebug(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, e: number): void {
  const ev = rec.event;
  if (e & EV_DEBUG) setFlag(out, 'DEBUG_FLAG', env.reason('DE', ev, () => `Event ${ev}: ${DEBUG_EVENT_TEXT[ev]}`), ev === 'CUL' ? 'SAL-DEBUG-CHANGE' : 'SAL-DEBUG-SESSION');
  else if (e & EV_BU4) setFlag(out, 'DEBUG_FLAG', 'Event BU4: dynamic ABAP code', 'SAL-DYNAMIC-ABAP');
  if (rec.maybeDebugText) {
    if (mentionsDebug(rec.message) || mentionsDebug(rec.program)) setFlag(out, 'DEBUG_FLAG', 'Message or program mentions debugging', 'SAL-DEBUG-TEXT');
    if (hasCodeEdit(rec.message) || hasCodeEdit(rec.var1) || hasCodeEdit(rec.var2) || hasCodeEdit(rec.var3)) {
      setFlag(out, 'DEBUG_FLAG', 'Code edited in debugger (CODE -> EDIT)', 'SAL-CODE-EDIT');
    }
  }
}

// Cheap pre-checks before the regexes: most cells contain neither. (Readers that set
// CanonicalRecord.maybeDebugText test substrings of these: 'bug', 'BUG', '->'; view-record.ts.)
function mentionsDebug(s: string): boolean {
  return s.length >= 5 && (s.includes('ebug') || s.includes('EBUG')) && MENTIONS_DEBUG.test(s);
}
function hasCodeEdit(s: string): boolean {
  return s.length >= 12 && s.includes('->') && CODE_EDIT.test(s);
}

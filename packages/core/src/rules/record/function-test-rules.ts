/** SAL-FM-TEST-RUN: a function module run in test mode (program RS_TESTFRAME_CALL, or SE37 with BU4 AUK AUW), naming the module. */
import type { CanonicalRecord } from '../../flags/canonical-record.ts';
import { setOther, type FlagResult } from '../../flags/flag-result.ts';
import { TEST_FRAME_PROGRAM } from '../../flags/sm20-events.ts';
import type { RuleEnv } from './record-env.ts';
import { defineRecordRules } from './define-record-rules.ts';

const NAME = /^[A-Z/][A-Z0-9_/]{2,}$/i;

/** Is the record (BU4, AUK or AUW; its program and transaction given) a test run of the function builder? */
export function isFunctionTestRun(program: string, tcode: string): boolean {
  return tcode === 'SE37' || (program.length === TEST_FRAME_PROGRAM.length && program.toUpperCase() === TEST_FRAME_PROGRAM);
}

/**
 * Flags the test run, naming the module: AUK's called function (third variable); BU4's third
 * variable as the test frame writes it (`Z_MODULE=…FT`, the part before `=`); AUW's first variable
 * that names one.
 */
export function flagFunctionTestRun(env: RuleEnv, rec: CanonicalRecord, out: FlagResult, program: string): void {
  let module = '';
  const v3 = rec.var3.trim();
  const tested = rec.event === 'BU4' && v3.endsWith('FT') ? v3.slice(0, -2).split('=')[0]! : '';
  const candidates = rec.event === 'AUK' ? [rec.var3] : rec.event === 'BU4' ? [tested] : [rec.var1, rec.var2, rec.var3];
  for (const c of candidates) {
    const v = c.trim();
    if (NAME.test(v) && v.toUpperCase() !== TEST_FRAME_PROGRAM && v.toUpperCase() !== program.toUpperCase()) {
      module = v.toUpperCase();
      break;
    }
  }
  setOther(out, 'security', env.full ? `security: Event ${rec.event}: function module ${module || '(not named)'} run in test mode (${program && program.toUpperCase() === TEST_FRAME_PROGRAM ? TEST_FRAME_PROGRAM : 'SE37'})` : '', 'SAL-FM-TEST-RUN');
}

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const FUNCTION_TEST_RULES = defineRecordRules([
  { id: 'SAL-FM-TEST-RUN', title: 'Function module run in test mode', severity: 'high', flag: 'OTHER', category: 'security', reads: 'SM20 events BU4 AUK AUW with program RS_TESTFRAME_CALL or transaction SE37; the module from the variables', nextSteps: 'Find which function module was run and with what parameters; the test frame calls any module directly, past the application’s checks, and belongs in development systems only.', sentinel: 'SAP - Function module tested' },
]);

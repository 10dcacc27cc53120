/**
 * The explanation a pattern row of the workbook carries: the catalogue's summary with the
 * thresholds the analysis ran with (DETECTION.md section 3: never "five or more" when the burst
 * was set to 3; issue 27).
 */
import { DEFAULT_THRESHOLDS, type DetectionThresholds, type PatternName } from '../../model/index.ts';
import { ruleOfPattern } from '../../rules/index.ts';

/**
 * @example patternExplanation('FAILED_LOGON_BURST', { burst: { count: 3, minutes: 10 } }) // "3 or more failed logons for one user or from one terminal or address within 10 minutes."
 */
export function patternExplanation(pattern: string, thresholds: Record<string, unknown> | undefined): string {
  try {
    const rule = ruleOfPattern(pattern as PatternName, { ...DEFAULT_THRESHOLDS, ...(thresholds as Partial<DetectionThresholds> | undefined) });
    return rule.summary ?? rule.title;
  } catch {
    return '';
  }
}

/** Words for a suppression (issue 27), shared by the findings workbook and the web app. */
import type { SuppressionRule } from './types.ts';

/**
 * How a suppression reads beside the finding it hides: the rule, whose activity it covers and why
 * (never "by PVOGT", which reads as if PVOGT suppressed it).
 * @example suppressionLabel({ rule: 'PAT-OFF-HOURS', user: 'PVOGT', reason: 'night batch' }) // 'Suppressed: PAT-OFF-HOURS for PVOGT — night batch'
 */
export function suppressionLabel(s: Pick<SuppressionRule, 'rule' | 'user' | 'reason'> & { object?: string; terminal?: string }): string {
  const scope = [s.user ? `for ${s.user}` : 'for any user', s.object ? `on ${s.object}` : '', s.terminal ? `at ${s.terminal}` : ''].filter(Boolean).join(' ');
  return `Suppressed: ${s.rule} ${scope}${s.reason ? ` — ${s.reason}` : ''}`;
}

/**
 * GET /rules: the rule catalogue (DETECTION.md section 5) for the rules page and the flag
 * explanations. The pattern rules' texts state the thresholds of the current detection settings
 * (an administrator's burst of 3 reads "3 or more failed logons …", issue 27), which the answer
 * also carries, with whether they are the defaults.
 */
import type { PatternName } from '@app/core/model/index.ts';
import { RULE_CATALOGUE, ruleOfPattern } from '@app/core/rules/index.ts';
import { readThresholds } from '../../services/watchlists/thresholds.ts';
import type { RouteRegistrar } from '../types.ts';

export function registerRuleRoutes(r: RouteRegistrar): void {
  r.route('GET', '/rules', { access: 'user' }, async ({ services }) => {
    const { thresholds, isDefault } = await readThresholds(services);
    const rules = RULE_CATALOGUE.map((rule) => (rule.kind === 'pattern' && rule.pattern ? ruleOfPattern(rule.pattern as PatternName, thresholds) : rule));
    return { status: 200, body: { rules, thresholds, thresholdsAreDefault: isDefault } };
  });
}

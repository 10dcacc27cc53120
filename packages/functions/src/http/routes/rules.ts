/** GET /rules: the rule catalogue (DETECTION.md section 5) for the rules page and the flag explanations. */
import { RULE_CATALOGUE } from '@app/core/rules/index.ts';
import type { RouteRegistrar } from '../types.ts';

export function registerRuleRoutes(r: RouteRegistrar): void {
  r.route('GET', '/rules', { access: 'user' }, async () => ({ status: 200, body: { rules: RULE_CATALOGUE } }));
}

import type { RiskItem, RiskKindInfo } from './risk-kinds.ts';
import { riskItemId } from './risk-kinds.ts';

/**
 * The spec's local list search (section 5): the ID matches the upper-cased query, or the
 * description matches case-insensitively; the category, when chosen, must be equal.
 *
 * @example matchesRiskSearch(RISK_KINDS.tcodes, { tcodeId: 'SU01', description: 'User Maintenance', ... }, 'user', '') // true
 */
export function matchesRiskSearch(info: RiskKindInfo, item: RiskItem, query: string, category: string): boolean {
  if (category && item.category !== category) return false;
  const q = query.trim();
  if (!q) return true;
  return riskItemId(info, item).includes(q.toUpperCase()) || (item.description ?? '').toLowerCase().includes(q.toLowerCase());
}

export function filterRiskItems(info: RiskKindInfo, items: RiskItem[], query: string, category: string): RiskItem[] {
  return items.filter((item) => matchesRiskSearch(info, item, query, category));
}

/**
 * The overall risk of an analysis (docs/review.md "Overall risk and cases"): the level the share of
 * flagged records gives (spec: above 10 % High, above 5 % Medium, any Low, none Clean), raised to the
 * level of the analysis's highest case (DETECTION.md section 6), so that an analysis holding a
 * critical case never reads "High" or lower. The words say which of the two decided, and keep the
 * share visible.
 */
import type { CaseRiskLevel } from '../cases/types.ts';
import type { RiskLevel } from './index.ts';
import { formatCount } from './format-count.ts';

const OF_CASE: Record<CaseRiskLevel, RiskLevel> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' };
const RANK: Record<RiskLevel, number> = { Critical: 5, High: 4, Medium: 3, Low: 2, Clean: 1, 'No data': 0 };
const CASE_ORDER: readonly CaseRiskLevel[] = ['critical', 'high', 'medium', 'low'];

export interface OverallRisk {
  risk: RiskLevel;
  risk_by_share: RiskLevel;
  risk_reason?: string;
}

/**
 * @example overallRisk('High', 12.5, [{ risk_level: 'critical' }, { risk_level: 'critical' }, { risk_level: 'high' }])
 *   // { risk: 'Critical', risk_by_share: 'High', risk_reason: '2 critical cases; 12.50 % of records flagged, which alone reads High' }
 * @example overallRisk('Low', 1, [{ risk_level: 'medium' }]) // risk 'Medium': '1 medium case; 1.00 % of records flagged, which alone reads Low'
 */
export function overallRisk(byShare: RiskLevel, percentage: number, cases: readonly { risk_level: CaseRiskLevel }[]): OverallRisk {
  // Nothing was checked: no case can raise it, and no_data_reason says why.
  if (byShare === 'No data') return { risk: byShare, risk_by_share: byShare };
  const share = `${percentage.toFixed(2)} % of records flagged`;
  const top = CASE_ORDER.find((l) => cases.some((c) => c.risk_level === l));
  if (!top) return { risk: byShare, risk_by_share: byShare, risk_reason: share };
  const n = cases.filter((c) => c.risk_level === top).length;
  const topCases = `${formatCount(n)} ${top} ${n === 1 ? 'case' : 'cases'}`;
  const byCase = OF_CASE[top];
  if (RANK[byCase] > RANK[byShare]) return { risk: byCase, risk_by_share: byShare, risk_reason: `${topCases}; ${share}, which alone reads ${byShare}` };
  return { risk: byShare, risk_by_share: byShare, risk_reason: `${share}; highest: ${topCases}` };
}

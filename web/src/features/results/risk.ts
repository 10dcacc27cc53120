/** Risk level by the share of flagged records (spec section 4 and 9). */
export type RiskLevel = 'High' | 'Medium' | 'Low' | 'Clean';

export function riskLevel(flagged: number, total: number): RiskLevel {
  if (!flagged || flagged <= 0) return 'Clean';
  const share = total > 0 ? flagged / total : 1;
  if (share > 0.1) return 'High';
  if (share > 0.05) return 'Medium';
  return 'Low';
}

export const RISK_LABEL: Record<RiskLevel, string> = {
  High: 'High Risk - Immediate Review Required',
  Medium: 'Medium Risk - Review Recommended',
  Low: 'Low Risk - Minor Issues Found',
  Clean: 'Clean - No Security Issues Detected',
};

/** The dashboard's short texts. */
export const RISK_SHORT: Record<RiskLevel, string> = {
  High: 'High Risk',
  Medium: 'Medium Risk',
  Low: 'Low Risk',
  Clean: 'Clean',
};

export const RISK_COLOR: Record<RiskLevel, string> = { High: 'red', Medium: 'orange', Low: 'yellow', Clean: 'green' };

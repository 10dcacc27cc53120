import { RISK_DESCRIPTIONS } from '@app/core/model/index.ts';
/**
 * Risk level by the share of flagged records (spec section 4 and 9, DECISIONS 11); the engine raises
 * it to the highest case's level (Critical with a critical case: core model/overall-risk.ts).
 */
export type RiskLevel = 'Critical' | 'High' | 'Medium' | 'Low' | 'Clean' | 'No data';

/** The engine's overall risk where the server sent one, else the share's level (analyses from before it). */
export function shownRiskLevel(engineRisk: string | null | undefined, flagged: number, total: number): RiskLevel {
  return engineRisk && engineRisk in RISK_COLOR ? (engineRisk as RiskLevel) : riskLevel(flagged, total);
}

/** 'No data' when nothing was read: an empty export is no evidence of a clean system. */
export function riskLevel(flagged: number, total: number): RiskLevel {
  if (total <= 0 && !(flagged > 0)) return 'No data';
  if (!flagged || flagged <= 0) return 'Clean';
  const share = total > 0 ? flagged / total : 1;
  if (share > 0.1) return 'High';
  if (share > 0.05) return 'Medium';
  return 'Low';
}

export function hasNoRecords(total: number, flagged = 0): boolean {
  return riskLevel(flagged, total) === 'No data';
}

/** The engine's words (as the workbook's Summary says them); an empty export says only that no records were found. */
export const RISK_LABEL: Record<RiskLevel, string> = { ...RISK_DESCRIPTIONS, 'No data': 'No data - No records were found' };

/** The dashboard's short texts. */
export const RISK_SHORT: Record<RiskLevel, string> = {
  Critical: 'Critical Risk',
  High: 'High Risk',
  Medium: 'Medium Risk',
  Low: 'Low Risk',
  Clean: 'Clean',
  'No data': 'No data',
};

export const RISK_COLOR: Record<RiskLevel, string> = { Critical: 'red.9', High: 'red', Medium: 'orange', Low: 'yellow', Clean: 'green', 'No data': 'gray' };

export { isTicketsOnly, TICKETS_ONLY_LABEL, TICKETS_ONLY_SHORT } from '@app/core/model/risk-label.ts';

/** What the screens say when an analysis read no records. */
export const NO_RECORDS_TITLE = 'No data';
export const NO_RECORDS_MESSAGE =
  'No records were found in the file(s): the export has a header but no data rows, so nothing was checked. This is not a clean result; export the log again for a period with activity.';

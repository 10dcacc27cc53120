/**
 * The risk of an analysis in words, for the API (`risk_label`) and the web's badge: an analysis of
 * ticket files alone is `No data` (DETECTION.md section 2), and the words say why and what to do
 * (issue 27), never "No records were found" when records were read.
 */
import { RISK_DESCRIPTIONS, type RiskLevel } from './index.ts';

export const TICKETS_ONLY_LABEL = 'No data — tickets alone: upload SM20 or change documents to analyse';
export const TICKETS_ONLY_SHORT = 'No data: tickets only';

/** A `No data` analysis that read records: only ticket files were given. */
export function isTicketsOnly(risk: string | null | undefined, totalRecords: number | null | undefined): boolean {
  return risk === 'No data' && (totalRecords ?? 0) > 0;
}

/**
 * @example riskLabelOf('No data', 12) // 'No data — tickets alone: upload SM20 or change documents to analyse'
 * @example riskLabelOf('High', 500) // 'High Risk - Immediate Review Required'
 */
export function riskLabelOf(risk: string | null | undefined, totalRecords: number | null | undefined): string | null {
  if (isTicketsOnly(risk, totalRecords)) return TICKETS_ONLY_LABEL;
  return risk && risk in RISK_DESCRIPTIONS ? RISK_DESCRIPTIONS[risk as RiskLevel] : null;
}

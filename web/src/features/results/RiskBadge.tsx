import { Badge } from '@mantine/core';
import { RISK_COLOR, RISK_LABEL, RISK_SHORT, riskLevel } from './risk.ts';

/** Risk badge; `short` gives the dashboard wording. */
export function RiskBadge({ flagged, total, short = false, size = 'md' }: { flagged: number; total: number; short?: boolean; size?: string }) {
  const level = riskLevel(flagged, total);
  return (
    <Badge color={RISK_COLOR[level]} variant="light" size={size} data-risk={level}>
      {short ? RISK_SHORT[level] : RISK_LABEL[level]}
    </Badge>
  );
}

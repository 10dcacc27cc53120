import { Badge } from '@mantine/core';
import { NO_RECORDS_MESSAGE, RISK_COLOR, RISK_LABEL, RISK_SHORT, riskLevel } from './risk.ts';

/** Risk badge; `short` gives the dashboard wording. Badges wrap instead of truncating (theme.ts). */
/** `noData`: the engine said No data though records were read (ticket files alone are no evidence). */
export function RiskBadge({ flagged, total, short = false, size = 'md', noData = false }: { flagged: number; total: number; short?: boolean; size?: string; noData?: boolean }) {
  const level = noData ? 'No data' : riskLevel(flagged, total);
  return (
    <Badge color={RISK_COLOR[level]} variant="light" size={size} data-risk={level} title={level === 'No data' ? NO_RECORDS_MESSAGE : undefined}>
      {short ? RISK_SHORT[level] : RISK_LABEL[level]}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { NO_RECORDS_MESSAGE, RISK_COLOR, RISK_LABEL, RISK_SHORT, riskLevel, TICKETS_ONLY_LABEL, TICKETS_ONLY_SHORT } from './risk.ts';

/**
 * Risk badge; `short` gives the dashboard wording. Badges wrap instead of truncating (theme.ts).
 * `ticketsOnly`: the engine said No data though records were read, because ticket files alone are no
 * evidence; the badge says so and what to upload (issue 27), never "No records were found".
 */
export function RiskBadge({ flagged, total, short = false, size = 'md', ticketsOnly = false }: { flagged: number; total: number; short?: boolean; size?: string; ticketsOnly?: boolean }) {
  const level = ticketsOnly ? 'No data' : riskLevel(flagged, total);
  const label = ticketsOnly ? (short ? TICKETS_ONLY_SHORT : TICKETS_ONLY_LABEL) : short ? RISK_SHORT[level] : RISK_LABEL[level];
  return (
    <Badge color={RISK_COLOR[level]} variant="light" size={size} data-risk={level} title={ticketsOnly ? TICKETS_ONLY_LABEL : level === 'No data' ? NO_RECORDS_MESSAGE : undefined}>
      {label}
    </Badge>
  );
}

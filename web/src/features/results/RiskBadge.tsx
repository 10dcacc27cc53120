import { Badge, Text } from '@mantine/core';
import { NO_RECORDS_MESSAGE, RISK_COLOR, RISK_LABEL, RISK_SHORT, shownRiskLevel, TICKETS_ONLY_LABEL, TICKETS_ONLY_SHORT } from './risk.ts';

/**
 * Risk badge; `short` gives the dashboard wording. Badges wrap instead of truncating (theme.ts).
 * `ticketsOnly`: the engine said No data though records were read, because ticket files alone are no
 * evidence; the badge says so and what to upload (issue 27), never "No records were found".
 * `risk`: the engine's overall risk (raised to the highest case's level); without it, the share's level.
 */
export function RiskBadge({ flagged, total, risk, short = false, size = 'md', ticketsOnly = false }: { flagged: number; total: number; risk?: string | null | undefined; short?: boolean; size?: string; ticketsOnly?: boolean }) {
  const level = ticketsOnly ? 'No data' : shownRiskLevel(risk, flagged, total);
  const label = ticketsOnly ? (short ? TICKETS_ONLY_SHORT : TICKETS_ONLY_LABEL) : short ? RISK_SHORT[level] : RISK_LABEL[level];
  return (
    <Badge color={RISK_COLOR[level]} variant={level === 'Critical' ? 'filled' : 'light'} size={size} data-risk={level} title={ticketsOnly ? TICKETS_ONLY_LABEL : level === 'No data' ? NO_RECORDS_MESSAGE : undefined}>
      {label}
    </Badge>
  );
}

/** Why the overall risk is what it is: "2 critical cases; 12.50 % of records flagged, which alone reads High". */
export function RiskReason({ result }: { result: { risk_reason?: string | undefined } }) {
  if (!result.risk_reason) return null;
  return (
    <Text size="sm" mt={4} data-testid="risk-reason">
      Overall risk: {result.risk_reason}
    </Text>
  );
}

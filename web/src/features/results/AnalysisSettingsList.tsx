import { Stack, Text } from '@mantine/core';
import { WATCHLISTS } from '@app/core/lists/watchlist-table.ts';
import { businessHoursText, type AnalysisSettings } from './threshold-texts.ts';

/** Words for each threshold of the settings summary (core DetectionThresholds). */
const THRESHOLD_LABEL: Record<string, string> = {
  changeVolume: 'Changes by one user in a day (more raise CHANGE_VOLUME)',
  burst: 'Failed logons that make a burst',
  bruteForceMinutes: 'Minutes after a burst in which a logon is brute force',
  massDownload: 'Downloads by one user (mass download)',
  openingHours: 'Longest opening of a system for changes (hours)',
  passwordResets: "Other users' passwords reset by one user",
  sharedLogons: 'Addresses one user logs on from',
  addressLogons: 'Users logging on from one address',
  bankPaymentDays: 'Days from a bank-details change to a payment',
  networks: "The organisation's networks",
};

/** Words for each list whose version the summary names (the watchlists' titles from core's lists table). */
const LIST_LABEL: Record<string, string> = {
  highRiskTcodes: 'High-risk transactions',
  highRiskTables: 'High-risk tables',
  sensitiveFields: 'Sensitive fields',
  sensitiveObjectClasses: 'Sensitive object classes',
  events: 'Audit log events',
  ...Object.fromEntries(WATCHLISTS.map((l) => [l.key, l.title])),
};

/** "5 within 10 minutes", "10.0.0.0/8, 192.168.10.0/24", "none (the rule is off)". */
export function thresholdValueText(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : name === 'networks' ? 'none (UNEXPECTED_NETWORK_LOGON is off)' : 'none';
  if (value && typeof value === 'object') {
    const { minutes, ...rest } = value as Record<string, unknown>;
    const counts = Object.values(rest).map(String).join(', ');
    return minutes === undefined ? counts : `${counts} within ${String(minutes)} minutes`;
  }
  return String(value);
}

/**
 * The settings an analysis ran with (DETECTION.md section 4: every output states them): the data's
 * period, time zone, holiday calendar, business hours, each threshold and each list's version.
 * Nothing for an analysis from before the summary existed.
 */
export function AnalysisSettingsList({ settings }: { settings: AnalysisSettings | null | undefined }) {
  if (!settings) return null;
  const rows: [string, string][] = [];
  if (settings.period) rows.push(['Data period', settings.period.first ? `${settings.period.first} to ${settings.period.last}` : 'no record has a time']);
  if (settings.timeZone) rows.push(['Time zone', settings.timeZone]);
  if (settings.holidayCalendar) rows.push(['Holiday calendar', settings.holidayCalendar]);
  if (settings.businessHours) rows.push(['Business hours', businessHoursText(settings.businessHours)]);
  for (const [name, value] of Object.entries(settings.thresholds ?? {})) rows.push([THRESHOLD_LABEL[name] ?? name, thresholdValueText(name, value)]);
  for (const [name, version] of Object.entries(settings.lists ?? {})) rows.push([`List: ${LIST_LABEL[name] ?? name}`, version]);
  if (rows.length === 0) return null;
  return (
    <Stack gap={2} mt="sm" data-testid="analysis-settings">
      <Text size="sm" fw={600} component="h3" id="analysis-settings-title">
        Settings this analysis ran with
      </Text>
      <dl aria-labelledby="analysis-settings-title" style={{ margin: 0 }}>
        {rows.map(([label, value]) => (
          <Text key={label} size="sm" component="div">
            <Text span size="sm" c="dimmed" component="dt" style={{ display: 'inline' }}>
              {label}:
            </Text>{' '}
            <Text span size="sm" component="dd" style={{ display: 'inline', margin: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Text>
        ))}
      </dl>
    </Stack>
  );
}

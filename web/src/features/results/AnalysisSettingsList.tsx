import { Stack, Text } from '@mantine/core';
import { LIST_LABELS as LIST_LABEL, THRESHOLD_LABELS as THRESHOLD_LABEL, thresholdValueText } from '@app/core/cases/settings-labels.ts';
import { businessHoursText, type AnalysisSettings } from './threshold-texts.ts';

export { thresholdValueText };

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

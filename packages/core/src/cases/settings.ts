/**
 * The settings an analysis ran with, as every output states them (DETECTION.md section 4): time
 * zone, holiday calendar, business hours, each threshold, the version of each list and the period
 * of the data. Thresholds and lists are read generically, so a threshold or list added to the
 * settings appears here without a change.
 */
import { createHash } from 'node:crypto';
import type { DetectionLists, DetectionThresholds, EngineSettings } from '../model/index.ts';
import type { AnalysisSettingsSummary } from './types.ts';

/** A list's version: its entry count and a hash of its content (the same list gives the same version). */
export function listVersion(entries: readonly unknown[]): string {
  const hash = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 12);
  return `${entries.length} entries, sha256 ${hash}`;
}

export function settingsSummary(settings: EngineSettings, thresholds: DetectionThresholds, timeZone: string, lists: DetectionLists, period: { first: string; last: string }): AnalysisSettingsSummary {
  const { businessHours, ...rest } = thresholds;
  const h = settings.holidays;
  const listVersions: Record<string, string> = {};
  for (const [name, value] of Object.entries(lists)) if (Array.isArray(value)) listVersions[name] = listVersion(value);
  return {
    timeZone,
    holidayCalendar: h ? `${h.country}${h.region ? `-${h.region}` : ''}` : 'none',
    businessHours: { start: businessHours.start, end: businessHours.end, days: [...businessHours.days] },
    thresholds: rest as Record<string, unknown>,
    lists: listVersions,
    period,
  };
}

/**
 * Pattern titles and explanations with the numbers the analysis ran with (issue 27): after the
 * failed-logon burst was set to 3, the card must not say "Five or more failed logons" beside
 * "4 failed logons within 10 minutes". The numbers come from the analysis's settings summary
 * (report.settings, served with GET /results/{id}); without one (analyses from before it), the
 * catalogue's words stand.
 */
import type { DetectionThresholds, PatternName } from '@app/core/model/index.ts';
import { DEFAULT_THRESHOLDS } from '@app/core/rules/detection-settings.ts';
import { ruleOfPattern } from '@app/core/rules/index.ts';
import type { PatternMeaning } from './pattern-meanings.ts';

/** The settings summary as the API serves it (core cases/types.ts AnalysisSettingsSummary). */
export interface AnalysisSettings {
  timeZone?: string;
  holidayCalendar?: string;
  businessHours?: { start: string; end: string; days: number[] };
  thresholds?: Record<string, unknown>;
  lists?: Record<string, string>;
  period?: { first: string; last: string };
}

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function pair(v: unknown): { count: number; minutes: number } | undefined {
  if (!v || typeof v !== 'object') return undefined;
  const count = num((v as Record<string, unknown>).count);
  const minutes = num((v as Record<string, unknown>).minutes);
  return count !== undefined && minutes !== undefined ? { count, minutes } : undefined;
}

const minutesText = (m: number) => (m === 1 ? '1 minute' : `${m} minutes`);

/** "Mon–Fri 07:00–19:00" (days in a run joined by a dash, others by commas). */
export function businessHoursText(h: { start: string; end: string; days: number[] }): string {
  const days = [...h.days].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < days.length; ) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j]! + 1) j++;
    runs.push(j - i >= 2 ? `${DAY_NAMES[days[i]!]}–${DAY_NAMES[days[j]!]}` : days.slice(i, j + 1).map((d) => DAY_NAMES[d]).join(', '));
    i = j + 1;
  }
  return `${runs.join(', ')} ${h.start}–${h.end}`;
}

/**
 * The title and explanation of a pattern with the analysis's thresholds, or undefined when the
 * pattern uses none or the settings do not give them.
 * @example patternTextWithThresholds('FAILED_LOGON_BURST', { thresholds: { burst: { count: 3, minutes: 10 } } })?.title // '3 or more failed logons within 10 minutes'
 */
export function patternTextWithThresholds(pattern: string, settings: AnalysisSettings | null | undefined): PatternMeaning | undefined {
  const t = settings?.thresholds;
  if (!t) return undefined;
  switch (pattern) {
    case 'FAILED_LOGON_BURST': {
      const b = pair(t.burst);
      return b && { title: `${b.count} or more failed logons within ${minutesText(b.minutes)}`, explanation: `${b.count} or more failed logons for one user or from one terminal within ${minutesText(b.minutes)} (this analysis's threshold).` };
    }
    case 'BRUTE_FORCE_SUCCESS': {
      const b = pair(t.burst);
      const m = num(t.bruteForceMinutes);
      return b && m !== undefined
        ? { title: `Successful logon within ${minutesText(m)} of ${b.count} or more failed ones`, explanation: `A burst of ${b.count} or more failed logons within ${minutesText(b.minutes)}, followed within ${minutesText(m)} by a successful one (this analysis's thresholds).` }
        : undefined;
    }
    case 'MASS_DOWNLOAD': {
      const d = pair(t.massDownload);
      return d && { title: `${d.count} or more downloads by one user within ${minutesText(d.minutes)}`, explanation: `${d.count} or more downloads by one user within ${minutesText(d.minutes)} (this analysis's threshold).` };
    }
    case 'AFTER_HOURS_SENSITIVE_CHANGE': {
      const h = settings?.businessHours;
      return h && { title: 'Sensitive change outside business hours', explanation: `A change to sensitive data or a high-risk table outside business hours (${businessHoursText(h)}${settings?.holidayCalendar && settings.holidayCalendar !== 'none' ? `, holidays of ${settings.holidayCalendar}` : ''}).` };
    }
    case 'SYSTEM_OPENED_FOR_CHANGES': {
      const hours = num(t.openingHours);
      return hours !== undefined ? { title: 'System or client opened for changes', explanation: `A system or client was made modifiable; the changes made while it was open (at most ${hours} hours) are counted.` } : undefined;
    }
    default: {
      // Every other pattern whose catalogue text names a threshold (MASS_PASSWORD_RESET,
      // MULTIPLE_LOGONS_BY_USER, BANK_CHANGE_THEN_PAYMENT …): the catalogue fills it in.
      let rule;
      try {
        rule = ruleOfPattern(pattern as PatternName, { ...DEFAULT_THRESHOLDS, ...(t as Partial<DetectionThresholds>) });
      } catch {
        return undefined;
      }
      const withDefaults = ruleOfPattern(pattern as PatternName);
      return rule?.summary && rule.summary !== withDefaults?.summary ? { title: rule.title, explanation: rule.summary } : undefined;
    }
  }
}

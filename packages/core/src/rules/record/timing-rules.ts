/**
 * TIME-OUTSIDE-HOURS and VOLUME-USER-DAY: their catalogue entries. The checks are those of
 * flags/change-timing.ts (every change record, in flag-record.ts) and flags/change-volume.ts (a
 * user-day over the limit, known once the whole analysis is: the report step).
 */

import type { HoursSetting, NumberSetting } from '../setting-spec.ts';
import { defineRecordRules } from './define-record-rules.ts';

/** Business hours (TIME-OUTSIDE-HOURS, and AFTER_HOURS_SENSITIVE_CHANGE through it). */
export const BUSINESS_HOURS = {
  key: 'businessHours',
  kind: 'hours',
  default: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
  label: 'Business hours',
  help: 'Changes outside these hours, or on a day not ticked, raise CHANGE_TIMING_FLAG',
} as const satisfies HoursSetting;

/** The settings this module's rules read (detection-settings.ts). */
export const TIMING_SETTINGS = [
  BUSINESS_HOURS,
  { key: 'changeVolume', kind: 'number', default: 50, min: 1, max: 100_000, label: 'Changes per user and day', unit: 'changes', help: 'More raise CHANGE_VOLUME_FLAG' },
] as const satisfies readonly (HoursSetting | NumberSetting)[];

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const TIMING_RULES = defineRecordRules([
  { id: 'TIME-OUTSIDE-HOURS', title: 'Change outside business hours', severity: 'medium', flag: 'CHANGE_TIMING_FLAG', reads: 'date and time of change records against business hours, weekdays and the holiday calendar', nextSteps: 'Check whether the change was planned (ticket, maintenance window) or unexpected.' },
  { id: 'VOLUME-USER-DAY', title: 'Many changes by one user in a day', severity: 'medium', flag: 'CHANGE_VOLUME_FLAG', reads: 'distinct CHANGENR and SM20 change events per user and calendar day', nextSteps: 'Check whether a mass change or migration was planned; otherwise review the changes made.' },
]);

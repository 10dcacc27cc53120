/**
 * TIME-OUTSIDE-HOURS and VOLUME-USER-DAY: their catalogue entries. The checks are those of
 * flags/change-timing.ts (every change record, in flag-record.ts) and flags/change-volume.ts (a
 * user-day over the limit, known once the whole analysis is: the report step).
 */

import { defineRecordRules } from './define-record-rules.ts';

/** The catalogue entries of this module's rules (DETECTION.md section 5). */
export const TIMING_RULES = defineRecordRules([
  { id: 'TIME-OUTSIDE-HOURS', title: 'Change outside business hours', severity: 'medium', flag: 'CHANGE_TIMING_FLAG', reads: 'date and time of change records against business hours, weekdays and the holiday calendar', nextSteps: 'Check whether the change was planned (ticket, maintenance window) or unexpected.' },
  { id: 'VOLUME-USER-DAY', title: 'Many changes by one user in a day', severity: 'medium', flag: 'CHANGE_VOLUME_FLAG', reads: 'distinct CHANGENR and SM20 change events per user and calendar day', nextSteps: 'Check whether a mass change or migration was planned; otherwise review the changes made.' },
]);

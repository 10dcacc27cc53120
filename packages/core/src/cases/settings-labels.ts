/**
 * The settings an analysis ran with, in words (DETECTION.md section 4: every output states them):
 * one table for the workbook's Summary sheet and the results page alike, so both say the same.
 * No Node module here: the web app imports it.
 */
import { WATCHLISTS } from '../lists/watchlist-table.ts';

/** Words for each threshold of the settings summary (DetectionThresholds). */
export const THRESHOLD_LABELS: Readonly<Record<string, string>> = {
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
export const LIST_LABELS: Readonly<Record<string, string>> = {
  highRiskTcodes: 'High-risk transactions',
  highRiskTables: 'High-risk tables',
  sensitiveFields: 'Sensitive fields',
  sensitiveObjectClasses: 'Sensitive object classes',
  events: 'Audit log events',
  ...Object.fromEntries(WATCHLISTS.map((l) => [l.key, l.title])),
};

/** "5 within 10 minutes", "10.0.0.0/8, 192.168.10.0/24", "none (UNEXPECTED_NETWORK_LOGON is off)". */
export function thresholdValueText(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.length ? value.map(String).join(', ') : name === 'networks' ? 'none (UNEXPECTED_NETWORK_LOGON is off)' : 'none';
  if (value && typeof value === 'object') {
    const { minutes, ...rest } = value as Record<string, unknown>;
    const counts = Object.values(rest).map(String).join(', ');
    return minutes === undefined ? counts : `${counts} within ${String(minutes)} minutes`;
  }
  return String(value);
}

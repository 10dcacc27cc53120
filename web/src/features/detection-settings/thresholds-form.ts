/**
 * Checks of the thresholds form before the call (the server checks the same), and the settings
 * file shared with the CLI's `--settings FILE.json` (DETECTION.md section 4).
 */
import { cidrProblem } from '@app/core/flags/networks.ts';
import type { DetectionThresholds } from './watchlist-api.ts';

export type ThresholdErrors = Partial<Record<'start' | 'end' | 'days' | 'numbers' | 'networks', string>>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const KEYS = ['businessHours', 'changeVolume', 'burst', 'bruteForceMinutes', 'massDownload', 'openingHours', 'passwordResets', 'sharedLogons', 'bankPaymentDays', 'networks'] as const;

export const WEEKDAYS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
  { value: 7, label: 'Sun' },
];

/** @example validateThresholds({ ...t, businessHours: { start: '19:00', end: '07:00', days: [1] } }).end // 'End must be after start' */
export function validateThresholds(t: DetectionThresholds): ThresholdErrors {
  const errors: ThresholdErrors = {};
  const { start, end, days } = t.businessHours;
  if (!HHMM.test(start)) errors.start = 'Enter a time HH:MM';
  if (!HHMM.test(end)) errors.end = 'Enter a time HH:MM';
  else if (!errors.start && start >= end) errors.end = 'End must be after start';
  if (days.length === 0) errors.days = 'Choose at least one working day';
  const numbers = [
    t.changeVolume, t.burst.count, t.burst.minutes, t.bruteForceMinutes, t.massDownload.count, t.massDownload.minutes, t.openingHours,
    t.passwordResets.count, t.passwordResets.minutes, t.sharedLogons.addresses, t.sharedLogons.minutes, t.bankPaymentDays,
  ];
  if (numbers.some((n) => !Number.isInteger(n) || n < 1)) errors.numbers = 'Every number must be a whole number of at least 1';
  const problem = t.networks.map(cidrProblem).find((p) => p !== undefined);
  if (problem) errors.networks = problem;
  return errors;
}

/** The networks field: one CIDR range per line (or separated by commas), blanks left out. */
export function networksFromText(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The JSON the export writes: the CLI reads the same file with `--settings`. */
export function thresholdsToJson(t: DetectionThresholds): string {
  return JSON.stringify(Object.fromEntries(KEYS.map((k) => [k, t[k]])), null, 2) + '\n';
}

/**
 * Reads a settings file over the current thresholds: keys it has replace, others stay, `timeZone`
 * (a per-user setting) and unknown keys are ignored. Throws an Error with a message to show.
 */
export function readThresholdsFile(text: string, current: DetectionThresholds): DetectionThresholds {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The file is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('The file must hold one JSON object of settings');
  const source = parsed as Record<string, unknown>;
  const found = KEYS.filter((k) => k in source);
  if (found.length === 0) throw new Error(`The file names none of the settings ${KEYS.join(', ')}`);
  const next = structuredClone(current);
  for (const key of found) (next as unknown as Record<string, unknown>)[key] = source[key];
  return next;
}

/**
 * Checks of the thresholds form before the call (the server checks the same), and the settings
 * file shared with the CLI's `--settings FILE.json` (DETECTION.md section 4). The settings and
 * their bounds are those the rule modules declare (`@app/core/rules/detection-settings.ts`).
 */
import { DETECTION_SETTINGS, SETTING_KEYS } from '@app/core/rules/detection-settings.ts';
import type { NumberField, RuleSetting } from '@app/core/rules/setting-spec.ts';
import { cidrProblem } from '@app/core/flags/networks.ts';
import type { DetectionThresholds } from './watchlist-api.ts';

/** Problems by place: start, end, days (business hours), numbers (all counts), or a list setting's key. */
export type ThresholdErrors = Partial<Record<string, string>>;

export { DETECTION_SETTINGS };

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const WEEKDAYS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
  { value: 4, label: 'Thu' },
  { value: 5, label: 'Fri' },
  { value: 6, label: 'Sat' },
  { value: 7, label: 'Sun' },
];

/** One number input of the form: where its value sits and what its declaration says. */
export interface NumberInputSpec {
  key: string;
  /** The field of a setting of several numbers; undefined for a one-number setting. */
  field?: string;
  spec: NumberField;
}

/** The number inputs of the form, in the order the settings are declared. */
export function numberInputs(settings: readonly RuleSetting[] = DETECTION_SETTINGS): NumberInputSpec[] {
  return settings.flatMap((s): NumberInputSpec[] => {
    if (s.kind === 'number') return [{ key: s.key, spec: s }];
    if (s.kind === 'numbers') return Object.entries(s.fields).map(([field, spec]) => ({ key: s.key, field, spec }));
    return [];
  });
}

/** The value of a number input in a thresholds object. */
export function numberAt(t: DetectionThresholds, input: NumberInputSpec): number {
  const v = (t as unknown as Record<string, unknown>)[input.key];
  return input.field === undefined ? (v as number) : (v as Record<string, number>)[input.field]!;
}

/** Sets a number input's value in a thresholds object (a copy the form owns). */
export function setNumberAt(t: DetectionThresholds, input: NumberInputSpec, value: number): void {
  const o = t as unknown as Record<string, unknown>;
  if (input.field === undefined) o[input.key] = value;
  else (o[input.key] as Record<string, number>)[input.field] = value;
}

/** @example validateThresholds({ ...t, businessHours: { start: '19:00', end: '07:00', days: [1] } }).end // 'End must be after start' */
export function validateThresholds(t: DetectionThresholds): ThresholdErrors {
  const errors: ThresholdErrors = {};
  for (const s of DETECTION_SETTINGS) {
    const v = (t as unknown as Record<string, unknown>)[s.key];
    if (s.kind === 'hours') {
      const { start, end, days } = v as DetectionThresholds['businessHours'];
      if (!HHMM.test(start)) errors.start = 'Enter a time HH:MM';
      if (!HHMM.test(end)) errors.end = 'Enter a time HH:MM';
      else if (!errors.start && start >= end) errors.end = 'End must be after start';
      if (days.length === 0) errors.days = 'Choose at least one working day';
    } else if (s.kind === 'cidrs') {
      const problem = (v as string[]).map(cidrProblem).find((p) => p !== undefined);
      if (problem) errors[s.key] = problem;
      else if ((v as string[]).length > s.max) errors[s.key] = `At most ${s.max} ranges`;
    }
  }
  for (const input of numberInputs()) {
    const n = numberAt(t, input);
    if (!Number.isInteger(n) || n < 1) errors.numbers = 'Every number must be a whole number of at least 1';
    else if (n < input.spec.min || n > input.spec.max) errors.numbers ??= `${input.spec.label}: must be ${input.spec.min} to ${input.spec.max}`;
  }
  return errors;
}

/** A list field: one entry per line (or separated by commas), blanks left out. */
export function networksFromText(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** The JSON the export writes: the CLI reads the same file with `--settings`. */
export function thresholdsToJson(t: DetectionThresholds): string {
  return JSON.stringify(Object.fromEntries(SETTING_KEYS.map((k) => [k, (t as unknown as Record<string, unknown>)[k]])), null, 2) + '\n';
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
  const found = SETTING_KEYS.filter((k) => k in source);
  if (found.length === 0) throw new Error(`The file names none of the settings ${SETTING_KEYS.join(', ')}`);
  const next = structuredClone(current);
  for (const key of found) (next as unknown as Record<string, unknown>)[key] = source[key];
  return next;
}

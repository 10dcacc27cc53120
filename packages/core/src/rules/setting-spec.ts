/**
 * A detection setting as the rule module that reads it declares it (DETECTION.md section 4): its key
 * in the settings file, its default, its bounds and the words the thresholds screen shows. The
 * settings type, the defaults, the checks of the CLI's `--settings` file and of the API, and the
 * thresholds form all derive from these declarations (detection-settings.ts), so a new threshold is
 * an edit of its module only.
 */
import { cidrProblem } from '../flags/networks.ts';

/** One whole number of a setting. */
export interface NumberField {
  readonly default: number;
  readonly min: number;
  readonly max: number;
  /** The form's label, e.g. "Failed logons per burst". */
  readonly label: string;
  /** What is counted, e.g. "minutes", "days", "users". */
  readonly unit?: string;
  /** The form's help line (the default is added to it). */
  readonly help?: string;
}

/** A setting of one whole number (`"bankPaymentDays": 7`). */
export interface NumberSetting extends NumberField {
  readonly key: string;
  readonly kind: 'number';
}

/** A setting of named whole numbers (`"burst": { "count": 5, "minutes": 10 }`), in the order the form shows them. */
export interface NumbersSetting {
  readonly key: string;
  readonly kind: 'numbers';
  readonly fields: { readonly [name: string]: NumberField };
}

/** A list of CIDR ranges (`"networks": ["10.0.0.0/8"]`). */
export interface CidrsSetting {
  readonly key: string;
  readonly kind: 'cidrs';
  readonly default: readonly string[];
  readonly max: number;
  readonly label: string;
  /** The heading of its part of the form. */
  readonly title?: string;
  readonly help?: string;
  readonly placeholder?: string;
}

/** Business hours: start and end "HH:MM" (end exclusive) and weekdays (Monday = 1). */
export interface HoursSetting {
  readonly key: string;
  readonly kind: 'hours';
  readonly default: { readonly start: string; readonly end: string; readonly days: readonly number[] };
  readonly label: string;
  readonly help?: string;
}

export type RuleSetting = NumberSetting | NumbersSetting | CidrsSetting | HoursSetting;

/** The value type of a setting. */
export type SettingValue<S> = S extends { kind: 'number' }
  ? number
  : S extends { kind: 'numbers'; fields: infer F }
    ? { [K in keyof F]: number }
    : S extends { kind: 'cidrs' }
      ? string[]
      : S extends { kind: 'hours' }
        ? { start: string; end: string; days: number[] }
        : never;

/** The settings object of a union of declared settings: `{ [key]: value }`. */
export type SettingsOf<S extends RuleSetting> = { [T in S as T['key']]: SettingValue<T> };

/** The default value of a setting (a fresh copy). */
export function defaultOf(s: RuleSetting): unknown {
  switch (s.kind) {
    case 'number':
      return s.default;
    case 'numbers':
      return Object.fromEntries(Object.entries(s.fields).map(([name, f]) => [name, f.default]));
    case 'cidrs':
      return [...s.default];
    case 'hours':
      return { start: s.default.start, end: s.default.end, days: [...s.default.days] };
  }
}

/** A problem of a settings value: where (below the setting's key) and what, in the API's words. */
export interface SettingProblem {
  path: (string | number)[];
  message: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function numberProblem(v: unknown, min: number, max: number): string | undefined {
  if (typeof v !== 'number' || Number.isNaN(v)) return 'must be a number';
  if (!Number.isInteger(v)) return 'must be a whole number';
  if (v < min) return `must be at least ${min}`;
  if (v > max) return `must be at most ${max}`;
  return undefined;
}

function unknownKey(v: Record<string, unknown>, known: readonly string[]): SettingProblem | undefined {
  const extra = Object.keys(v).find((k) => !known.includes(k));
  return extra === undefined ? undefined : { path: [], message: `Unrecognized key: "${extra}"` };
}

/**
 * Checks one setting's value; gives the value to keep (weekdays sorted) or the first problem.
 * @example checkSetting({ key: 'd', kind: 'number', default: 7, min: 1, max: 366, label: 'Days' }, 0) // { problem: { path: [], message: 'must be at least 1' } }
 */
export function checkSetting(s: RuleSetting, v: unknown): { value: unknown } | { problem: SettingProblem } {
  const fail = (message: string, path: (string | number)[] = []) => ({ problem: { path, message } });
  switch (s.kind) {
    case 'number': {
      const m = numberProblem(v, s.min, s.max);
      return m ? fail(m) : { value: v };
    }
    case 'numbers': {
      const names = Object.keys(s.fields);
      if (!isObject(v)) return fail(`must be an object of ${names.join(' and ')}`);
      const extra = unknownKey(v, names);
      if (extra) return { problem: extra };
      for (const name of names) {
        const f = s.fields[name]!;
        const m = v[name] === undefined ? 'is required' : numberProblem(v[name], f.min, f.max);
        if (m) return fail(m, [name]);
      }
      return { value: Object.fromEntries(names.map((n) => [n, v[n]])) };
    }
    case 'cidrs': {
      if (!Array.isArray(v)) return fail('must be a list of CIDR ranges such as 10.0.0.0/8');
      if (v.length > s.max) return fail(`must have at most ${s.max} ranges`);
      for (let i = 0; i < v.length; i++) {
        const r = v[i];
        if (typeof r !== 'string') return fail('must be a CIDR range such as 10.0.0.0/8', [i]);
        const problem = cidrProblem(r);
        if (problem) return fail(problem, [i]);
      }
      return { value: [...v] };
    }
    case 'hours': {
      if (!isObject(v)) return fail('must be an object of start, end and days');
      const extra = unknownKey(v, ['start', 'end', 'days']);
      if (extra) return { problem: extra };
      for (const k of ['start', 'end'] as const) {
        if (typeof v[k] !== 'string' || !HHMM.test(v[k])) return fail('must be a time HH:MM between 00:00 and 23:59', [k]);
      }
      const days = v.days;
      if (!Array.isArray(days)) return fail('must be a list of weekdays (Monday = 1 … Sunday = 7)', ['days']);
      for (let i = 0; i < days.length; i++) {
        const m = numberProblem(days[i], 1, 7);
        if (m) return fail(m, ['days', i]);
      }
      if (days.length === 0) return fail('must name at least one weekday', ['days']);
      if (new Set(days).size !== days.length) return fail('must not repeat a weekday', ['days']);
      if ((v.start as string) >= (v.end as string)) return fail('start must be before end', ['end']);
      return { value: { start: v.start, end: v.end, days: [...(days as number[])].sort((a, b) => a - b) } };
    }
  }
}

/**
 * The detection settings (DETECTION.md section 4) as one registry: the settings the record-rule
 * modules and the pattern modules declare (setting-spec.ts). The settings type, the defaults, the
 * checks of the CLI's `--settings` file and of the API (checkThresholds), and the web app's
 * thresholds form derive from it; a new threshold is an edit of the module that reads it.
 */
import { PATTERN_LIST } from './pattern/pattern-list.ts';
import { TIMING_SETTINGS } from './record/timing-rules.ts';
import { checkSetting, defaultOf, type RuleSetting, type SettingProblem, type SettingsOf } from './setting-spec.ts';

/** A declared setting whose key is known to the type (a pattern without settings declares none). */
type Declared<S> = S extends { key: infer K } ? (string extends K ? never : S) : never;
type DeclaredSetting = Declared<(typeof TIMING_SETTINGS)[number] | (typeof PATTERN_LIST)[number]['settings'][number]>;

/** The numbers and lists the rules use, one key per declared setting. */
export type DetectionThresholds = SettingsOf<DeclaredSetting>;

/** Every declared setting: the record rules' first, then the patterns' in the order of the pattern list. */
export const DETECTION_SETTINGS: readonly RuleSetting[] = Object.freeze([...TIMING_SETTINGS, ...PATTERN_LIST.flatMap((p): readonly RuleSetting[] => p.settings)]);

/** The keys of the settings file (without `timeZone`, a per-user setting). */
export const SETTING_KEYS: readonly string[] = DETECTION_SETTINGS.map((s) => s.key);

function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

export const DEFAULT_THRESHOLDS: DetectionThresholds = deepFreeze(Object.fromEntries(DETECTION_SETTINGS.map((s) => [s.key, defaultOf(s)]))) as DetectionThresholds;

/** Thresholds with every key present: a snapshot or file saved before a key existed reads its default. */
export function completeThresholds(t: Partial<DetectionThresholds> | undefined): DetectionThresholds {
  return t === undefined ? DEFAULT_THRESHOLDS : { ...DEFAULT_THRESHOLDS, ...t };
}

/** A problem of a settings object, its path from the top (`burst.count`). */
export type ThresholdsProblem = SettingProblem;

/**
 * Checks a settings object as the CLI's `--settings` file and the API's PUT give it: every key
 * optional (a key left out keeps its value), unknown keys refused. Gives the checked keys or the
 * first problem, in the API's words.
 * @example checkThresholds({ burst: { count: 1, minutes: 10 } }) // { problem: { path: ['burst', 'count'], message: 'must be at least 2' } }
 */
export function checkThresholds(input: unknown): { value: Partial<DetectionThresholds> } | { problem: ThresholdsProblem } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { problem: { path: [], message: 'must be an object of settings' } };
  const source = input as Record<string, unknown>;
  const extra = Object.keys(source).find((k) => !SETTING_KEYS.includes(k));
  if (extra !== undefined) return { problem: { path: [], message: `Unrecognized key: "${extra}"` } };
  const value: Record<string, unknown> = {};
  for (const s of DETECTION_SETTINGS) {
    if (source[s.key] === undefined) continue;
    const r = checkSetting(s, source[s.key]);
    if ('problem' in r) return { problem: { path: [s.key, ...r.problem.path], message: r.problem.message } };
    value[s.key] = r.value;
  }
  return { value: value as Partial<DetectionThresholds> };
}

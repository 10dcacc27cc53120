import { readFile } from 'node:fs/promises';
import { isValidTimeZone } from '@app/core/formats/time-zone.ts';
import { checkThresholds, completeThresholds, type DetectionThresholds } from '@app/core';
import { UsageError } from './parse-args.ts';

export interface CliSettings {
  thresholds: DetectionThresholds;
  timeZone: string;
}

/** Reads and validates a settings file; a missing key keeps its default. Throws UsageError with the key at fault. */
export async function readSettingsFile(path: string): Promise<CliSettings> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    throw new UsageError(`--settings ${path}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `not valid JSON (${(e as Error).message})`}`);
  }
  return parseSettings(json, path);
}

/**
 * The keys of `--settings FILE.json` (DETECTION.md section 4) are the detection settings the rule
 * modules declare (checked by core's checkThresholds, as the API checks them) and `timeZone`;
 * every key optional, nothing else allowed.
 */
export function parseSettings(json: unknown, path = 'settings'): CliSettings {
  const fail = (at: (string | number)[], message: string) => new UsageError(`--settings ${path}: ${at.length > 0 ? at.join('.') : '(top level)'}: ${message}`);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw fail([], 'expected a JSON object of settings');
  const { timeZone, ...rest } = json as Record<string, unknown>;
  if (timeZone !== undefined && (typeof timeZone !== 'string' || !isValidTimeZone(timeZone))) throw fail(['timeZone'], 'not an IANA time zone (e.g. UTC, Europe/Berlin)');
  const checked = checkThresholds(rest);
  if ('problem' in checked) throw fail(checked.problem.path, checked.problem.message);
  return { thresholds: completeThresholds(checked.value), timeZone: (timeZone as string | undefined) ?? 'UTC' };
}

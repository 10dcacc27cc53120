import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { isValidTimeZone } from '@app/core/formats/time-zone.ts';
import { DEFAULT_THRESHOLDS, type DetectionThresholds } from '@app/core';
import { cidrProblem } from '@app/core/flags/networks.ts';
import { UsageError } from './parse-args.ts';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected "HH:MM" (24-hour clock)');
const count = z.number().int().positive();

/** The keys of `--settings FILE.json` (DETECTION.md section 4); every key optional, nothing else allowed. */
export const SETTINGS_SCHEMA = z
  .object({
    businessHours: z
      .object({ start: hhmm, end: hhmm, days: z.array(z.number().int().min(1).max(7)).min(1) })
      .strict()
      .refine((h) => h.start < h.end, { message: 'start must be before end' }),
    changeVolume: count,
    burst: z.object({ count, minutes: count }).strict(),
    bruteForceMinutes: count,
    massDownload: z.object({ count, minutes: count }).strict(),
    openingHours: count,
    passwordResets: z.object({ count, minutes: count }).strict(),
    sharedLogons: z.object({ addresses: z.number().int().min(2), minutes: count }).strict(),
    bankPaymentDays: count,
    networks: z.array(z.string().superRefine((v, c) => {
      const problem = cidrProblem(v);
      if (problem) c.addIssue({ code: 'custom', message: problem });
    })),
    timeZone: z.string().refine(isValidTimeZone, { message: 'not an IANA time zone (e.g. UTC, Europe/Berlin)' }),
  })
  .partial()
  .strict();

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

export function parseSettings(json: unknown, path = 'settings'): CliSettings {
  const parsed = SETTINGS_SCHEMA.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? issue.path.join('.') : '(top level)';
    throw new UsageError(`--settings ${path}: ${at}: ${issue.message}`);
  }
  const s = parsed.data;
  const thresholds: DetectionThresholds = {
    businessHours: s.businessHours ?? DEFAULT_THRESHOLDS.businessHours,
    changeVolume: s.changeVolume ?? DEFAULT_THRESHOLDS.changeVolume,
    burst: s.burst ?? DEFAULT_THRESHOLDS.burst,
    bruteForceMinutes: s.bruteForceMinutes ?? DEFAULT_THRESHOLDS.bruteForceMinutes,
    massDownload: s.massDownload ?? DEFAULT_THRESHOLDS.massDownload,
    openingHours: s.openingHours ?? DEFAULT_THRESHOLDS.openingHours,
    passwordResets: s.passwordResets ?? DEFAULT_THRESHOLDS.passwordResets,
    sharedLogons: s.sharedLogons ?? DEFAULT_THRESHOLDS.sharedLogons,
    bankPaymentDays: s.bankPaymentDays ?? DEFAULT_THRESHOLDS.bankPaymentDays,
    networks: s.networks ?? DEFAULT_THRESHOLDS.networks,
  };
  return { thresholds, timeZone: s.timeZone ?? 'UTC' };
}

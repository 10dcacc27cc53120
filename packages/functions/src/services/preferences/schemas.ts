/**
 * Per-user preference types, their zod schemas and defaults. `ai_settings` is the spec's AI
 * Analysis Settings panel; `holiday_calendar` feeds CHANGE_TIMING_FLAG (DECISIONS.md, further 3).
 */
import { createHolidayChecker } from '@app/core/holidays/index.ts';
import { z } from 'zod';

export const PREFERENCE_TYPES = ['ai_settings', 'holiday_calendar'] as const;
export type PreferenceType = (typeof PREFERENCE_TYPES)[number];

export const PROMPT_MAX = 2000;
/** Cheapest Haiku model (spec section 3: the default, "most cost-efficient"). */
export const DEFAULT_AI_MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';
export const PROMPT_FILE_TYPES = ['SYSAID', 'SM20', 'CDHDR', 'CDPOS', 'DEFAULT'] as const;

const prompt = z.string().max(PROMPT_MAX, `Prompts are limited to ${PROMPT_MAX} characters`);

export const aiSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    model: z.string().min(1).max(200).default(DEFAULT_AI_MODEL),
    fileTypePrompts: z.partialRecord(z.enum(PROMPT_FILE_TYPES), prompt).default({}),
    globalPrompt: prompt.default(''),
    promptTemplate: z.enum(['security', 'compliance', 'anomaly', 'custom']).default('security'),
    useFileTypePrompts: z.boolean().default(true),
    targetColumns: z.array(z.string().min(1).max(100)).max(100).default([]),
    outputColumn: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z][A-Za-z0-9_ ]*$/, 'outputColumn must start with a letter and hold only letters, digits, spaces and _')
      .default('AI_Analysis'),
  })
  .strict();
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const DEFAULT_TIME_ZONE = 'UTC';
const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** The canonical name of an IANA time zone (`europe/berlin` → `Europe/Berlin`), or undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  if (name.length > 64 || !TIME_ZONE_NAME.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** An IANA time zone name such as Europe/Berlin or UTC; offsets like +01:00 are refused (no daylight saving). */
export const timeZoneSchema = z.string().transform((name, ctx) => {
  const canonical = canonicalTimeZone(name.trim());
  if (!canonical) {
    ctx.addIssue({ code: 'custom', message: `timeZone "${name.slice(0, 64)}" is not an IANA time zone such as Europe/Berlin or UTC` });
    return z.NEVER;
  }
  return canonical;
});

export const holidayCalendarSchema = z
  .object({
    country: z.string().regex(/^[A-Za-z]{2}$/, 'country must be a two-letter ISO code such as US or DE').transform((c) => c.toUpperCase()),
    region: z.string().regex(/^[A-Za-z0-9]{1,10}$/, 'region must be a code such as BY or CA').transform((r) => r.toUpperCase()).optional(),
    timeZone: timeZoneSchema.default(DEFAULT_TIME_ZONE),
  })
  .strict()
  .superRefine((cal, ctx) => {
    try {
      createHolidayChecker(cal);
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: (e as Error).message });
    }
  });
export type HolidayCalendarPreference = z.infer<typeof holidayCalendarSchema>;

export const PREFERENCE_SCHEMAS = {
  ai_settings: aiSettingsSchema,
  holiday_calendar: holidayCalendarSchema,
} as const;

export const PREFERENCE_DEFAULTS: { ai_settings: AiSettings; holiday_calendar: HolidayCalendarPreference } = {
  ai_settings: aiSettingsSchema.parse({}),
  holiday_calendar: { country: 'US', timeZone: DEFAULT_TIME_ZONE },
};

export function isPreferenceType(value: string): value is PreferenceType {
  return (PREFERENCE_TYPES as readonly string[]).includes(value);
}
